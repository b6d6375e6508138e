/** `@latchkey/core/providers/google` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/google"
export { default } from "@latchkey/core/providers/google"
