/** `@latchkey/core/providers/twitter` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/twitter"
export { default } from "@latchkey/core/providers/twitter"
