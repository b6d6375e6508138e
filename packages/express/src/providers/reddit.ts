/** `@latchkey/core/providers/reddit` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/reddit"
export { default } from "@latchkey/core/providers/reddit"
