/**
 * Every runtime entry and export of next-auth 5.0.0-beta.32 (read from the
 * installed package in compat/) exists in @latchkey/next, so rewriting
 * "next-auth" to "@latchkey/next" in imports is the whole change of code.
 * Each of next-auth's 104 provider entries is the same factory as
 * @latchkey/core's.
 */
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { describe, expect, it } from "vitest"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const COMPAT = join(ROOT, "compat")
const NEXT_AUTH = join(COMPAT, "node_modules/next-auth")
const built = existsSync(join(ROOT, "packages/next/dist/index.js"))
const installed = existsSync(join(NEXT_AUTH, "package.json")) && existsSync(join(ROOT, "node_modules/next/package.json"))
const HOOK = pathToFileURL(join(ROOT, "e2e/support/next-resolve-hook.mjs")).href

/** What importing `specifier` from `cwd` gives in plain Node: its export names, or the error it throws. */
function importFrom(cwd: string, specifier: string): { names?: string[]; error?: string } {
  const script = `
    import { register } from "node:module"
    register(${JSON.stringify(HOOK)})
    try {
      const m = await import(${JSON.stringify(specifier)})
      console.log(JSON.stringify({ names: Object.keys(m).sort() }))
    } catch (error) {
      console.log(JSON.stringify({ error: error.name + (error.code ? " " + error.code : "") }))
    }`
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd, encoding: "utf8" }))
}

/** next-auth's subpaths (package.json `exports`) other than `./package.json` and the `./providers/*` pattern. */
function nextAuthSubpaths(): string[] {
  const { exports } = JSON.parse(readFileSync(join(NEXT_AUTH, "package.json"), "utf8")) as { exports: Record<string, unknown> }
  return Object.keys(exports).filter((subpath) => subpath !== "./package.json" && !subpath.includes("*"))
}

/** The provider ids next-auth ships as `next-auth/providers/<id>`. */
function nextAuthProviderIds(): string[] {
  return readdirSync(join(NEXT_AUTH, "providers"))
    .filter((file) => file.endsWith(".js") && file !== "index.js")
    .map((file) => file.slice(0, -3))
    .sort()
}

describe.runIf(built && installed)("@latchkey/next against the installed next-auth 5.0.0-beta.32", () => {
  it("has every subpath next-auth has", () => {
    const ours = JSON.parse(readFileSync(join(ROOT, "packages/next/package.json"), "utf8")) as { exports: Record<string, unknown> }
    const subpaths = nextAuthSubpaths()
    expect(subpaths).toEqual(expect.arrayContaining([".", "./jwt", "./middleware", "./next", "./providers", "./adapters", "./react", "./webauthn"]))
    for (const subpath of [...subpaths, "./providers/*"]) expect(Object.keys(ours.exports), subpath).toContain(subpath)
  })

  it.each(["", "/jwt", "/react", "/webauthn", "/middleware", "/next"])(
    "next-auth%s: each runtime export exists in the same @latchkey/next entry",
    (subpath) => {
      const theirs = importFrom(COMPAT, `next-auth${subpath}`)
      const ours = importFrom(ROOT, `@latchkey/next${subpath}`)
      if (theirs.error) {
        // next-auth 4's entries throw on import in next-auth 5; ours throw the same kind of error.
        expect(theirs.error).toBe("ReferenceError")
        expect(ours.error).toBe("ReferenceError")
        return
      }
      expect(ours.error).toBeUndefined()
      expect(theirs.names!.length).toBeGreaterThan(0)
      expect(ours.names).toEqual(expect.arrayContaining(theirs.names!))
    },
  )

  it("resolves the types-only entries next-auth/providers and next-auth/adapters as modules", () => {
    // In next-auth these two have only a `types` condition; ours are importable too.
    expect(importFrom(ROOT, "@latchkey/next/providers").error).toBeUndefined()
    expect(importFrom(ROOT, "@latchkey/next/adapters").error).toBeUndefined()
  })

  it("has every next-auth/providers/<id>, as the same factory as @latchkey/core's", () => {
    const ids = nextAuthProviderIds()
    expect(ids.length).toBeGreaterThanOrEqual(104)
    const script = `
      const ids = ${JSON.stringify(ids)}
      const found = {}
      for (const id of ids) {
        try {
          const ours = await import("@latchkey/next/providers/" + id)
          const core = await import("@latchkey/core/providers/" + id)
          found[id] = ours.default === core.default && typeof ours.default === "function" ? "same" : "different"
        } catch (error) {
          found[id] = error.code ?? error.name
        }
      }
      console.log(JSON.stringify(found))`
    const found = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" })) as Record<string, string>
    expect(found).toEqual(Object.fromEntries(ids.map((id) => [id, "same"])))
  })
})
