/**
 * `@latchkey/next/adapters`: the adapter contract types (`Adapter`,
 * `AdapterUser`, …), as `next-auth/adapters` re-exports `@auth/core/adapters`.
 * @module
 */
export * from "@latchkey/core/adapters"
