/** `@latchkey/core/providers/atlassian` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/atlassian"
export { default } from "@latchkey/core/providers/atlassian"
