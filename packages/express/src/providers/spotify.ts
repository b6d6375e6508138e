/** `@latchkey/core/providers/spotify` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/spotify"
export { default } from "@latchkey/core/providers/spotify"
