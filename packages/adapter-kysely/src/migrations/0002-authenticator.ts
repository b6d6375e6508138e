/**
 * Migration 2: the `Authenticator` table for passkeys (WebAuthn), with the
 * columns of Auth.js's Prisma and Drizzle schemas. `counter` is a `bigint`:
 * the signature counter is an unsigned 32-bit number (WebAuthn § 6.1) and
 * outgrows a signed `integer`.
 *
 * @module migrations/0002-authenticator
 */
import type { Kysely } from "kysely"
import { columnType, ensureIndex, type MigrationContext, mysqlExactCollation, userIdType, withTableOptions } from "./ddl.js"

/** Creates the table unless it exists. */
export async function up(db: Kysely<any>, context: MigrationContext): Promise<void> {
  const { family } = context
  const type = (kind: Parameters<typeof columnType>[1]) => columnType(family, kind)
  const collation = family === "mysql" ? await mysqlExactCollation(db) : undefined
  // The foreign key needs User.id's exact type (an Auth.js database may have its own).
  const userId = await userIdType(db, context)
  await withTableOptions(
    db.schema
      .createTable("Authenticator")
      .ifNotExists()
      .addColumn("credentialID", type("key"), (col) => col.notNull())
      .addColumn("userId", userId, (col) => col.notNull())
      .addColumn("providerAccountId", type("key"), (col) => col.notNull())
      .addColumn("credentialPublicKey", type("text"), (col) => col.notNull())
      .addColumn("counter", type("bigint"), (col) => col.notNull())
      .addColumn("credentialDeviceType", type("key"), (col) => col.notNull())
      .addColumn("credentialBackedUp", type("boolean"), (col) => col.notNull())
      .addColumn("transports", type("text"))
      .addPrimaryKeyConstraint("Authenticator_pkey", ["userId", "credentialID"])
      .addForeignKeyConstraint("Authenticator_userId_fkey", ["userId"], "User", ["id"], (fk) => fk.onDelete("cascade")),
    family,
    collation,
  ).execute()
  // getAuthenticator, updateAuthenticatorCounter; unique: one credential, one owner.
  await ensureIndex(db, context, "Authenticator", "Authenticator_credentialID_key", ["credentialID"], true)
  // listAuthenticatorsByUserId is served by the primary key (userId first).
}
