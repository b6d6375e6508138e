/**
 * The conformance suite against KyselyAdapter on one target, with extra
 * columns on every table (a date and a boolean among them), so extra fields
 * are checked on each model.
 */

import { KyselyAdapter, migrate, type SqlFamily } from "@latchkey/adapter-kysely"
import { type ConformanceDatabase, runAdapterConformance } from "@latchkey/adapter-test"
import type { Kysely } from "kysely"
import { rawReads } from "./raw.js"
import type { Target } from "./targets.js"

/** Extra fields written by the suite; {@link addExtraColumns} makes room for them. */
export const extraFields = {
  user: { role: "admin", phone: "+1 555 0100", lastSeenAt: new Date("2024-05-06T07:08:09.123Z"), isStaff: true },
  account: { refresh_token_expires_in: 15_897_600 },
  session: { deviceLabel: "Work laptop" },
  verificationToken: { purpose: "sign-in" },
  authenticator: { nickname: "YubiKey 5 NFC" },
}

/** Adds the columns of {@link extraFields} to the migrated tables. */
export async function addExtraColumns(db: Kysely<any>, family: SqlFamily): Promise<void> {
  const date = family === "postgres" ? "timestamptz" : family === "mysql" ? "datetime(3)" : "datetime"
  const columns: Array<[string, string, "text" | "bigint" | "boolean" | typeof date]> = [
    ["User", "role", "text"],
    ["User", "phone", "text"],
    ["User", "lastSeenAt", date],
    ["User", "isStaff", "boolean"],
    ["Account", "refresh_token_expires_in", "bigint"],
    ["Session", "deviceLabel", "text"],
    ["VerificationToken", "purpose", "text"],
    ["Authenticator", "nickname", "text"],
  ]
  for (const [table, column, type] of columns) await db.schema.alterTable(table).addColumn(column, type).execute()
}

/** Registers the whole suite against KyselyAdapter on the target `create` makes. */
export function kyselyConformance(create: () => Promise<Target>, label: string): void {
  let target: Target | undefined
  let raw: ConformanceDatabase | undefined
  const reads = () => {
    if (!raw) throw new Error("the target is not connected")
    return raw
  }
  runAdapterConformance({
    name: `KyselyAdapter on ${label}`,
    adapter: () => KyselyAdapter(target!.db),
    extraFields,
    db: {
      async connect() {
        target = await create()
        await migrate(target.db)
        await addExtraColumns(target.db, target.family)
        raw = rawReads(target.db, target.family)
      },
      disconnect: () => target?.dispose(),
      user: (id) => reads().user(id),
      session: (token) => reads().session(token),
      account: (key) => reads().account(key),
      verificationToken: (key) => reads().verificationToken(key),
      authenticator: (id) => reads().authenticator!(id),
    },
  })
}
