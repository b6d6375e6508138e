/** `@latchkey/core/providers/auth0` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/auth0"
export { default } from "@latchkey/core/providers/auth0"
