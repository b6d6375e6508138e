/**
 * Migration 6: `providerSessionId` and `providerSubject` on `Session`, the
 * OpenID Provider session a database session came from
 * (`"<providerId>:<sid>"`, `"<providerId>:<sub>"`), so a back-channel logout
 * token can end it (`deleteSessionsByProviderSession`; docs/sessions.md,
 * "Federated sign-out"). Both nullable, each indexed; added only where
 * missing.
 *
 * @module migrations/0006-provider-session-columns
 */
import type { Kysely } from "kysely"
import { ensureColumn, ensureIndex, type MigrationContext } from "./ddl.js"

/** Adds the two columns and their indexes unless they exist. */
export async function up(db: Kysely<any>, context: MigrationContext): Promise<void> {
  await ensureColumn(db, context, "Session", "providerSessionId", "key")
  await ensureColumn(db, context, "Session", "providerSubject", "key")
  await ensureIndex(db, context, "Session", "Session_providerSessionId_idx", ["providerSessionId"])
  await ensureIndex(db, context, "Session", "Session_providerSubject_idx", ["providerSubject"])
}
