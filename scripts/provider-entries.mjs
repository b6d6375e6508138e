// Writes <package>/dist/providers/<id>.js and .d.ts for every provider @latchkey/core ships,
// each re-exporting core's module: `@latchkey/next/providers/<id>` (and `@latchkey/express/...`)
// is then the same provider as `@latchkey/core/providers/<id>`, as next-auth's and
// @auth/express's are @auth/core's. Generated at build time so a provider added to core needs
// no file in the integrations.
//
//   node ../../scripts/provider-entries.mjs     (run from the integration package's folder)
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

const require = createRequire(import.meta.url)
const coreProviders = join(dirname(require.resolve("@latchkey/core/package.json")), "dist", "providers")
const out = join(process.cwd(), "dist", "providers")
mkdirSync(out, { recursive: true })

const ids = readdirSync(coreProviders)
  .filter((file) => file.endsWith(".js") && file !== "index.js")
  .map((file) => file.slice(0, -3))
for (const id of ids) {
  const source = `@latchkey/core/providers/${id}`
  // `oauth` and `oauth1` hold shared types and helpers, not a provider: no default to re-export.
  const hasDefault = "default" in (await import(source))
  const reexport = `export * from "${source}"\n${hasDefault ? `export { default } from "${source}"\n` : ""}`
  writeFileSync(join(out, `${id}.js`), reexport)
  writeFileSync(join(out, `${id}.d.ts`), reexport)
}
const { name } = JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8"))
console.log(`${name}: ${ids.length} provider entries`)
