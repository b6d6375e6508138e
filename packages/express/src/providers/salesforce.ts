/** `@latchkey/core/providers/salesforce` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/salesforce"
export { default } from "@latchkey/core/providers/salesforce"
