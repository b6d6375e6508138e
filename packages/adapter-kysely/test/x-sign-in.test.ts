/**
 * A first sign-in through X over OAuth 2.0, which never returns an email
 * address, on every database: X's endpoints are played by core's provider
 * stand-in (real X response shapes, on 127.0.0.1), the app is Latchkey's
 * core with database sessions over KyselyAdapter. The user row is created
 * with a NULL email, the account is linked, and the session cookie reads
 * back that user. Before migration 0004 this sign-in failed with an
 * AdapterError (User.email was NOT NULL) and ended on the error page.
 */

import { KyselyAdapter } from "@latchkey/adapter-kysely"
import { expect, it } from "vitest"
import Twitter from "../../core/src/providers/twitter.js"
import { APP, appConfig, browser, signIn } from "../../core/test/oauth/app.js"
import { X_USER } from "../../core/test/providers/fixtures.js"
import { startProviderStandIn } from "../../core/test/support/provider-standin.js"
import { forEachFamily, migratedTargetPerTest } from "./support/server-tests.js"

await forEachFamily((create) => {
  const current = migratedTargetPerTest(create)

  it("X (OAuth 2.0, no email) signs in: a user row with a NULL email, its account, and a working database session", async () => {
    const x = await startProviderStandIn({
      authorize: { path: "/i/oauth2/authorize" },
      token: {
        path: "/2/oauth2/token",
        reply: {
          json: {
            token_type: "bearer",
            expires_in: 7200,
            access_token: "x-access-token",
            scope: "users.read tweet.read offline.access",
            refresh_token: "x-refresh-token",
          },
        },
      },
      routes: [{ path: "/2/users/me", reply: { json: X_USER } }],
    })
    try {
      const provider = Twitter({
        clientId: "x-client",
        clientSecret: "x-secret",
        authorization: { url: x.endpoint("/i/oauth2/authorize") },
        token: x.endpoint("/2/oauth2/token"),
        userinfo: { url: x.endpoint("/2/users/me") },
      })
      const adapter = KyselyAdapter(current().db)
      const config = appConfig([provider as unknown as Record<string, unknown>], { adapter, session: { strategy: "database" } })
      const app = browser(config)
      const run = await signIn(app, x as never, "twitter")

      expect(config.log.errors).toEqual([])
      expect(run.location).toBe(APP.origin)
      const users = await current().db.selectFrom("User").selectAll().execute()
      expect(users).toHaveLength(1)
      expect(users[0]).toMatchObject({ name: X_USER.data.name, email: null, image: X_USER.data.profile_image_url })
      const accounts = await current().db.selectFrom("Account").selectAll().execute()
      expect(accounts).toEqual([expect.objectContaining({ userId: users[0]!.id, provider: "twitter", providerAccountId: X_USER.data.id })])
      expect(await current().db.selectFrom("Session").select("userId").execute()).toEqual([{ userId: users[0]!.id }])

      const { body } = await app.session()
      expect(body?.user).toEqual({ name: X_USER.data.name, email: null, image: X_USER.data.profile_image_url })
    } finally {
      await x.close()
    }
  })
})
