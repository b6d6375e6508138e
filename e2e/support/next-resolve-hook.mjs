// A module resolution hook for importing Next.js integrations in plain Node:
// `next` has no `exports` map, so the bare `next/headers`, `next/server` and
// `next/navigation` that next-auth and @latchkey/next import (as Next's bundler
// wants them) only resolve in Node with their `.js` file name.
const NEXT_ENTRY = /^next\/(headers|server|navigation)$/

export async function resolve(specifier, context, nextResolve) {
  return nextResolve(NEXT_ENTRY.test(specifier) ? `${specifier}.js` : specifier, context)
}
