/**
 * Migration 4: `User.email` may be NULL. A provider that never returns an
 * email address (X over OAuth 2.0, GitHub without the `user:email` scope)
 * still signs a user in, and core creates that user with `email: null`.
 * The unique index on `email` stays: two users cannot share an address,
 * and any number of users can have none (NULLs are distinct in a unique
 * index on SQLite, PostgreSQL and MySQL/MariaDB).
 *
 * Idempotent: a column that is already nullable is left alone. Keeps every
 * row: PostgreSQL and MySQL change the column in place; SQLite, which
 * cannot, rebuilds the table (see `sqlite-column-rebuild.ts`).
 *
 * @module migrations/0004-nullable-user-email
 */
import { type Kysely, sql } from "kysely"
import type { MigrationContext } from "./ddl.js"
import { dropNotNullSqlite } from "./sqlite-column-rebuild.js"

/** Makes `User.email` nullable unless it is. */
export async function up(db: Kysely<any>, context: MigrationContext): Promise<void> {
  if (context.family === "sqlite") return dropNotNullSqlite(db, "User", "email")
  if (context.family === "postgres") {
    // DROP NOT NULL on a nullable column is a no-op in PostgreSQL.
    await db.schema
      .alterTable("User")
      .alterColumn("email", (column) => column.dropNotNull())
      .execute()
    return
  }
  await dropNotNullMysql(db, context.schema)
}

/**
 * MySQL/MariaDB: `MODIFY` restates the whole column, so its type, character
 * set, collation and comment are read first and written back unchanged.
 */
async function dropNotNullMysql(db: Kysely<any>, schema: string | undefined): Promise<void> {
  const { rows } = await sql<{ type: string; charset: string | null; collation: string | null; nullable: string; fallback: string | null; note: string }>`
    select column_type as type, character_set_name as charset, collation_name as collation, is_nullable as nullable,
           column_default as fallback, column_comment as note
    from information_schema.columns
    where table_schema = coalesce(${schema ?? null}, database()) and table_name = 'User' and column_name = 'email'`.execute(db)
  const column = rows[0]
  if (!column) throw new Error("the User table has no email column")
  if (column.nullable === "YES") return
  if (column.fallback !== null && column.fallback !== "NULL") {
    throw new Error("User.email has a default value; make the column nullable by hand (ALTER TABLE `User` MODIFY `email` … NULL), then run the migration again")
  }
  const table = schema === undefined ? sql.id("User") : sql.id(schema, "User")
  const charset = column.charset ? sql` character set ${sql.raw(column.charset)} collate ${sql.raw(column.collation ?? `${column.charset}_bin`)}` : sql``
  const note = column.note ? sql` comment ${sql.lit(column.note)}` : sql``
  await sql`alter table ${table} modify column ${sql.id("email")} ${sql.raw(column.type)}${charset} null${note}`.execute(db)
}
