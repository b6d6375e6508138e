/**
 * migrate(): idempotent, versioned forward, safe to run from several
 * servers at once, an index on every lookup column, and an existing Auth.js
 * database adopted without losing a row (and read exactly even where its
 * collation is case-insensitive).
 */

import { appliedMigrations, KyselyAdapter, migrate, migrationNames, type SqlFamily } from "@latchkey/adapter-kysely"
import { newAccount, newSession, newUser } from "@latchkey/adapter-test"
import { type Kysely, sql } from "kysely"
import { afterEach, beforeEach, expect, it } from "vitest"
import { authjsRows, createAuthjsTables, insertAuthjsRows } from "./support/authjs-schema.js"
import { forEachFamily } from "./support/server-tests.js"
import type { Target } from "./support/targets.js"

/** The column lists of every index of `table` (primary key included), in index order. */
async function indexes(db: Kysely<any>, family: SqlFamily, table: string): Promise<Array<{ columns: string[]; unique: boolean }>> {
  if (family === "sqlite") {
    const list = await sql<{ name: string; unique: number }>`select name, "unique" from pragma_index_list(${table})`.execute(db)
    return Promise.all(
      list.rows.map(async (index) => {
        const info = await sql<{ name: string }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db)
        return { columns: info.rows.map((row) => row.name), unique: index.unique === 1 }
      }),
    )
  }
  if (family === "postgres") {
    const { rows } = await sql<{ name: string; unique: boolean; columns: string[] }>`
      select i.relname as name, ix.indisunique as unique,
             array(select a.attname::text from unnest(ix.indkey) with ordinality k(attnum, n)
                   join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n)::text[] as columns
      from pg_index ix join pg_class i on i.oid = ix.indexrelid join pg_class t on t.oid = ix.indrelid
      join pg_namespace s on s.oid = t.relnamespace
      where s.nspname = current_schema() and t.relname = ${table}`.execute(db)
    return rows.map((row) => ({ columns: row.columns, unique: row.unique }))
  }
  const { rows } = await sql<{ name: string; column: string; nonUnique: number }>`
    select index_name as name, column_name as "column", non_unique as nonUnique from information_schema.statistics
    where table_schema = database() and table_name = ${table} order by index_name, seq_in_index`.execute(db)
  const byName = new Map<string, { columns: string[]; unique: boolean }>()
  for (const row of rows) {
    const entry = byName.get(row.name) ?? { columns: [], unique: Number(row.nonUnique) === 0 }
    entry.columns.push(row.column)
    byName.set(row.name, entry)
  }
  return [...byName.values()]
}

/** Each adapter lookup, the columns it filters on, and whether they must be unique. */
const lookups: Array<[table: string, columns: string[], unique: boolean, used: string]> = [
  ["User", ["id"], true, "getUser, updateUser, deleteUser"],
  ["User", ["email"], true, "getUserByEmail"],
  ["Account", ["provider", "providerAccountId"], true, "getUserByAccount, getAccount, unlinkAccount"],
  ["Account", ["userId"], false, "deleteUser"],
  ["Session", ["sessionToken"], true, "getSessionAndUser, updateSession, deleteSession"],
  ["Session", ["userId"], false, "deleteUser"],
  ["Session", ["providerSessionId"], false, "deleteSessionsByProviderSession"],
  ["Session", ["providerSubject"], false, "deleteSessionsByProviderSession"],
  ["VerificationToken", ["identifier", "token"], true, "useVerificationToken"],
  ["Authenticator", ["credentialID"], true, "getAuthenticator, updateAuthenticatorCounter"],
  ["Authenticator", ["userId"], false, "listAuthenticatorsByUserId, deleteUser"],
]

await forEachFamily((create, label) => {
  let target: Target
  beforeEach(async () => {
    target = await create()
  })
  afterEach(async () => {
    await target.dispose()
  })

  it("applies every migration once; a second run applies nothing", async () => {
    expect((await migrate(target.db)).applied).toEqual(migrationNames)
    expect((await migrate(target.db)).applied).toEqual([])
    expect(await appliedMigrations(target.db)).toEqual(migrationNames)
  })

  it("migrates forward from an older version, and never back", async () => {
    expect((await migrate(target.db, { to: "0001_authjs_tables" })).applied).toEqual(["0001_authjs_tables"])
    expect((await indexes(target.db, target.family, "Authenticator")).length).toBe(0)
    expect((await migrate(target.db)).applied).toEqual(migrationNames.slice(1))
    expect((await migrate(target.db, { to: "0001_authjs_tables" })).applied).toEqual([])
    expect(await appliedMigrations(target.db)).toEqual(migrationNames)
    await expect(migrate(target.db, { to: "9999_unknown" })).rejects.toThrow(/unknown migration "9999_unknown"/)
  })

  it("0004 makes User.email nullable on a database an earlier version migrated, keeping every row, and stays unique where present", async () => {
    await migrate(target.db, { to: "0003_oauth1_columns" })
    const before = KyselyAdapter(target.db)
    const ada = await before.createUser(newUser())
    await before.linkAccount(newAccount(ada.id))
    const session = await before.createSession(newSession(ada.id))
    // What the earlier schema refused.
    await expect(before.createUser(newUser({ email: null as unknown as string }))).rejects.toBeInstanceOf(Error)

    expect((await migrate(target.db)).applied).toEqual(migrationNames.slice(migrationNames.indexOf("0004_nullable_user_email")))
    expect((await migrate(target.db)).applied).toEqual([])
    const adapter = KyselyAdapter(target.db)
    expect(await adapter.getUserByEmail(ada.email)).toEqual(ada)
    expect((await adapter.getSessionAndUser(session.sessionToken))?.user.id).toBe(ada.id)
    const counts = await Promise.all(["User", "Account", "Session"].map((table) => target.db.selectFrom(table).selectAll().execute()))
    expect(counts.map((rows) => rows.length)).toEqual([1, 1, 1])

    const first = await adapter.createUser(newUser({ email: null as unknown as string }))
    const second = await adapter.createUser(newUser({ email: null as unknown as string }))
    expect([first.email, second.email]).toEqual([null, null])
    expect((await adapter.getUser(second.id))?.email).toBeNull()
    await expect(adapter.createUser(newUser({ email: ada.email }))).rejects.toMatchObject({ reason: "duplicate" })
    if (target.family === "sqlite") {
      // The rebuild switched foreign keys off for itself only: they are on again, and cascade.
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(target.db)).rows[0]?.foreign_keys).toBe(1)
      await target.db.deleteFrom("User").where("id", "=", ada.id).execute()
      expect(await target.db.selectFrom("Session").selectAll().execute()).toEqual([])
    }
  })

  it("0005 adds the session activity columns; before it, the adapter leaves the activity fields out instead of failing", async () => {
    await migrate(target.db, { to: "0004_nullable_user_email" })
    const before = KyselyAdapter(target.db)
    const ada = await before.createUser(newUser())
    const activity = { createdAt: new Date(Date.now() - 60_000), lastSeenAt: new Date(), userAgent: "Browser", provider: "github" }
    const old = await before.createSession(newSession(ada.id, activity))
    await before.updateSession({ sessionToken: old.sessionToken, lastSeenAt: new Date(), userAgent: "Other" })
    expect((await before.listSessionsByUserId(ada.id)).map((session) => session.sessionToken)).toEqual([old.sessionToken])

    expect((await migrate(target.db)).applied).toEqual(["0005_session_activity_columns", "0006_provider_session_columns"])
    const adapter = KyselyAdapter(target.db)
    const fresh = newSession(ada.id, activity)
    await adapter.createSession(fresh)
    const listed = await adapter.listSessionsByUserId(ada.id)
    const byToken = new Map(listed.map((session) => [session.sessionToken, session]))
    expect(byToken.get(old.sessionToken)).toMatchObject({ createdAt: null, lastSeenAt: null, userAgent: null, provider: null })
    expect(byToken.get(fresh.sessionToken)).toMatchObject({ ...activity, createdAt: new Date(activity.createdAt.getTime()) })
    expect(await adapter.deleteSessionsByUserId(ada.id)).toBe(2)
  })

  it("0006 adds providerSessionId and providerSubject to Session, keeping its rows, and the adapter then ends sessions by them", async () => {
    await migrate(target.db, { to: "0004_nullable_user_email" })
    const before = KyselyAdapter(target.db)
    const ada = await before.createUser(newUser())
    const kept = await before.createSession(newSession(ada.id))
    await migrate(target.db)
    const adapter = KyselyAdapter(target.db)
    const federated = await adapter.createSession(newSession(ada.id, { providerSessionId: "op:sid-1", providerSubject: "op:sub-1" }))
    expect((await adapter.getSessionAndUser(kept.sessionToken))?.session.providerSessionId ?? null).toBeNull()
    expect((await adapter.deleteSessionsByProviderSession({ providerSessionId: "op:sid-1" })).map((session) => session.sessionToken)).toEqual([
      federated.sessionToken,
    ])
    expect((await adapter.getSessionAndUser(kept.sessionToken))?.user.id).toBe(ada.id)
  })

  it("puts an index on every column a lookup uses", async () => {
    await migrate(target.db)
    for (const [table, columns, unique, used] of lookups) {
      const found = (await indexes(target.db, target.family, table)).some(
        (index) => columns.every((column, position) => index.columns[position] === column) && (!unique || index.unique),
      )
      expect(found, `${table}(${columns.join(", ")}) needs a${unique ? " unique" : "n"} index (used by ${used})`).toBe(true)
    }
  })

  if (label !== "SQLite") {
    // SQLite is one file on one host: run migrate from one process there.
    it("run from three servers at once, applies each migration exactly once", async () => {
      const pools = await Promise.all([target.connect({ max: 2 }), target.connect({ max: 2 }), target.connect({ max: 2 })])
      const results = await Promise.all(pools.map((pool) => migrate(pool)))
      expect(results.flatMap((result) => result.applied).sort()).toEqual([...migrationNames].sort())
      expect(await appliedMigrations(target.db)).toEqual(migrationNames)
    })
  }

  it("adopts an existing Auth.js database: keeps its rows, adds what is missing, and reads it with KyselyAdapter", async () => {
    await createAuthjsTables(target.db, target.family)
    await insertAuthjsRows(target.db, target.family)
    expect((await migrate(target.db)).applied).toEqual(migrationNames)

    const adapter = KyselyAdapter(target.db)
    const { user, account, session, verificationToken } = authjsRows
    expect(await adapter.getUser!(user.id)).toMatchObject({ email: user.email, emailVerified: user.emailVerified })
    expect((await adapter.getUserByAccount!(account))?.id).toBe(user.id)
    const signedIn = await adapter.getSessionAndUser!(session.sessionToken)
    expect(signedIn?.session.expires).toEqual(session.expires)
    expect(signedIn?.user.id).toBe(user.id)
    expect(await adapter.useVerificationToken!(verificationToken)).toMatchObject(verificationToken)
    // What the migrations added works on the old tables.
    await adapter.linkAccount!({ userId: user.id, type: "oauth", provider: "twitter", providerAccountId: "42", oauth_token: "t", oauth_token_secret: "s" })
    expect(await adapter.getAccount!("42", "twitter")).toMatchObject({ oauth_token: "t", oauth_token_secret: "s" })
    await adapter.createAuthenticator!({
      userId: user.id,
      credentialID: "cred-1",
      providerAccountId: "cred-1",
      credentialPublicKey: "pk",
      counter: 0,
      credentialDeviceType: "singleDevice",
      credentialBackedUp: false,
    })
    expect(await adapter.listAuthenticatorsByUserId!(user.id)).toHaveLength(1)
    // Its User.email, NOT NULL as Auth.js's schema declares it, now takes users without one.
    const noEmail = await adapter.createUser!(newUser({ email: null as unknown as string }))
    expect((await adapter.getUser!(noEmail.id))?.email).toBeNull()
    await expect(adapter.createUser!(newUser({ email: user.email }))).rejects.toMatchObject({ reason: "duplicate" })
  })

  it("reads an existing database exactly, whatever its collation (MySQL's default one ignores case and trailing spaces)", async () => {
    await createAuthjsTables(target.db, target.family)
    await insertAuthjsRows(target.db, target.family)
    const adapter = KyselyAdapter(target.db)
    const { user, session, verificationToken } = authjsRows
    expect((await adapter.getUserByEmail!(user.email))?.id).toBe(user.id)
    expect(await adapter.getUserByEmail!(user.email.toLowerCase())).toBeNull()
    expect(await adapter.getUserByEmail!(`${user.email} `)).toBeNull()
    expect(await adapter.getSessionAndUser!(session.sessionToken.toUpperCase())).toBeNull()
    expect(await adapter.useVerificationToken!({ ...verificationToken, token: verificationToken.token.toUpperCase() })).toBeNull()
    expect(await adapter.useVerificationToken!(verificationToken)).toMatchObject(verificationToken)
  })
})
