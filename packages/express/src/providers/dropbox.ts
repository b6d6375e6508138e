/** `@latchkey/core/providers/dropbox` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/dropbox"
export { default } from "@latchkey/core/providers/dropbox"
