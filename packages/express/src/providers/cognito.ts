/** `@latchkey/core/providers/cognito` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/cognito"
export { default } from "@latchkey/core/providers/cognito"
