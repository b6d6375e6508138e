/** `@latchkey/core/providers/slack` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/slack"
export { default } from "@latchkey/core/providers/slack"
