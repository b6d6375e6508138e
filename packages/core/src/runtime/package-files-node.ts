/**
 * Reads a file shipped inside an installed package, on runtimes with
 * Node's module resolution and file system (Node, Bun, Deno). Core imports
 * it as `#package-files`, which the package's conditional `imports` map
 * resolves to this file wherever the "node" condition matches (Node, and Bun
 * and Deno, which match it too) and to package-files-web.ts elsewhere; like
 * `#crypto`, it keeps every `node:` import inside runtime/
 * (docs/architecture.md).
 */
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

/**
 * The UTF-8 text of `path` (segments, relative to the folder of the
 * package's `require` entry point) in the copy of `packageName` that
 * resolves from `@latchkey/core`. Rejects when the package is not installed.
 */
export async function readInstalledPackageFile(packageName: string, path: readonly string[]): Promise<string> {
  const entry = createRequire(import.meta.url).resolve(packageName)
  return readFile(join(dirname(entry), ...path), "utf8")
}
