/**
 * `@latchkey/next/jwt`: `@latchkey/core/jwt` (`encode`, `decode`, `getToken`),
 * as `next-auth/jwt` re-exports `@auth/core/jwt`.
 * @module
 */
export * from "@latchkey/core/jwt"
