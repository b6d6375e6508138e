/**
 * Migration 5: what Latchkey's session listing keeps on `Session`
 * (docs/sessions.md, "Sessions a user can see and end"): `createdAt` (the
 * sign-in, which `session.maxLifetime` counts from), `lastSeenAt` and
 * `userAgent` (moved by the sliding update), and `provider` (the provider
 * the user signed in with). All nullable: rows from before stay as they
 * are and list with unknown values. Added only where missing.
 *
 * @module migrations/0005-session-activity-columns
 */
import type { Kysely } from "kysely"
import { ensureColumn, type MigrationContext } from "./ddl.js"

/** Adds the four columns unless they exist. */
export async function up(db: Kysely<any>, context: MigrationContext): Promise<void> {
  await ensureColumn(db, context, "Session", "createdAt", "date")
  await ensureColumn(db, context, "Session", "lastSeenAt", "date")
  await ensureColumn(db, context, "Session", "userAgent", "text")
  await ensureColumn(db, context, "Session", "provider", "key")
}
