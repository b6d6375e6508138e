/** `@latchkey/core/providers/passkey` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/passkey"
export { default } from "@latchkey/core/providers/passkey"
