/**
 * KyselyAdapter's own promises, beyond the conformance suite: token-response
 * fields without a column do not fail a sign-in; refused writes say why
 * without repeating the value; ids are fresh UUIDs as in
 * @auth/kysely-adapter; `db.withSchema()` works; and the helpers that read
 * connection URLs and dialects refuse what they cannot handle, clearly.
 */

import { KyselyAdapter, KyselyAdapterError, migrate, sqlFamily } from "@latchkey/adapter-kysely"
import { newAccount, newSession, newUser } from "@latchkey/adapter-test"
import { Kysely, PostgresAdapter, sql } from "kysely"
import { describe, expect, it } from "vitest"
import { parseDatabaseUrl } from "../src/connect.js"
import { rawReads } from "./support/raw.js"
import { forEachFamily, migratedTargetPerTest } from "./support/server-tests.js"
import { runId } from "./support/targets.js"

await forEachFamily((create, label) => {
  const current = migratedTargetPerTest(create)

  it("linkAccount stores the fields the Account table has columns for and leaves out the rest, instead of failing the sign-in", async () => {
    const adapter = KyselyAdapter(current().db)
    const user = await adapter.createUser!(newUser())
    // What a token endpoint may add: GitHub's refresh_token_expires_in, Keycloak's not-before-policy, expires_in.
    const account = { ...newAccount(user.id), expires_in: 3600, refresh_token_expires_in: 15_897_600, "not-before-policy": 0 }
    const stored = await adapter.linkAccount!(account)
    expect(stored).not.toHaveProperty("expires_in")
    const read = await adapter.getAccount!(account.providerAccountId, account.provider)
    expect(read).toMatchObject({ access_token: account.access_token, expires_at: account.expires_at })
    expect(read).not.toHaveProperty("expires_in")
    expect(read).not.toHaveProperty("not-before-policy")
  })

  it("getAccount returns every stored column as stored: the OAuth 1.0a columns come back null like the other unset ones", async () => {
    const adapter = KyselyAdapter(current().db)
    const user = await adapter.createUser(newUser())
    // Only the required fields, as Auth.js's own adapter suite links its getAccount fixture.
    const account = { userId: user.id, type: "oauth" as const, provider: "auth0", providerAccountId: `acct-${runId()}` }
    await adapter.linkAccount(account)
    const got = await adapter.getAccount(account.providerAccountId, account.provider)
    const row = await rawReads(current().db, current().family).account(account)
    expect(Object.keys(got!).sort()).toEqual(Object.keys(row!).sort())
    expect(got).toEqual(row)
    expect(got).toMatchObject({ ...account, oauth_token: null, oauth_token_secret: null, access_token: null, expires_at: null })
  })

  it("a refused write throws KyselyAdapterError naming the operation, table and reason, never the value", async () => {
    const adapter = KyselyAdapter(current().db)
    const user = await adapter.createUser!(newUser())

    const duplicate = await Promise.resolve(adapter.createUser!(newUser({ email: user.email }))).catch((error: unknown) => error)
    expect(duplicate).toBeInstanceOf(KyselyAdapterError)
    expect(duplicate).toMatchObject({ operation: "createUser", table: "User", reason: "duplicate" })
    expect((duplicate as Error).message).not.toContain(user.email)

    const secret = `session-${runId()}-secret`
    const orphan = await Promise.resolve(adapter.createSession!(newSession(crypto.randomUUID(), { sessionToken: secret }))).catch((error: unknown) => error)
    expect(orphan).toMatchObject({ name: "KyselyAdapterError", operation: "createSession", reason: "unknown_user" })
    expect((orphan as Error).message).not.toContain(secret)
    expect((orphan as Error).cause).toBeInstanceOf(Error)

    await expect(adapter.updateUser!({ id: crypto.randomUUID(), name: "Nobody" })).rejects.toMatchObject({ reason: "not_found" })
  })

  it("createUser gives every user a fresh UUID, as @auth/kysely-adapter does", async () => {
    const adapter = KyselyAdapter(current().db)
    const input = newUser({ id: "chosen-by-the-caller" })
    const user = await adapter.createUser!(input)
    expect(user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(await adapter.getUser!(user.id)).toMatchObject({ email: input.email })
  })

  if (label === "PostgreSQL") {
    it("works on tables in another schema: migrate(db, { schema }) and KyselyAdapter(db, { schemaName })", async () => {
      const schema = `auth_${runId()}`
      await sql`create schema ${sql.id(schema)}`.execute(current().db)
      try {
        await migrate(current().db, { schema })
        const adapter = KyselyAdapter(current().db, { schemaName: schema })
        const user = await adapter.createUser!(newUser())
        const session = await adapter.createSession!(newSession(user.id))
        expect((await adapter.getSessionAndUser!(session.sessionToken))?.user.id).toBe(user.id)
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${schema}.User`)}`.execute(current().db)
        expect(rows[0]!.n).toBe(1)
        await adapter.linkAccount!({ ...newAccount(user.id), expires_in: 3600 })
        await adapter.deleteUser!(user.id)
        expect(await adapter.getSessionAndUser!(session.sessionToken)).toBeNull()
      } finally {
        await sql`drop schema ${sql.id(schema)} cascade`.execute(current().db)
      }
    })
  }
})

describe("connection URLs and dialects", () => {
  it("reads PostgreSQL, MySQL/MariaDB and SQLite URLs", () => {
    expect(parseDatabaseUrl("postgres://u@h:5432/db")).toEqual({ family: "postgres", url: "postgres://u@h:5432/db" })
    expect(parseDatabaseUrl("postgresql://u@h/db").family).toBe("postgres")
    expect(parseDatabaseUrl("mysql://root@h:3306/db")).toEqual({ family: "mysql", url: "mysql://root@h:3306/db" })
    expect(parseDatabaseUrl("mariadb://root@h/db")).toEqual({ family: "mysql", url: "mysql://root@h/db" })
    expect(parseDatabaseUrl("./data/auth.sqlite")).toEqual({ family: "sqlite", filename: "./data/auth.sqlite" })
    expect(parseDatabaseUrl("sqlite:auth.db")).toEqual({ family: "sqlite", filename: "auth.db" })
    expect(parseDatabaseUrl("file:///var/lib/app/auth.db")).toEqual({ family: "sqlite", filename: "/var/lib/app/auth.db" })
    expect(parseDatabaseUrl(":memory:")).toEqual({ family: "sqlite", filename: ":memory:" })
  })

  it("refuses an empty URL and unknown schemes", () => {
    expect(() => parseDatabaseUrl("  ")).toThrow(/empty/)
    expect(() => parseDatabaseUrl("mongodb://h/db")).toThrow(/Unsupported database URL scheme "mongodb"/)
  })

  it("recognises a dialect built on Kysely's adapters and refuses others by name", () => {
    const dialect = (adapter: object) => ({
      createAdapter: () => adapter,
      createDriver: () => ({
        init: async () => {},
        acquireConnection: async () => ({}) as never,
        beginTransaction: async () => {},
        commitTransaction: async () => {},
        rollbackTransaction: async () => {},
        releaseConnection: async () => {},
        destroy: async () => {},
      }),
      createQueryCompiler: () => ({ compileQuery: () => ({}) as never }),
      createIntrospector: () => ({}) as never,
    })
    class NeonLikeAdapter extends PostgresAdapter {}
    expect(sqlFamily(new Kysely({ dialect: dialect(new NeonLikeAdapter()) as never }))).toBe("postgres")
    class MssqlAdapter {}
    expect(() => sqlFamily(new Kysely({ dialect: dialect(new MssqlAdapter()) as never }))).toThrow(
      /supports SQLite, PostgreSQL and MySQL\/MariaDB .* MssqlAdapter/,
    )
  })
})
