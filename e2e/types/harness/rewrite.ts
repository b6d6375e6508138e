/**
 * The mechanical import rewrite of docs/migration.md, read from the table in
 * that file (so the guide and the check cannot drift apart) and applied to
 * every module specifier of a source file: imports, re-exports, `import()`
 * types and calls, and `declare module "…"` augmentations.
 */
import { readFileSync } from "node:fs"
import ts from "typescript"

/**
 * `from` specifier → `to` specifier. A row written with a `<id>` placeholder
 * (`@auth/core/providers/<id>`) maps every specifier of that shape, the
 * placeholder standing for one path segment.
 */
export type RewriteTable = ReadonlyMap<string, string>

const PLACEHOLDER = "<id>"

/** The row of `table` for `specifier`: an exact row, else a placeholder row it fits. */
function lookUp(table: RewriteTable, specifier: string): string | undefined {
  const exact = table.get(specifier)
  if (exact !== undefined) return exact
  for (const [from, to] of table) {
    const at = from.indexOf(PLACEHOLDER)
    if (at === -1) continue
    const prefix = from.slice(0, at)
    const suffix = from.slice(at + PLACEHOLDER.length)
    if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix)) continue
    const id = specifier.slice(prefix.length, specifier.length - suffix.length)
    if (/^[a-z0-9][a-z0-9-]*$/.test(id)) return to.replace(PLACEHOLDER, id)
  }
  return undefined
}

/**
 * Reads the rows `` | `@auth/…` | `@latchkey/…` … | `` of the migration
 * guide's import table. Throws when the table is missing, so a reworded guide
 * cannot silently turn the check off.
 */
export function readRewriteTable(migrationGuide: string): RewriteTable {
  const table = new Map<string, string>()
  for (const line of readFileSync(migrationGuide, "utf8").split("\n")) {
    const row = /^\s*\|\s*`(@auth\/[^`]+)`\s*\|\s*`(@latchkey\/[^`]+)`/.exec(line)
    if (row) table.set(row[1]!, row[2]!)
  }
  if (!table.has("@auth/core")) throw new Error(`${migrationGuide} has no import table row for @auth/core`)
  return table
}

/** A specifier the table does not cover, with where it is. */
export class UnmappedSpecifier extends Error {}

/**
 * Returns `text` with every `@auth/…` module specifier replaced by its row
 * of `table`. Throws {@link UnmappedSpecifier} for an `@auth/…` specifier the
 * table lacks: the guide would not tell a reader what to write either.
 */
export function rewriteImports(fileName: string, text: string, table: RewriteTable): string {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const edits: { start: number; end: number; to: string }[] = []
  const visit = (node: ts.Node): void => {
    const specifier = moduleSpecifierOf(node)
    if (specifier && /^@auth\//.test(specifier.text)) {
      const to = lookUp(table, specifier.text)
      if (to === undefined) {
        const { line } = source.getLineAndCharacterOfPosition(specifier.getStart())
        throw new UnmappedSpecifier(`${fileName}:${line + 1}: "${specifier.text}" has no row in docs/migration.md's import table`)
      }
      // Keep the quotes; replace only what is between them.
      edits.push({ start: specifier.getStart() + 1, end: specifier.getEnd() - 1, to })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  let result = text
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.to + result.slice(edit.end)
  }
  return result
}

function moduleSpecifierOf(node: ts.Node): ts.StringLiteral | undefined {
  let candidate: ts.Node | undefined
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) candidate = node.moduleSpecifier
  else if (ts.isModuleDeclaration(node)) candidate = node.name
  else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) candidate = node.argument.literal
  else if (ts.isExternalModuleReference(node)) candidate = node.expression
  else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) candidate = node.arguments[0]
  return candidate && ts.isStringLiteral(candidate) ? candidate : undefined
}

/** Whether the file augments a module or the global scope, which would leak into other files of its program. */
export function augments(fileName: string, text: string): boolean {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  return source.statements.some(
    (statement) => ts.isModuleDeclaration(statement) && (ts.isStringLiteral(statement.name) || (statement.flags & ts.NodeFlags.GlobalAugmentation) !== 0),
  )
}
