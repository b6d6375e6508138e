/** `@latchkey/core/providers/nodemailer` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/nodemailer"
export { default } from "@latchkey/core/providers/nodemailer"
