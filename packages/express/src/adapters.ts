/** `@latchkey/core/adapters` (the `Adapter` contract and its types) under the name `@auth/express/adapters` users import it by. */
export * from "@latchkey/core/adapters"
