/**
 * `@latchkey/next/next`: `next-auth` 4's `getServerSession` entry, which
 * `next-auth` 5 removed. Importing it fails with the same guidance: call
 * `auth()` from your `auth.ts`.
 * @module
 */
throw new ReferenceError(
  '"@latchkey/next/next" (next-auth 4\'s getServerSession) does not exist in next-auth 5 or Latchkey: call `auth()` from your auth.ts. See docs/integrations/next.md.',
)
