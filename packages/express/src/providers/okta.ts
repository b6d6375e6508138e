/** `@latchkey/core/providers/okta` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/okta"
export { default } from "@latchkey/core/providers/okta"
