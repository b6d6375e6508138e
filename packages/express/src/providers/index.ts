/** `@latchkey/core/providers` under the name `@auth/express` users import it by. */
export * from "@latchkey/core/providers"
