/** `@latchkey/core/providers/mailgun` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/mailgun"
export { default } from "@latchkey/core/providers/mailgun"
