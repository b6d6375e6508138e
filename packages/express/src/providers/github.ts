/** `@latchkey/core/providers/github` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/github"
export { default } from "@latchkey/core/providers/github"
