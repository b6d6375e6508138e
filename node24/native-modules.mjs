/**
 * Loaded with `--import` by scripts/test-node24.mjs in every process of the
 * Node 24 test run. The root's better-sqlite3 is 12, built for the Node 20
 * that runs `npm test`; on Node 24 a 12 aborts the process when its
 * statements are collected at exit (Node 24's ObjectWrap removes a cleanup
 * hook from an environment already gone), and 13, which fixes it, needs Node
 * 22. So every load of it (import or require, by name or by file URL) goes to
 * the 13 installed here: what an app on Node 24 should run.
 */
import { registerHooks } from "node:module"

const rootCopy = new URL("../node_modules/better-sqlite3/", import.meta.url).href
const fromHere = new URL("./package.json", import.meta.url).href

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context)
    if (!resolved.url.startsWith(rootCopy)) return resolved
    return nextResolve("better-sqlite3", { ...context, parentURL: fromHere })
  },
})
