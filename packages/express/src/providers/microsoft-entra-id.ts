/** `@latchkey/core/providers/microsoft-entra-id` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/microsoft-entra-id"
export { default } from "@latchkey/core/providers/microsoft-entra-id"
