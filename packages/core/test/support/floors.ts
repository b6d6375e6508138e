/**
 * The floor rule of docs/architecture.md, checkable: the floors table is read from the document
 * itself (it stays the one place the floors are written down), every file of `src/` is placed on
 * a floor by the longest listed path that holds it, and every import is checked against it.
 * `test/architecture.test.ts` runs it on `@latchkey/core` and on a fixture package with planted
 * violations.
 */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describeCircles, findCircles, packageSources, readImports } from "./import-graph.js"

/** One row of the floors table: its name and the files and folders (`actions/`) it lists, relative to `src/`. */
export interface Floor {
  name: string
  paths: string[]
}

/**
 * The floors table under the `## Floors` heading of a Markdown document, top floor first: the
 * first column names the floor, the second lists its files and folders in backticks (a folder
 * ends with `/`). Throws when there is no such table.
 */
export function readFloorsTable(markdown: string): Floor[] {
  const lines = markdown.split("\n")
  const heading = lines.findIndex((line) => line.trim() === "## Floors")
  if (heading === -1) throw new Error('no "## Floors" heading')
  const start = lines.findIndex((line, index) => index > heading && line.startsWith("|"))
  if (start === -1 || lines.slice(heading + 1, start).some((line) => line.startsWith("#"))) throw new Error('no table under "## Floors"')
  const floors: Floor[] = []
  for (let index = start + 2; index < lines.length && lines[index]!.startsWith("|"); index++) {
    const cells = lines[index]!.split("|").map((cell) => cell.trim())
    const name = cells[1]!
    const paths = [...cells[2]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!)
    if (!name || !paths.length) throw new Error(`floors table, line ${index + 1}: a floor needs a name and at least one path`)
    floors.push({ name, paths })
  }
  return floors
}

/** The floor of `file` (`src/…`): the one listing the longest path that is the file or a folder holding it. */
export function floorOf(file: string, floors: readonly Floor[]): Floor | undefined {
  let best: { floor: Floor; length: number } | undefined
  for (const floor of floors) {
    for (const path of floor.paths) {
      const listed = `src/${path}`
      const holds = path.endsWith("/") ? file.startsWith(listed) : file === listed
      if (holds && (!best || listed.length > best.length)) best = { floor, length: listed.length }
    }
  }
  return best?.floor
}

/**
 * Everything in `packageDir/src` that breaks the floor rule of `floors`, one readable line each
 * (empty when the rule holds):
 * - a listed path that is not in `src/`, or listed twice;
 * - a file on no floor;
 * - an import of a file on a higher floor (static, type-only, re-export or `import()`), with the
 *   importing file and line;
 * - an `import()` whose module no reader can follow;
 * - an import circle, type-only imports included.
 */
export function floorViolations(packageDir: string, floors: readonly Floor[]): string[] {
  const problems: string[] = []
  const seen = new Set<string>()
  for (const { name, paths } of floors) {
    for (const path of paths) {
      if (seen.has(path)) problems.push(`the floors table lists \`${path}\` twice`)
      seen.add(path)
      if (!existsSync(join(packageDir, "src", path))) problems.push(`the floors table lists \`${path}\` (${name}), which is not in src/`)
    }
  }
  const { files, imports } = readImports(packageDir)
  const rank = (floor: Floor): number => floors.length - floors.indexOf(floor)
  for (const file of files) {
    if (!floorOf(file, floors)) problems.push(`${file} is on no floor: add it or its folder to the floors table`)
  }
  for (const { from, to, specifier, kind, line } of imports) {
    if (specifier === null) {
      problems.push(`${from}:${line} imports a module named by an expression: name it with a string so that readers (and bundlers) can follow it`)
      continue
    }
    if (to === null) continue
    const own = floorOf(from, floors)
    const target = floorOf(to, floors)
    if (!own || !target || rank(target) <= rank(own)) continue
    const how = kind === "value" ? "imports" : kind === "type" ? "imports types from" : "loads"
    problems.push(`${from}:${line} (${own.name}) ${how} "${specifier}" (${to}, ${target.name}): a file imports only from its own floor or below`)
  }
  for (const circle of describeCircles(findCircles(imports)).split("\n").filter(Boolean)) {
    problems.push(`import circle of ${circle}`)
  }
  return problems
}

/**
 * The paths under `src/` that the table of the section `heading` (`## …`) of a Markdown document
 * names in backticks but that do not exist: a file (`jwt.ts`), a folder (`flows/oauth/`) or a pattern
 * with `*` (`runtime/crypto-*.ts`) that matches no file. Backticked text that is not a path
 * (`@scope/package`, `#crypto`, an option name) is not checked.
 */
export function missingPaths(packageDir: string, markdown: string, heading: string): string[] {
  const lines = markdown.split("\n")
  const start = lines.findIndex((line) => line.trim() === heading)
  if (start === -1) throw new Error(`no "${heading}" heading`)
  const end = lines.findIndex((line, index) => index > start && line.startsWith("## "))
  const rows = lines.slice(start + 1, end === -1 ? undefined : end).filter((line) => line.startsWith("|"))
  const files = packageSources(packageDir)
  const named = new Set([...rows.join("\n").matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!))
  const missing: string[] = []
  for (const path of named) {
    if (!/^[a-z0-9][\w.*-]*(\/[\w.*-]*)*$/.test(path) || !(path.includes("/") || /\.tsx?$/.test(path))) continue
    const pattern = new RegExp(`^src/${path.replace(/[.]/g, "\\.").replace(/\*/g, "[^/]*")}${path.endsWith("/") ? "" : "$"}`)
    if (!files.some((file) => pattern.test(file))) missing.push(path)
  }
  return missing
}

/** {@link floorViolations} of `packageDir` against the floors table of the Markdown file `document`. */
export function floorViolationsAgainst(packageDir: string, document: string): string[] {
  return floorViolations(packageDir, readFloorsTable(readFileSync(document, "utf8")))
}
