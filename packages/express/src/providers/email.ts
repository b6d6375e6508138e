/** `@latchkey/core/providers/email` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/email"
export { default } from "@latchkey/core/providers/email"
