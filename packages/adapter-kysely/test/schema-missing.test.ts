/**
 * An app started before `latchkey migrate`: on every database, each adapter
 * operation fails with a KyselyAdapterError whose reason is
 * `schema_missing` and whose message says to run `latchkey migrate` —
 * not the driver's "no such table: User" / `relation "User" does not
 * exist` / ER_NO_SUCH_TABLE — and Latchkey's core logs it as an
 * AdapterError whose own message carries that advice, while the browser
 * gets no stack trace.
 */

import { KyselyAdapter, KyselyAdapterError, migrate } from "@latchkey/adapter-kysely"
import { newAccount, newSession, newUser } from "@latchkey/adapter-test"
import { afterEach, beforeEach, expect, it } from "vitest"
import { type AppLog, appConfig, browser, SESSION_COOKIE } from "./support/app.js"
import { forEachFamily } from "./support/server-tests.js"
import type { Target } from "./support/targets.js"

await forEachFamily((create) => {
  let target: Target
  beforeEach(async () => {
    target = await create()
  })
  afterEach(() => target.dispose())

  it("reads and writes on an unmigrated database fail with reason schema_missing, naming the table and the fix", async () => {
    const adapter = KyselyAdapter(target.db)
    for (const [operation, call] of [
      ["getUser", () => adapter.getUser(crypto.randomUUID())],
      ["getUserByEmail", () => adapter.getUserByEmail("ada@example.com")],
      ["createUser", () => adapter.createUser(newUser())],
      ["getSessionAndUser", () => adapter.getSessionAndUser("token")],
      ["createSession", () => adapter.createSession(newSession(crypto.randomUUID()))],
      ["useVerificationToken", () => adapter.useVerificationToken({ identifier: "ada@example.com", token: "t" })],
    ] as const) {
      const error = await Promise.resolve(call()).then(
        () => undefined,
        (failure: unknown) => failure,
      )
      expect(error, operation).toBeInstanceOf(KyselyAdapterError)
      expect(error, operation).toMatchObject({ operation, reason: "schema_missing" })
      expect((error as KyselyAdapterError).table, operation).toMatch(/^(User|Session|VerificationToken)$/)
      expect((error as Error).message, operation).toContain("Run `latchkey migrate`")
      expect((error as Error).cause, operation).toBeInstanceOf(Error)
    }
  })

  it("core logs it as an AdapterError whose message says to run latchkey migrate; the session read answers null", async () => {
    const log: AppLog = { errors: [] }
    const app = browser(appConfig(KyselyAdapter(target.db), log))
    app.jar.set(SESSION_COOKIE, "a-session-token-from-before")
    const { response, body } = await app.session()
    expect(response.status).toBe(200)
    expect(body).toBeNull()
    const logged = log.errors.find((error) => error.name === "AdapterError")
    expect(logged?.message).toMatch(
      /^Adapter method getSessionAndUser failed: getSessionAndUser: the (User|Session) table does not exist\. Run `latchkey migrate`/,
    )
    expect((logged?.cause as { err?: unknown } | undefined)?.err).toMatchObject({ name: "KyselyAdapterError", reason: "schema_missing" })
  })

  it("an adapter created before the migration works once the tables exist, without a restart", async () => {
    const adapter = KyselyAdapter(target.db)
    // getSessionAndUser looks at the tables first: it finds none.
    await expect(adapter.getSessionAndUser("token")).rejects.toMatchObject({ reason: "schema_missing" })
    await migrate(target.db)
    const user = await adapter.createUser(newUser())
    // A token-response field without a column is still left out: the adapter learned the new tables.
    const account = newAccount(user.id)
    await adapter.linkAccount({ ...account, expires_in: 3600 })
    expect(await adapter.getUserByAccount(account)).toEqual(user)
  })
})
