/**
 * The same conformance suite against the published `@auth/kysely-adapter`
 * 1.11.2 (from compat/, outside the workspaces, with its own copy of kysely)
 * on SQLite, on tables created by `migrate()`: the contract the suite checks
 * is Auth.js's own, and a database Latchkey migrated works for Auth.js.
 *
 * Left out: what that adapter does not implement (`getAccount`, Latchkey's
 * account extension `updateAccount`/`listAccountsByUserId`, and the
 * WebAuthn operations). Every other rule passes, or is listed below with the
 * reason it does not.
 */

import { migrate } from "@latchkey/adapter-kysely"
import { runAdapterConformance } from "@latchkey/adapter-test"
import type { Adapter } from "@latchkey/core/adapters"
import SQLite from "better-sqlite3"
// @ts-expect-error compat/ is a plain JS package outside the workspaces, without type declarations here.
import * as publishedKysely from "../../../compat/kysely-adapter.js"
import { addExtraColumns } from "./support/conformance.js"
import { rawReads } from "./support/raw.js"
import { sqliteTarget, type Target } from "./support/targets.js"

let target: Target | undefined
let published: { destroy(): Promise<void> } | undefined

runAdapterConformance({
  name: "@auth/kysely-adapter 1.11.2 on SQLite",
  async adapter() {
    published = new publishedKysely.Kysely({ dialect: new publishedKysely.SqliteDialect({ database: new SQLite(target!.url) }) })
    return publishedKysely.KyselyAdapter(published) as Adapter
  },
  webauthn: false,
  skip: ["getAccount", "providerSessions", "updateAccount", "listAccountsByUserId", "sessionListing"],
  extraFields: { user: { role: "admin", phone: "+1 555 0100" } },
  db: {
    async connect() {
      target = await sqliteTarget()
      await migrate(target.db)
      await addExtraColumns(target.db, "sqlite")
    },
    async disconnect() {
      await published?.destroy()
      await target?.dispose()
    },
    user: (id) => rawReads(target!.db, "sqlite").user(id),
    session: (token) => rawReads(target!.db, "sqlite").session(token),
    account: (key) => rawReads(target!.db, "sqlite").account(key),
    verificationToken: (key) => rawReads(target!.db, "sqlite").verificationToken(key),
  },
})
