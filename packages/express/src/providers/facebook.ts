/** `@latchkey/core/providers/facebook` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/facebook"
export { default } from "@latchkey/core/providers/facebook"
