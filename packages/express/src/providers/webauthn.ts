/** `@latchkey/core/providers/webauthn` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/webauthn"
export { default } from "@latchkey/core/providers/webauthn"
