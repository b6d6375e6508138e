/**
 * Migration 1: Auth.js's four tables — `User`, `Account`, `Session`,
 * `VerificationToken` — with the same names and columns as the schema in
 * `@auth/kysely-adapter`'s documentation, foreign keys that cascade on user
 * delete, and an index on every column a lookup uses. Tables and indexes
 * that exist already are left as they are, so an existing Auth.js database
 * adopts the migration history without losing a row.
 *
 * @module migrations/0001-authjs-tables
 */
import type { Kysely } from "kysely"
import { columnType, ensureIndex, idDefault, type MigrationContext, mysqlExactCollation, userIdType, withTableOptions } from "./ddl.js"

/** Creates the tables and indexes that are missing. */
export async function up(db: Kysely<any>, context: MigrationContext): Promise<void> {
  const { family } = context
  const type = (kind: Parameters<typeof columnType>[1]) => columnType(family, kind)
  const collation = family === "mysql" ? await mysqlExactCollation(db) : undefined

  await withTableOptions(
    db.schema
      .createTable("User")
      .ifNotExists()
      .addColumn("id", type("id"), (col) => col.primaryKey().defaultTo(idDefault(family)))
      .addColumn("name", type("text"))
      .addColumn("email", type("key"), (col) => col.notNull())
      .addColumn("emailVerified", type("date"))
      .addColumn("image", type("text")),
    family,
    collation,
  ).execute()

  // Account and Session reference User.id with its exact type (the table may predate this migration).
  const userId = await userIdType(db, context)

  await withTableOptions(
    db.schema
      .createTable("Account")
      .ifNotExists()
      .addColumn("id", type("id"), (col) => col.primaryKey().defaultTo(idDefault(family)))
      .addColumn("userId", userId, (col) => col.notNull())
      .addColumn("type", type("key"), (col) => col.notNull())
      .addColumn("provider", type("key"), (col) => col.notNull())
      .addColumn("providerAccountId", type("key"), (col) => col.notNull())
      .addColumn("refresh_token", type("text"))
      .addColumn("access_token", type("text"))
      .addColumn("expires_at", type("bigint"))
      .addColumn("token_type", type("key"))
      .addColumn("scope", type("text"))
      .addColumn("id_token", type("text"))
      .addColumn("session_state", type("text"))
      .addForeignKeyConstraint("Account_userId_fkey", ["userId"], "User", ["id"], (fk) => fk.onDelete("cascade")),
    family,
    collation,
  ).execute()

  await withTableOptions(
    db.schema
      .createTable("Session")
      .ifNotExists()
      .addColumn("id", type("id"), (col) => col.primaryKey().defaultTo(idDefault(family)))
      .addColumn("sessionToken", type("key"), (col) => col.notNull())
      .addColumn("userId", userId, (col) => col.notNull())
      .addColumn("expires", type("date"), (col) => col.notNull())
      .addForeignKeyConstraint("Session_userId_fkey", ["userId"], "User", ["id"], (fk) => fk.onDelete("cascade")),
    family,
    collation,
  ).execute()

  await withTableOptions(
    db.schema
      .createTable("VerificationToken")
      .ifNotExists()
      .addColumn("identifier", type("key"), (col) => col.notNull())
      .addColumn("token", type("key"), (col) => col.notNull())
      .addColumn("expires", type("date"), (col) => col.notNull()),
    family,
    collation,
  ).execute()

  // getUserByEmail
  await ensureIndex(db, context, "User", "User_email_key", ["email"], true)
  // getUserByAccount, getAccount, unlinkAccount
  await ensureIndex(db, context, "Account", "Account_provider_providerAccountId_key", ["provider", "providerAccountId"], true)
  // deleteUser's cascade, a user's accounts
  await ensureIndex(db, context, "Account", "Account_userId_idx", ["userId"])
  // getSessionAndUser, updateSession, deleteSession
  await ensureIndex(db, context, "Session", "Session_sessionToken_key", ["sessionToken"], true)
  // deleteUser's cascade, a user's sessions
  await ensureIndex(db, context, "Session", "Session_userId_idx", ["userId"])
  // useVerificationToken
  await ensureIndex(db, context, "VerificationToken", "VerificationToken_identifier_token_key", ["identifier", "token"], true)
}
