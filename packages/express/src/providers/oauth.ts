/** `@latchkey/core/providers/oauth` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers/oauth"
