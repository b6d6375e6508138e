/** `@latchkey/core/providers/authentik` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/authentik"
export { default } from "@latchkey/core/providers/authentik"
