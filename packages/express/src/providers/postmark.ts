/** `@latchkey/core/providers/postmark` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/postmark"
export { default } from "@latchkey/core/providers/postmark"
