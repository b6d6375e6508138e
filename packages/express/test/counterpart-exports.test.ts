/**
 * Moving from @auth/express is an import rewrite: every runtime export and
 * every subpath of the installed @auth/express 0.12.3 (compat/, `npm run
 * compat:install`) exists in @latchkey/express, read from both packages'
 * own package.json and modules in plain Node after `npm run build`.
 *
 * Provider modules are core's: `@latchkey/express/providers/<id>` is
 * `@latchkey/core/providers/<id>`. The ids @auth/core has and
 * @latchkey/core does not are a gap of core's catalog, listed in
 * docs/migration.md; this test checks that the Express package adds none.
 */
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../../../", import.meta.url))
const compat = `${root}compat`
const theirPackage = `${compat}/node_modules/@auth/express`
const built = existsSync(`${root}packages/express/dist/index.js`) && existsSync(`${root}packages/express/dist/providers/github.js`)

/** What importing each specifier gives in plain Node from `cwd`: its export names, or the error code. */
function exportsOf(cwd: string, specifiers: string[]): Record<string, string[] | { error: string }> {
  const script = `
    const found = {}
    for (const specifier of ${JSON.stringify(specifiers)}) {
      try { found[specifier] = Object.keys(await import(specifier)).sort() }
      catch (error) { found[specifier] = { error: error.code ?? error.message } }
    }
    console.log(JSON.stringify(found))`
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }))
}

const theirManifest = JSON.parse(readFileSync(`${theirPackage}/package.json`, "utf8")) as { version: string; exports: Record<string, unknown> }
const ourManifest = JSON.parse(readFileSync(`${root}packages/express/package.json`, "utf8")) as { exports: Record<string, Record<string, string>> }
const theirProviderIds = readdirSync(`${theirPackage}/providers`)
  .filter((file) => file.endsWith(".js") && file !== "index.js")
  .map((file) => file.slice(0, -".js".length))

describe.runIf(built)(`@latchkey/express against the installed @auth/express ${theirManifest.version}`, () => {
  it("is version 0.12.3", () => {
    expect(theirManifest.version).toBe("0.12.3")
  })

  it("has every subpath @auth/express declares, with types", () => {
    const subpaths = Object.keys(theirManifest.exports)
    expect(subpaths).toEqual(expect.arrayContaining([".", "./providers", "./providers/*", "./adapters"]))
    for (const subpath of subpaths) {
      expect(ourManifest.exports[subpath], subpath).toBeDefined()
      if (subpath !== "./package.json") expect(ourManifest.exports[subpath]?.types, subpath).toBeDefined()
    }
  })

  it("exports every runtime name of @auth/express, @auth/express/providers and @auth/express/adapters", () => {
    const entries = ["", "/providers", "/adapters"]
    const theirs = exportsOf(
      compat,
      entries.map((entry) => `@auth/express${entry}`),
    )
    const ours = exportsOf(
      root,
      entries.map((entry) => `@latchkey/express${entry}`),
    )
    expect(theirs["@auth/express"]).toEqual(["AuthError", "CredentialsSignin", "ExpressAuth", "customFetch", "getSession"])
    for (const entry of entries) {
      const theirNames = theirs[`@auth/express${entry}`]
      const ourNames = ours[`@latchkey/express${entry}`]
      expect(Array.isArray(ourNames), `@latchkey/express${entry}: ${JSON.stringify(ourNames)}`).toBe(true)
      // @auth/express declares ./providers and ./adapters for types only; Node may refuse to load them.
      if (Array.isArray(theirNames)) expect(ourNames).toEqual(expect.arrayContaining(theirNames))
    }
  })

  it("gives the same values where the names are shared: errors are core's classes, customFetch core's symbol", () => {
    const script = `
      const ours = await import("@latchkey/express")
      const core = await import("@latchkey/core")
      const errors = await import("@latchkey/core/errors")
      console.log(JSON.stringify({
        customFetch: ours.customFetch === core.customFetch && typeof ours.customFetch === "symbol",
        AuthError: ours.AuthError === errors.AuthError,
        CredentialsSignin: ours.CredentialsSignin === errors.CredentialsSignin && new ours.CredentialsSignin() instanceof ours.AuthError,
      }))`
    const output = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" }))
    expect(output).toEqual({ customFetch: true, AuthError: true, CredentialsSignin: true })
  })

  it(`serves exactly @latchkey/core's provider module for each of the ${theirProviderIds.length} @auth/express/providers/<id>`, () => {
    expect(theirProviderIds.length).toBeGreaterThan(50)
    const ours = exportsOf(
      root,
      theirProviderIds.map((id) => `@latchkey/express/providers/${id}`),
    )
    const core = exportsOf(
      root,
      theirProviderIds.map((id) => `@latchkey/core/providers/${id}`),
    )
    const shipped = theirProviderIds.filter((id) => Array.isArray(core[`@latchkey/core/providers/${id}`]))
    expect(shipped.length).toBeGreaterThan(20)
    for (const id of theirProviderIds) {
      const coreNames = core[`@latchkey/core/providers/${id}`]
      // The Express package neither hides a provider core has nor invents one core lacks.
      expect(ours[`@latchkey/express/providers/${id}`], id).toEqual(coreNames)
    }
  })

  it("names in docs/migration.md every @auth/express provider, and every provider export, that @latchkey/core does not have", () => {
    const theirs = exportsOf(
      compat,
      theirProviderIds.map((id) => `@auth/express/providers/${id}`),
    )
    const core = exportsOf(
      root,
      theirProviderIds.map((id) => `@latchkey/core/providers/${id}`),
    )
    const missingIds: string[] = []
    const missingNames: string[] = []
    for (const id of theirProviderIds) {
      const coreNames = core[`@latchkey/core/providers/${id}`]
      if (!Array.isArray(coreNames)) missingIds.push(id)
      else for (const name of theirs[`@auth/express/providers/${id}`] as string[]) if (!coreNames.includes(name)) missingNames.push(name)
    }
    const migration = readFileSync(`${root}docs/migration.md`, "utf8")
    const start = migration.indexOf("## From @auth/express")
    expect(start, 'docs/migration.md has a "## From @auth/express" section').toBeGreaterThan(-1)
    const section = migration.slice(start, migration.indexOf("\n## ", start + 1) >>> 0)
    for (const name of [...missingIds, ...missingNames]) expect(section, name).toContain(`\`${name}\``)
  })
})
