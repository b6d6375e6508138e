/**
 * A database as an existing Auth.js application has it: the four tables of
 * `@auth/kysely-adapter`'s schema (no `Authenticator`, no OAuth 1.0a
 * columns), created the way its documentation shows — on MySQL with
 * `varchar(255)` keys in the server's default, case-insensitive collation —
 * and rows written the way that adapter writes them (ISO date text on
 * SQLite).
 */

import type { SqlFamily } from "@latchkey/adapter-kysely"
import { type Kysely, sql } from "kysely"

/** Creates the four Auth.js tables. */
export async function createAuthjsTables(db: Kysely<any>, family: SqlFamily): Promise<void> {
  const id = family === "postgres" ? "uuid" : family === "mysql" ? "varchar(36)" : "text"
  const text = family === "mysql" ? "varchar(255)" : "text"
  const date = family === "postgres" ? "timestamptz" : family === "mysql" ? "datetime(3)" : "timestamptz"
  const idColumn = (builder: any) =>
    builder.addColumn("id", id, (col: any) =>
      family === "postgres"
        ? col.primaryKey().defaultTo(sql`gen_random_uuid()`)
        : family === "mysql"
          ? col.primaryKey().defaultTo(sql`(UUID())`)
          : col.primaryKey(),
    )
  await idColumn(db.schema.createTable("User"))
    .addColumn("name", text)
    .addColumn("email", text, (col: any) => col.unique().notNull())
    .addColumn("emailVerified", date)
    .addColumn("image", text)
    .execute()
  await db.schema
    .createTable("Account")
    .addColumn("userId", id, (col) => col.notNull())
    .addColumn("type", text, (col) => col.notNull())
    .addColumn("provider", text, (col) => col.notNull())
    .addColumn("providerAccountId", text, (col) => col.notNull())
    .addColumn("refresh_token", text)
    .addColumn("access_token", text)
    .addColumn("expires_at", "bigint")
    .addColumn("token_type", text)
    .addColumn("scope", text)
    .addColumn("id_token", text)
    .addColumn("session_state", text)
    .addForeignKeyConstraint("Account_userId_fk", ["userId"], "User", ["id"], (fk) => fk.onDelete("cascade"))
    .execute()
  await db.schema
    .createTable("Session")
    .addColumn("userId", id, (col) => col.notNull())
    .addColumn("sessionToken", text, (col) => col.notNull().unique())
    .addColumn("expires", date, (col) => col.notNull())
    .addForeignKeyConstraint("Session_userId_fk", ["userId"], "User", ["id"], (fk) => fk.onDelete("cascade"))
    .execute()
  await db.schema
    .createTable("VerificationToken")
    .addColumn("identifier", text, (col) => col.notNull())
    .addColumn("token", text, (col) => col.notNull().unique())
    .addColumn("expires", date, (col) => col.notNull())
    .execute()
  await db.schema.createIndex("Account_userId_index").on("Account").column("userId").execute()
}

/** A user with a session, an account and a pending email token, written as Auth.js writes them. */
export const authjsRows = {
  user: {
    id: "0b1e8a5c-3f2d-4c59-9a0e-6f1d2c3b4a59",
    name: "Ada Lovelace",
    email: "Ada.Lovelace@Example.com",
    emailVerified: new Date("2024-01-02T03:04:05.678Z"),
    image: null,
  },
  account: {
    userId: "0b1e8a5c-3f2d-4c59-9a0e-6f1d2c3b4a59",
    type: "oauth",
    provider: "github",
    providerAccountId: "583231",
    access_token: "gho_legacy",
    expires_at: 1_900_000_000,
    token_type: "bearer",
    scope: "read:user",
  },
  session: { userId: "0b1e8a5c-3f2d-4c59-9a0e-6f1d2c3b4a59", sessionToken: "legacy-session-token", expires: new Date("2099-01-01T00:00:00.000Z") },
  verificationToken: { identifier: "ada.lovelace@example.com", token: "legacy-token-hash", expires: new Date("2099-01-01T00:00:00.000Z") },
}

/** Inserts {@link authjsRows}; on SQLite dates go in as ISO text, as `@auth/kysely-adapter` stores them. */
export async function insertAuthjsRows(db: Kysely<any>, family: SqlFamily): Promise<void> {
  const value = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).map(([key, v]) => [key, family === "sqlite" && v instanceof Date ? v.toISOString() : v]))
  await db.insertInto("User").values(value(authjsRows.user)).execute()
  await db.insertInto("Account").values(value(authjsRows.account)).execute()
  await db.insertInto("Session").values(value(authjsRows.session)).execute()
  await db.insertInto("VerificationToken").values(value(authjsRows.verificationToken)).execute()
}
