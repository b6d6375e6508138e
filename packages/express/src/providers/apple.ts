/** `@latchkey/core/providers/apple` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/apple"
export { default } from "@latchkey/core/providers/apple"
