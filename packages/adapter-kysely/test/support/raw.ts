/**
 * Raw reads of the tables for the conformance suite's `db` option: plain
 * SELECTs that bypass the adapter, with their own (deliberately simple)
 * typing of dates, booleans and numbers, so a bug in the adapter's value
 * conversion cannot hide behind the same code on both sides.
 */

import type { SqlFamily } from "@latchkey/adapter-kysely"
import type { ConformanceDatabase } from "@latchkey/adapter-test"
import { type Kysely, sql } from "kysely"

/** Column names that hold dates, booleans and numbers in the test schema (with its extra columns). */
const dates = new Set(["emailVerified", "expires", "lastSeenAt", "createdAt"])
const booleans = new Set(["credentialBackedUp", "isStaff"])
const numbers = new Set(["expires_at", "counter", "refresh_token_expires_in"])

function typed(row: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!row) return null
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) {
    if (value !== null && dates.has(key)) out[key] = value instanceof Date ? value : new Date(value as string)
    else if (value !== null && booleans.has(key)) out[key] = Boolean(Number(value))
    else if (value !== null && numbers.has(key)) out[key] = Number(value)
    else out[key] = value
  }
  return out
}

/** The raw reads over `db`; on MySQL every comparison is binary, as the adapter's are. */
export function rawReads(db: Kysely<any>, family: SqlFamily): ConformanceDatabase {
  const one = async (table: string, where: Record<string, string>) => {
    let query = db.selectFrom(table).selectAll()
    for (const [column, value] of Object.entries(where)) {
      query = family === "mysql" ? query.where(sql<boolean>`cast(${sql.ref(column)} as binary) = cast(${value} as binary)`) : query.where(column, "=", value)
    }
    try {
      return typed(await query.executeTakeFirst())
    } catch (error) {
      // A key PostgreSQL cannot even compare (a NUL character) is in no row.
      if ((error as { code?: string }).code === "22021") return null
      throw error
    }
  }
  return {
    user: (id) => one("User", { id }),
    session: (sessionToken) => one("Session", { sessionToken }),
    account: ({ provider, providerAccountId }) => one("Account", { provider, providerAccountId }),
    verificationToken: ({ identifier, token }) => one("VerificationToken", { identifier, token }),
    authenticator: (credentialID) => one("Authenticator", { credentialID }),
  }
}
