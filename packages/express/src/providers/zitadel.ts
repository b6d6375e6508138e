/** `@latchkey/core/providers/zitadel` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/zitadel"
export { default } from "@latchkey/core/providers/zitadel"
