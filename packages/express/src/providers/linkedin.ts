/** `@latchkey/core/providers/linkedin` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/linkedin"
export { default } from "@latchkey/core/providers/linkedin"
