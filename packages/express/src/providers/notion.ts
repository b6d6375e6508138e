/** `@latchkey/core/providers/notion` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/notion"
export { default } from "@latchkey/core/providers/notion"
