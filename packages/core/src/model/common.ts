/**
 * Helper types the data model is written with, as `@auth/core/types` 0.41
 * declares them.
 */

/** A value or a promise of it. */
export type Awaitable<T> = T | PromiseLike<T>

/**
 * The value a promise resolves to (one level), as `@auth/core/types` exports
 * it. Prefer TypeScript's global `Awaited`, which unwraps nested promises.
 */
export type Awaited<T> = T extends Promise<infer U> ? U : T

/** A version string `v<n>`, `v<n>.<n>` or `v<n>.<n>.<n>` (as `@auth/core/types` declares it). */
export type SemverString = `v${number}` | `v${number}.${number}` | `v${number}.${number}.${number}`
