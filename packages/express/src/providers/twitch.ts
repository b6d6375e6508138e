/** `@latchkey/core/providers/twitch` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/twitch"
export { default } from "@latchkey/core/providers/twitch"
