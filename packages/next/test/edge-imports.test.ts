/**
 * `export { auth as middleware }` must load on Next's Edge runtime (Next 15's
 * default for middleware.js), which offers no `node:*` modules but
 * `node:buffer`, `node:events`, `node:async_hooks`, `node:assert` and `node:util`.
 * The built entry is bundled as Next bundles it for Edge (the "edge-light",
 * "worker" and "browser" export conditions, Next's own modules left to Next)
 * and every import left outside the bundle is checked.
 */
import { builtinModules } from "node:module"
import { fileURLToPath } from "node:url"
import { rolldown } from "rolldown"
import { describe, expect, it } from "vitest"

const ENTRY = fileURLToPath(new URL("../dist/index.js", import.meta.url))
/** Node built-ins the Edge runtime provides (Next.js docs, "Edge Runtime": Node.js API support). */
const EDGE_NODE_MODULES = new Set(["buffer", "events", "async_hooks", "assert", "util"])
const NODE_BUILTINS = new Set(builtinModules)

/** The module specifiers the bundle of `entry` still imports. */
async function importsLeftOutside(entry: string): Promise<string[]> {
  const outside = new Set<string>()
  const bundle = await rolldown({
    input: entry,
    platform: "neutral",
    resolve: { conditionNames: ["edge-light", "worker", "browser", "import", "default"], mainFields: ["module", "main"] },
    external: (id) => {
      // Next supplies its own modules (and React) to the middleware bundle.
      const isNext = /^(next|react|react-dom)(\/|$)/.test(id)
      const isBuiltin = id.startsWith("node:") || NODE_BUILTINS.has(id.split("/")[0] as string)
      if (isBuiltin) outside.add(id)
      return isNext || isBuiltin
    },
    logLevel: "silent",
  })
  await bundle.generate({ format: "esm" })
  await bundle.close()
  return [...outside].sort()
}

describe("@latchkey/next on the Edge runtime", () => {
  it("its main entry (NextAuth, auth as middleware or proxy) imports no Node module that Edge lacks", async () => {
    const imported = await importsLeftOutside(ENTRY)
    const unavailable = imported.filter((id) => !EDGE_NODE_MODULES.has(id.replace(/^node:/, "")))
    expect(unavailable).toEqual([])
  }, 60_000)
})
