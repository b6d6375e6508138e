/**
 * Faults with KyselyAdapter under Latchkey's core, on every database:
 * - a pool of two connections under 200 concurrent session reads queues
 *   them: every read answers, with the right user;
 * - an adapter that fails half-way through a first sign-in (linking the
 *   account fails, before or after its row was written) leaves no user
 *   without its account, no account and no session.
 */

import { KyselyAdapter } from "@latchkey/adapter-kysely"
import { newUser } from "@latchkey/adapter-test"
import type { Adapter } from "@latchkey/core/adapters"
import { afterAll, beforeAll, expect, it } from "vitest"
import { appConfig as oidcAppConfig, browser as oidcBrowser, oidcProvider, signIn as oidcSignIn, registerClient } from "../../core/test/oauth/app.js"
import { errorParams } from "../../core/test/support/client.js"
import { type OpenIdProvider, startOpenIdProvider } from "../../core/test/support/openid-provider.js"
import { type AppLog, appConfig, browser, SESSION_COOKIE } from "./support/app.js"
import { forEachFamily, migratedTargetPerTest } from "./support/server-tests.js"

let op: OpenIdProvider
beforeAll(async () => {
  op = await startOpenIdProvider()
})
afterAll(() => op?.close())

await forEachFamily((create) => {
  const current = migratedTargetPerTest(create)

  it("200 concurrent session reads through a pool of 2 connections queue and all answer", async () => {
    const pool = await current().connect({ max: 2 })
    const adapter = KyselyAdapter(pool)
    const user = await adapter.createUser!(newUser())
    const log: AppLog = { errors: [] }
    const app = browser(appConfig(adapter, log))
    await app.signIn({ email: user.email })
    expect(app.jar.cookies.has(SESSION_COOKIE)).toBe(true)

    const answers = await Promise.all(Array.from({ length: 200 }, () => app.session()))
    expect(answers.filter((answer) => answer.response.status !== 200)).toEqual([])
    expect(new Set(answers.map((answer) => answer.body?.user?.email))).toEqual(new Set([user.email]))
    expect(log.errors).toEqual([])
  })

  for (const when of ["before", "after"] as const) {
    it(`linkAccount failing ${when} its row is written leaves no user, account or session behind`, async () => {
      const real = KyselyAdapter(current().db)
      const adapter: Adapter = {
        ...real,
        async linkAccount(account) {
          // "after": the row is written, then the answer is lost (a dropped connection).
          if (when === "after") await real.linkAccount!(account)
          throw new Error("connection lost while linking the account")
        },
      }
      const client = await registerClient(op, "op")
      const config = oidcAppConfig([oidcProvider(op, client)], { adapter, session: { strategy: "database" } })
      const app = oidcBrowser(config)
      const run = await oidcSignIn(app, op, "op")

      expect(errorParams(run.location)).toMatchObject({ path: "/auth/error", error: "Configuration" })
      expect(app.sessionCookieNames()).toEqual([])
      expect(await real.getUserByEmail!("ada@example.com")).toBeNull()
      expect(await real.getUserByAccount!({ provider: "op", providerAccountId: "op-user-1" })).toBeNull()
      const left = await Promise.all(["User", "Account", "Session"].map((table) => current().db.selectFrom(table).selectAll().execute()))
      expect(left.map((rows) => rows.length)).toEqual([0, 0, 0])
    })
  }
})
