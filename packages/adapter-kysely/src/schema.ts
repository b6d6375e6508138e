/**
 * The tables and columns: Auth.js's SQL schema (`User`, `Account`,
 * `Session`, `VerificationToken`, `Authenticator`, camelCase names quoted
 * as is), so a database that `@auth/kysely-adapter` created works unchanged.
 *
 * @module schema
 */
import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "@latchkey/core/adapters"

/**
 * The database interface `KyselyAdapter` needs — the same as
 * `@auth/kysely-adapter`'s `Database`, plus `Authenticator`. Your own
 * interface may have more tables and columns.
 */
export interface Database {
  User: AdapterUser
  Account: AdapterAccount
  Session: AdapterSession
  VerificationToken: VerificationToken
  Authenticator: AdapterAuthenticator
}

/** A table of {@link Database}. */
export type TableName = keyof Database

/** Columns holding dates, per table: written as `Date` (ISO text on SQLite), read back as `Date`. */
export const dateColumns: Record<TableName, readonly string[]> = {
  User: ["emailVerified"],
  Account: [],
  Session: ["expires", "createdAt", "lastSeenAt"],
  VerificationToken: ["expires"],
  Authenticator: [],
}

/** Columns holding booleans (0/1 on SQLite and MySQL), read back as `boolean`. */
export const booleanColumns: Record<TableName, readonly string[]> = {
  User: [],
  Account: [],
  Session: [],
  VerificationToken: [],
  Authenticator: ["credentialBackedUp"],
}

/** Columns holding numbers that drivers may return as strings (`bigint`). */
export const numberColumns: Record<TableName, readonly string[]> = {
  User: [],
  Account: ["expires_at"],
  Session: [],
  VerificationToken: [],
  Authenticator: ["counter"],
}

/** The columns every `Session` table has; the rest are found by looking at the table. */
export const sessionColumns = ["sessionToken", "userId", "expires"] as const
