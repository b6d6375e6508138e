/**
 * Back-channel logout across two app instances sharing one Redis: the user
 * signs in on instance A; the OpenID Provider's own logout delivers the
 * logout token to instance B (it serves the back-channel URL); the user's
 * next read on A — and on B — is signed out. Under the JWT strategy through
 * the revocation list in the `RedisStore`; under the database strategy
 * through the `RedisAdapter`'s `deleteSessionsByProviderSession`. Each
 * instance has its own client and configuration, as two processes would.
 */
import { Auth, type AuthConfig } from "@latchkey/core"
import type { Redis } from "ioredis"
import { afterAll, beforeAll, expect, it } from "vitest"
import { signIn } from "../../core/test/oauth/app.js"
import { type AppServer, startAppServer } from "../../core/test/support/app-server.js"
import { Client } from "../../core/test/support/client.js"
import { HTTP_ORIGIN } from "../../core/test/support/config.js"
import { CookieJar } from "../../core/test/support/cookies.js"
import { type OpenIdProvider, startOpenIdProvider, type TestClient } from "../../core/test/support/openid-provider.js"
import { RedisAdapter, RedisStore } from "../src/index.js"
import { describeWithRedis, freshPrefix, removePrefix, testClient } from "./support.js"

const SECRET = "redis-backchannel-secret-0123456789abcdef"

describeWithRedis("back-channel logout with two instances sharing Redis", () => {
  let op: OpenIdProvider
  let server: AppServer
  let client: TestClient
  const redis: Redis[] = []
  const prefix = freshPrefix("logout")

  beforeAll(async () => {
    op = await startOpenIdProvider({ backchannelLogout: true })
    server = await startAppServer({ Auth })
    client = await op.addClient({
      redirectUris: [`${HTTP_ORIGIN.origin}/auth/callback/op`],
      metadata: { backchannel_logout_uri: `${server.origin}/auth/backchannel-logout/op`, backchannel_logout_session_required: true },
    })
    redis.push(testClient(), testClient())
  })
  afterAll(async () => {
    await removePrefix(redis[0]!, prefix)
    for (const connection of redis) connection.disconnect()
    await server.close()
    await op.close()
  })

  /** One instance's configuration, on its own Redis connection. */
  function instance(connection: Redis, strategy: "jwt" | "database"): AuthConfig {
    return {
      secret: SECRET,
      trustHost: true,
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      store: new RedisStore(connection, { prefix: `${prefix}store:` }),
      ...(strategy === "database" ? { adapter: RedisAdapter(connection, { prefix: `${prefix}adapter:` }), session: { strategy } } : {}),
      providers: [
        {
          id: "op",
          name: "Test OP",
          type: "oidc",
          issuer: op.issuer,
          clientId: client.clientId,
          clientSecret: client.clientSecret,
          backchannelLogout: true,
        } as any,
      ],
    }
  }

  for (const strategy of ["jwt", "database"] as const) {
    it(`${strategy} strategy: the provider's logout reaches B, and A's next read is signed out`, async () => {
      const a = instance(redis[0]!, strategy)
      const b = instance(redis[1]!, strategy)
      server.use(b)
      const jar = new CookieJar()
      const onA = new Client({ Auth }, a as any, HTTP_ORIGIN, jar)
      const onB = new Client({ Auth }, b as any, HTTP_ORIGIN, jar)
      const run = await signIn(onA, op, "op")
      expect(run.callback.status).toBe(302)
      expect((await onA.session()).body?.user?.email).toBe("ada@example.com")
      expect((await onB.session()).body?.user?.email).toBe("ada@example.com")

      const before = server.requests.length
      await op.endSession(`${op.issuer}/session/end`, { jar: run.outcome.jar })
      expect(server.requests.slice(before)).toEqual([{ method: "POST", path: "/auth/backchannel-logout/op", status: 200 }])
      expect((await onA.session()).body).toBeNull()
      expect((await onB.session()).body).toBeNull()
    })
  }
})
