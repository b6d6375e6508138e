/** `@latchkey/core/providers/keycloak` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/keycloak"
export { default } from "@latchkey/core/providers/keycloak"
