/** `@latchkey/core/providers/resend` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/resend"
export { default } from "@latchkey/core/providers/resend"
