/**
 * Every runtime export and subpath of the installed `@hono/auth-js` 1.1.1
 * (compat/, `npm run compat:install`) exists in @latchkey/hono with the
 * same kind (function, object, …), so changing the import is the whole
 * migration. Read from the package itself, not from a list written here.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { describe, expect, it } from "vitest"

const compat = fileURLToPath(new URL("../../../compat/", import.meta.url))
const counterpartRoot = join(compat, "node_modules", "@hono", "auth-js")
const counterpartManifest = JSON.parse(readFileSync(join(counterpartRoot, "package.json"), "utf8")) as {
  version: string
  exports: Record<string, { import: { default: string } }>
}
const fromCompat = createRequire(join(compat, "package.json"))

/** Our module for a subpath of the counterpart (`.` → the package, `./react` → `@latchkey/hono/react`). */
const ours: Record<string, () => Promise<Record<string, unknown>>> = {
  ".": () => import("../src/index.js"),
  "./react": () => import("../src/react/index.js"),
}

function kinds(module: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(module).map(([name, value]) => [name, typeof value]))
}

describe("@hono/auth-js's exports in @latchkey/hono", () => {
  it("compares against @hono/auth-js 1.1.1", () => {
    expect(counterpartManifest.version).toBe("1.1.1")
    expect(fromCompat.resolve("@hono/auth-js")).toContain(counterpartRoot)
  })

  it("has every subpath the counterpart exports", () => {
    const subpaths = Object.keys(counterpartManifest.exports).filter((key) => key !== "./package.json")
    expect(subpaths.length).toBeGreaterThan(0)
    expect(subpaths.filter((subpath) => !(subpath in ours))).toEqual([])
    const ourManifest = JSON.parse(readFileSync(fileURLToPath(new URL("../package.json", import.meta.url)), "utf8")) as { exports: Record<string, unknown> }
    expect(subpaths.filter((subpath) => !(subpath in ourManifest.exports))).toEqual([])
  })

  it.each(Object.keys(counterpartManifest.exports).filter((key) => key !== "./package.json"))(
    "exports every runtime name of the %s entry, each of the same kind",
    async (subpath) => {
      const entry = join(counterpartRoot, counterpartManifest.exports[subpath]!.import.default)
      const theirs = kinds((await import(pathToFileURL(entry).href)) as Record<string, unknown>)
      expect(Object.keys(theirs).length).toBeGreaterThan(0)
      const mine = kinds(await ours[subpath]!())
      const missing = Object.keys(theirs).filter((name) => !(name in mine))
      expect(missing).toEqual([])
      for (const name of Object.keys(theirs)) expect([name, mine[name]]).toEqual([name, theirs[name]])
    },
  )
})
