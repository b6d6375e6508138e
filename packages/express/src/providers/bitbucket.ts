/** `@latchkey/core/providers/bitbucket` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/bitbucket"
export { default } from "@latchkey/core/providers/bitbucket"
