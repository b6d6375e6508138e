#!/usr/bin/env node
/**
 * Writes src/providers/<id>.ts for every provider module @latchkey/core
 * ships (packages/core/src/providers/*.ts, not lib/), so that
 * `@latchkey/express/providers/<id>` is what `@auth/express/providers/<id>`
 * is to `@auth/core/providers/<id>`: the same module under the integration's
 * name. Run after core gains a provider: `node packages/express/scripts/provider-entries.mjs`.
 * test/counterpart-exports.test.ts fails while an entry is missing.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

const coreProviders = fileURLToPath(new URL("../../core/src/providers/", import.meta.url))
const entries = fileURLToPath(new URL("../src/providers/", import.meta.url))

for (const file of readdirSync(coreProviders)
  .filter((name) => name.endsWith(".ts"))
  .sort()) {
  const id = file.slice(0, -".ts".length)
  const source = readFileSync(coreProviders + file, "utf8")
  const specifier = id === "index" ? "@latchkey/core/providers" : `@latchkey/core/providers/${id}`
  const lines = [`/** \`${specifier}\` under the name \`@auth/express\` users import it by. */`, `export * from "${specifier}"`]
  // `export *` leaves the default export out; re-export it where there is one.
  if (/^export default /m.test(source)) lines.push(`export { default } from "${specifier}"`)
  writeFileSync(`${entries}${id}.ts`, `${lines.join("\n")}\n`)
}
