/** `@latchkey/core/providers/discord` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/discord"
export { default } from "@latchkey/core/providers/discord"
