/** `@latchkey/core/providers/zoom` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/zoom"
export { default } from "@latchkey/core/providers/zoom"
