/**
 * Real errors of `import()` for packages that are not where Node looks: a
 * folder outside the repository (so the workspace's node_modules are out of
 * reach) holds a module that imports the package by name, and optionally a
 * half-installed package whose own dependency is missing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"

/** A folder outside the repository, removed by `remove()`. */
export interface ElsewhereFolder {
  /** `import(name)` from a module in this folder: rejects as Node does when `name` is not installed here. */
  importFromHere(name: string): Promise<unknown>
  /** Puts a package `name` in this folder's node_modules whose entry imports `dependency`, which is not installed. */
  addHalfInstalledPackage(name: string, dependency: string): void
  remove(): void
}

export function elsewhereFolder(): ElsewhereFolder {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-elsewhere-"))
  writeFileSync(join(dir, "importer.mjs"), "export const importByName = (name) => import(name)\n")
  return {
    async importFromHere(name) {
      const { importByName } = (await import(pathToFileURL(join(dir, "importer.mjs")).href)) as { importByName: (name: string) => Promise<unknown> }
      return importByName(name)
    },
    addHalfInstalledPackage(name, dependency) {
      const folder = join(dir, "node_modules", name)
      mkdirSync(folder, { recursive: true })
      writeFileSync(join(folder, "package.json"), JSON.stringify({ name, version: "1.0.0", type: "module", exports: "./index.js" }))
      writeFileSync(join(folder, "index.js"), `export * from ${JSON.stringify(dependency)}\n`)
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
