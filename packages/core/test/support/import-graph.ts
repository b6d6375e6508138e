/**
 * The imports of a package's `src/`, read with the TypeScript parser, and the circles among them.
 * `test/architecture.test.ts` checks the floor rule of docs/architecture.md with it, and
 * `e2e/import-circles.test.ts` keeps every package free of circles.
 *
 * Every way one file can name another counts: `import` and `import type`, `export … from` and
 * `export type … from`, `import x = require(…)`, `import()` and `typeof import("…")` in a type. A
 * type-only import is still a dependency of the reader on the file it names, so it counts for
 * circles and floors alike; `kind` only says which sort it is. Specifiers resolve as the package
 * resolves them: relative paths to the `.ts`/`.tsx` source, `#name` through the package's
 * "imports" map (every condition's target, `dist/` mapped back to `src/`), the package's own name
 * through its "exports" map; anything else is another package's module.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, posix, relative, sep } from "node:path"
import ts from "typescript"

/** How a file names another: `value` (a static import or re-export), `type` (erased), `dynamic` (`import()`). */
export type ImportKind = "value" | "type" | "dynamic"

/** One import of one file. Paths are relative to the package folder, with `/` (`src/actions/callback.ts`). */
export interface PackageImport {
  from: string
  /** The package file it resolves to; `null` for another package's module, or when `specifier` is `null`. */
  to: string | null
  /** As written; `null` for an `import()` whose argument is neither a string nor a `const` of one in the same file. */
  specifier: string | null
  kind: ImportKind
  /** 1-based line of the import. */
  line: number
}

/** A circle: files that reach each other through imports, and one shortest way around. */
export interface ImportCircle {
  /** Every file of the strongly connected component, sorted. */
  files: string[]
  /** A shortest closed path through `files[0]`: `[a, b, a]`. */
  cycle: string[]
}

interface Manifest {
  name?: string
  exports?: Record<string, unknown>
  imports?: Record<string, unknown>
}

const SOURCE = /\.(ts|tsx|mts|cts)$/

/**
 * Every import of every source file under `packageDir/src` (declaration files excluded).
 * Throws, naming the file, when a relative or `#` specifier resolves to no source file.
 */
export function readImports(packageDir: string): { files: string[]; imports: PackageImport[] } {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as Manifest
  const files = packageSources(packageDir)
  const known = new Set(files)
  const imports: PackageImport[] = []
  for (const from of files) {
    const text = readFileSync(join(packageDir, from), "utf8")
    const kind = from.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS
    const source = ts.createSourceFile(from, text, ts.ScriptTarget.Latest, true, kind)
    for (const found of namedModules(source)) {
      const line = source.getLineAndCharacterOfPosition(found.at).line + 1
      if (found.specifier === null) {
        imports.push({ from, to: null, specifier: null, kind: found.kind, line })
        continue
      }
      for (const to of resolve(found.specifier, from, manifest, known)) {
        imports.push({ from, to, specifier: found.specifier, kind: found.kind, line })
      }
    }
  }
  return { files, imports }
}

/** The source files of `packageDir/src` (declaration files excluded), relative to `packageDir`, sorted. */
export function packageSources(packageDir: string): string[] {
  return sourceFiles(join(packageDir, "src")).map((file) => relative(packageDir, file).split(sep).join("/"))
}

/** The `.ts`/`.tsx` files under `folder`, sorted. */
function sourceFiles(folder: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) found.push(...sourceFiles(path))
    else if (SOURCE.test(entry.name) && !/\.d\.[mc]?ts$/.test(entry.name)) found.push(path)
  }
  return found.sort()
}

interface NamedModule {
  specifier: string | null
  kind: ImportKind
  at: number
}

/** The module specifiers a source file names, with their kind and position. */
function namedModules(source: ts.SourceFile): NamedModule[] {
  const constants = stringConstants(source)
  const found: NamedModule[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      found.push({ specifier: literal(node.moduleSpecifier), kind: importKind(node), at: node.getStart() })
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      found.push({ specifier: literal(node.moduleSpecifier), kind: exportKind(node), at: node.getStart() })
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      found.push({ specifier: literal(node.moduleReference.expression), kind: node.isTypeOnly ? "type" : "value", at: node.getStart() })
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const argument = node.arguments[0]
      const specifier = literal(argument) ?? (argument && ts.isIdentifier(argument) ? (constants.get(argument.text) ?? null) : null)
      found.push({ specifier, kind: "dynamic", at: node.getStart() })
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      found.push({ specifier: literal(node.argument.literal), kind: "type", at: node.getStart() })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Top-level `const NAME = "…"` of a file, for `import(NAME)`. */
function stringConstants(source: ts.SourceFile): Map<string, string> {
  const constants = new Map<string, string>()
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue
    for (const declaration of statement.declarationList.declarations) {
      const value = literal(declaration.initializer)
      if (ts.isIdentifier(declaration.name) && value !== null) constants.set(declaration.name.text, value)
    }
  }
  return constants
}

function literal(node: ts.Node | undefined): string | null {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null
}

/** `type` when nothing of the import survives compilation: `import type`, or only `type` names. */
function importKind(node: ts.ImportDeclaration): ImportKind {
  const clause = node.importClause
  if (!clause) return "value"
  if (clause.isTypeOnly) return "type"
  if (clause.name) return "value"
  const bindings = clause.namedBindings
  const onlyTypes = bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly)
  return onlyTypes ? "type" : "value"
}

function exportKind(node: ts.ExportDeclaration): ImportKind {
  if (node.isTypeOnly) return "type"
  const clause = node.exportClause
  const onlyTypes = clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly)
  return onlyTypes ? "type" : "value"
}

/** The package files `specifier` stands for when `from` imports it: `[null]` for another package's module. */
function resolve(specifier: string, from: string, manifest: Manifest, known: Set<string>): (string | null)[] {
  if (specifier.startsWith(".")) {
    const file = sourceOf(posix.join(posix.dirname(from), specifier), known)
    if (!file) throw new Error(`${from}: "${specifier}" names no source file`)
    return [file]
  }
  if (specifier.startsWith("#")) {
    const entry = manifest.imports?.[specifier]
    if (entry === undefined) throw new Error(`${from}: "${specifier}" is not in package.json's "imports"`)
    return mapped(entry, known, `${from}: "${specifier}"`)
  }
  const name = manifest.name
  if (name && (specifier === name || specifier.startsWith(`${name}/`))) {
    const entry = manifest.exports?.[`.${specifier.slice(name.length)}`]
    if (entry === undefined || entry === null) throw new Error(`${from}: "${specifier}" is not in package.json's "exports"`)
    return mapped(entry, known, `${from}: "${specifier}"`)
  }
  return [null]
}

/** The source files behind every target of an "imports" or "exports" entry, whatever the condition. */
function mapped(entry: unknown, known: Set<string>, what: string): string[] {
  const targets = new Set<string>()
  const collect = (value: unknown): void => {
    if (typeof value === "string") targets.add(value)
    else if (value && typeof value === "object") Object.values(value).forEach(collect)
  }
  collect(entry)
  const files = new Set<string>()
  for (const target of targets) {
    const path = posix.normalize(target.replace(/^\.\/dist\//, "./src/")).replace(/\.d\.ts$/, ".ts")
    const file = sourceOf(path, known)
    if (!file) throw new Error(`${what} maps to ${target}, which has no source file`)
    files.add(file)
  }
  return [...files]
}

/** The source file a path names once built (`x.js` is `x.ts` or `x.tsx`; a folder is its index). */
function sourceOf(path: string, known: Set<string>): string | null {
  const bare = path.replace(/\.[mc]?jsx?$/, "")
  for (const candidate of [path, `${bare}.ts`, `${bare}.tsx`, `${bare}/index.ts`, `${bare}/index.tsx`]) {
    if (known.has(candidate)) return candidate
  }
  return null
}

/**
 * The circles among `imports`: each strongly connected component of more than one file (or a
 * file that imports itself), largest first. `kinds` picks the imports that count: all of them by
 * default; `["value", "dynamic"]` for the circles that exist when the code runs.
 */
export function findCircles(imports: readonly PackageImport[], kinds: readonly ImportKind[] = ["value", "type", "dynamic"]): ImportCircle[] {
  const next = new Map<string, Set<string>>()
  for (const { from, to, kind } of imports) {
    if (to === null || !kinds.includes(kind)) continue
    if (!next.has(from)) next.set(from, new Set())
    next.get(from)!.add(to)
  }
  return components(next)
    .filter((files) => files.length > 1 || next.get(files[0]!)?.has(files[0]!))
    .map((files) => ({ files, cycle: shortestCycle(files[0]!, new Set(files), next) }))
    .sort((a, b) => b.files.length - a.files.length || a.files[0]!.localeCompare(b.files[0]!))
}

/** Tarjan's strongly connected components, without recursion (a long chain of imports cannot overflow). */
function components(next: Map<string, Set<string>>): string[][] {
  const successors = (node: string): string[] => [...(next.get(node) ?? [])].sort()
  const nodes = [...new Set([...next.keys(), ...[...next.values()].flatMap((set) => [...set])])].sort()
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const result: string[][] = []
  const enter = (node: string): void => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    onStack.add(node)
  }
  for (const root of nodes) {
    if (index.has(root)) continue
    enter(root)
    const work = [{ node: root, edges: successors(root), at: 0 }]
    while (work.length) {
      const frame = work[work.length - 1]!
      if (frame.at < frame.edges.length) {
        const to = frame.edges[frame.at++]!
        if (!index.has(to)) {
          enter(to)
          work.push({ node: to, edges: successors(to), at: 0 })
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!))
      if (low.get(frame.node) !== index.get(frame.node)) continue
      const members: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        members.push(member)
      } while (member !== frame.node)
      result.push(members.sort())
    }
  }
  return result
}

/** A shortest path from `start` back to itself through `members` (breadth-first). */
function shortestCycle(start: string, members: Set<string>, next: Map<string, Set<string>>): string[] {
  const previous = new Map<string, string>()
  const queue = [start]
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!
    for (const to of [...(next.get(node) ?? [])].sort()) {
      if (!members.has(to)) continue
      if (to === start) {
        const path = [node]
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!)
        return [...path, start]
      }
      if (!previous.has(to)) {
        previous.set(to, node)
        queue.push(to)
      }
    }
  }
  return [start, start]
}

/** One line per circle, for a failure message: `3 files: a → b → c → a`. */
export function describeCircles(circles: readonly ImportCircle[]): string {
  return circles
    .map(({ files, cycle }) => `${files.length} files: ${cycle.join(" → ")}${files.length > cycle.length - 1 ? ` (all: ${files.join(", ")})` : ""}`)
    .join("\n")
}

/** The workspace packages (`packages/<name>`) that have a `src/` folder, relative to `root`. */
export function packagesWithSources(root: string): string[] {
  return readdirSync(join(root, "packages"))
    .map((name) => `packages/${name}`)
    .filter((folder) => existsSync(join(root, folder, "src")) && existsSync(join(root, folder, "package.json")))
    .sort()
}
