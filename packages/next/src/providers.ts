/**
 * `@latchkey/next/providers`: the provider types, as `next-auth/providers`
 * (a types-only entry there) gives them. Each provider is at
 * `@latchkey/next/providers/<id>`, e.g. `@latchkey/next/providers/github`.
 * @module
 */
export * from "@latchkey/core/providers"
