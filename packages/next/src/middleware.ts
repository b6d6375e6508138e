/**
 * `@latchkey/next/middleware`: `next-auth` 4's `withAuth` entry, which
 * `next-auth` 5 removed. Importing it fails with the same guidance: use
 * `export { auth as middleware }` (or `proxy`) from your `auth.ts`.
 * @module
 */
throw new ReferenceError(
  '"@latchkey/next/middleware" (next-auth 4\'s withAuth) does not exist in next-auth 5 or Latchkey: export `auth` from your auth.ts as `middleware` (or `proxy` in Next 16). See docs/integrations/next.md.',
)
