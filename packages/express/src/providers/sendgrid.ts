/** `@latchkey/core/providers/sendgrid` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/sendgrid"
export { default } from "@latchkey/core/providers/sendgrid"
