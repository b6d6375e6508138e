/**
 * Dropping a column's NOT NULL on SQLite, which `ALTER TABLE` cannot do: the
 * table is rebuilt as SQLite's documentation describes ("Making Other Kinds
 * Of Table Schema Changes", https://www.sqlite.org/lang_altertable.html#otheralter):
 * with foreign keys off, in one transaction, a copy of the table is created
 * from its own `CREATE TABLE` text minus that constraint, every row is copied,
 * the old table dropped, the copy renamed, and the table's indexes and
 * triggers recreated from their own text. Everything else the table had —
 * types, defaults, other constraints, collations — is kept as written.
 *
 * Foreign keys are off during the rebuild because dropping a table with them
 * on deletes, through `ON DELETE CASCADE`, every row that refers to it.
 *
 * @module migrations/sqlite-column-rebuild
 */
import { type Kysely, sql } from "kysely"

/** A span of the statement: quoted text (identifier or string) or the rest. */
interface Masked {
  /** The statement with every quoted span's content replaced by `_`, same length. */
  text: string
}

/** Masks quoted strings and identifiers ('…', "…", `…`, […]) so that searches see only SQL keywords and punctuation. */
function mask(statement: string): Masked {
  let text = ""
  for (let index = 0; index < statement.length; ) {
    const char = statement[index]!
    const close = char === "'" ? "'" : char === '"' ? '"' : char === "`" ? "`" : char === "[" ? "]" : undefined
    if (!close) {
      text += char
      index++
      continue
    }
    let end = index + 1
    while (end < statement.length) {
      if (statement[end] === close) {
        // A doubled quote inside a quoted span is an escaped quote ('' "" ``), not the end.
        if (close !== "]" && statement[end + 1] === close) {
          end += 2
          continue
        }
        break
      }
      end++
    }
    text += char + "_".repeat(Math.max(0, end - index - 1)) + (end < statement.length ? close : "")
    index = end + 1
  }
  return { text }
}

/** The unquoted name a column definition starts with. */
function leadingName(definition: string): string {
  const trimmed = definition.trimStart()
  const quoted = /^(?:"((?:[^"]|"")*)"|`((?:[^`]|``)*)`|\[([^\]]*)\]|'((?:[^']|'')*)')/.exec(trimmed)
  if (quoted) return (quoted[1] ?? quoted[2] ?? quoted[3] ?? quoted[4] ?? "").replace(/""|``|''/g, (pair) => pair[0]!)
  return /^[^\s(,]+/.exec(trimmed)?.[0] ?? ""
}

/**
 * `statement` (a `CREATE TABLE`) for a table named `newName`, with the NOT
 * NULL constraint of `column` removed (with its `CONSTRAINT name` and `ON
 * CONFLICT` clause, if any).
 *
 * @throws Error when the statement has no such column or no NOT NULL on it.
 */
export function withoutNotNull(statement: string, column: string, newName: string): string {
  const { text } = mask(statement)
  const open = text.indexOf("(")
  if (open < 0) throw new Error("the CREATE TABLE statement has no column list")
  // The column definitions: split the top-level list at its commas.
  let depth = 0
  let start = open + 1
  const parts: Array<[number, number]> = []
  for (let index = open; index < text.length; index++) {
    const char = text[index]
    if (char === "(") depth++
    else if (char === ")" && --depth === 0) {
      parts.push([start, index])
      break
    } else if (char === "," && depth === 1) {
      parts.push([start, index])
      start = index + 1
    }
  }
  const part = parts.find(([from, to]) => leadingName(statement.slice(from, to)).toLowerCase() === column.toLowerCase())
  if (!part) throw new Error(`the CREATE TABLE statement has no column ${JSON.stringify(column)}`)
  const [from, to] = part
  const constraint = /(?:\bconstraint\s+\S+\s+)?\bnot\s+null\b(?:\s+on\s+conflict\s+\w+)?/i.exec(text.slice(from, to))
  if (!constraint) throw new Error(`the column ${JSON.stringify(column)} has no NOT NULL constraint in the CREATE TABLE statement`)
  const cutFrom = from + constraint.index
  const cutTo = cutFrom + constraint[0].length
  const body = statement.slice(open, cutFrom) + statement.slice(cutTo)
  return `create table ${quote(newName)} ${body}`
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/**
 * Rebuilds `table` without the NOT NULL constraint of `column`. Does nothing
 * when the column is already nullable. Rows, indexes and triggers are kept;
 * foreign keys are switched back on afterwards when they were on.
 */
export async function dropNotNullSqlite(db: Kysely<any>, table: string, column: string): Promise<void> {
  const info = await sql<{ notnull: number }>`select "notnull" from pragma_table_info(${table}) where name = ${column}`.execute(db)
  if (info.rows[0]?.notnull !== 1) return
  const [definition] = (await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db)).rows
  if (!definition) throw new Error(`the table ${JSON.stringify(table)} does not exist`)
  const temporary = `${table}__latchkey_rebuild`
  const create = withoutNotNull(definition.sql, column, temporary)
  // Indexes (those written as CREATE INDEX; a UNIQUE constraint's index comes with the table) and triggers.
  const dependents = (
    await sql<{
      sql: string
    }>`select sql from sqlite_master where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null order by type = 'trigger'`.execute(db)
  ).rows.map((row) => row.sql)

  const foreignKeys = Number((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys ?? 0) === 1
  // Only takes effect outside a transaction; Kysely runs SQLite migrations without one.
  if (foreignKeys) await sql`pragma foreign_keys = off`.execute(db)
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(create).execute(trx)
      await sql`insert into ${sql.id(temporary)} select * from ${sql.id(table)}`.execute(trx)
      await sql`drop table ${sql.id(table)}`.execute(trx)
      await sql`alter table ${sql.id(temporary)} rename to ${sql.id(table)}`.execute(trx)
      for (const statement of dependents) await sql.raw(statement).execute(trx)
    })
  } finally {
    if (foreignKeys) await sql`pragma foreign_keys = on`.execute(db)
  }
}
