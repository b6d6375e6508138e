/**
 * Which SQL family a Kysely instance speaks. The adapter writes portable
 * queries and branches only where the families differ: RETURNING, how dates
 * and booleans are stored, and which driver errors mean what.
 *
 * @module dialect
 */
import { type Kysely, MysqlAdapter, PostgresAdapter, SqliteAdapter } from "kysely"

/** The SQL families the adapter supports. */
export type SqlFamily = "sqlite" | "postgres" | "mysql"

const byClassName: Record<string, SqlFamily> = {
  SqliteAdapter: "sqlite",
  PostgresAdapter: "postgres",
  MysqlAdapter: "mysql",
}

/**
 * The family of `db`'s dialect adapter: by `instanceof` (which covers
 * dialects built on Kysely's own adapters, such as D1 or Neon), then by the
 * class names up the prototype chain (a second copy of `kysely` in
 * `node_modules` makes `instanceof` fail).
 *
 * @throws TypeError when the dialect is none of SQLite, PostgreSQL, MySQL.
 */
export function sqlFamily(db: Kysely<any>): SqlFamily {
  const adapter = db.getExecutor().adapter
  if (adapter instanceof SqliteAdapter) return "sqlite"
  if (adapter instanceof PostgresAdapter) return "postgres"
  if (adapter instanceof MysqlAdapter) return "mysql"
  for (let proto = Object.getPrototypeOf(adapter); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const family = byClassName[(proto.constructor as { name?: string } | undefined)?.name ?? ""]
    if (family) return family
  }
  throw new TypeError(
    `@latchkey/adapter-kysely supports SQLite, PostgreSQL and MySQL/MariaDB dialects; this Kysely instance uses ${adapter?.constructor?.name ?? "an unknown adapter"}.`,
  )
}
