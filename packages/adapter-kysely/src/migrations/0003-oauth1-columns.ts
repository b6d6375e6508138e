/**
 * Migration 3: `oauth_token` and `oauth_token_secret` on `Account`, which
 * OAuth 1.0a providers (X's legacy flow) return instead of an access token.
 * Added only where missing.
 *
 * @module migrations/0003-oauth1-columns
 */
import type { Kysely } from "kysely"
import { ensureColumn, type MigrationContext } from "./ddl.js"

/** Adds the two columns unless they exist. */
export async function up(db: Kysely<any>, context: MigrationContext): Promise<void> {
  await ensureColumn(db, context, "Account", "oauth_token", "text")
  await ensureColumn(db, context, "Account", "oauth_token_secret", "text")
}
