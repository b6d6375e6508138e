/** `@latchkey/core/providers/credentials` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/credentials"
export { default } from "@latchkey/core/providers/credentials"
