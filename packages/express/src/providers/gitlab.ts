/** `@latchkey/core/providers/gitlab` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/gitlab"
export { default } from "@latchkey/core/providers/gitlab"
