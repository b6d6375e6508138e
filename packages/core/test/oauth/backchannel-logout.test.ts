/**
 * Back-channel logout (OpenID Connect Back-Channel Logout 1.0) against the
 * real OpenID Provider: the eight cases of the OpenID Foundation's
 * `oidcc-client-back-channel-logout-rp` plan, plus an expired token, a
 * replayed `jti`, another key and another client; then the provider's own
 * logout (its end-session endpoint) ending the Latchkey session on the next
 * read, under both session strategies.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from "jose"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { MemoryAdapter } from "../../src/adapters/memory.js"
import { type AppServer, startAppServer } from "../support/app-server.js"
import { latchkey } from "../support/implementations.js"
import { type OpenIdProvider, startOpenIdProvider, type TestClient } from "../support/openid-provider.js"
import { APP, appConfig, browser, callbackUrlOf, oidcProvider, signIn } from "./app.js"

const EVENT = "http://schemas.openid.net/event/backchannel-logout"

let op: OpenIdProvider
let server: AppServer

beforeAll(async () => {
  op = await startOpenIdProvider({ backchannelLogout: true })
  server = await startAppServer(latchkey)
})
afterEach(() => {
  expect(op.errors).toEqual([])
  op.reset()
})
afterAll(async () => {
  await server.close()
  await op.close()
})

/** A client whose logout tokens go to the app server, with `sid` in ID and logout tokens. */
function registerLogoutClient(options: { sessionRequired?: boolean } = {}): Promise<TestClient> {
  return op.addClient({
    redirectUris: [callbackUrlOf("op")],
    metadata: {
      backchannel_logout_uri: `${server.origin}/auth/backchannel-logout/op`,
      backchannel_logout_session_required: options.sessionRequired ?? true,
      post_logout_redirect_uris: [`${APP.origin}/auth/signout-return`],
    },
  })
}

/** A signed-in browser, and the `sid`/`sub` of its ID token. */
async function signedIn(config: ReturnType<typeof appConfig>) {
  let idToken: string | undefined
  const stop = op.after("token", (ctx) => {
    idToken = (ctx.body as { id_token?: string }).id_token
  })
  const app = browser(config)
  const run = await signIn(app, op, "op")
  stop()
  expect(run.location?.startsWith(APP.origin)).toBe(true)
  const claims = JSON.parse(Buffer.from(idToken!.split(".")[1]!, "base64url").toString("utf8")) as { sid?: string; sub: string }
  expect((await app.session()).body?.user?.email).toBe("ada@example.com")
  return { app, sid: claims.sid, sub: claims.sub, jar: run.outcome.jar }
}

/** The claims of a valid logout token for `client` and `ref`. */
function logoutClaims(client: TestClient, ref: { sid?: string; sub?: string }): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000)
  return { iss: op.issuer, aud: client.clientId, iat: now, exp: now + 120, jti: crypto.randomUUID(), events: { [EVENT]: {} }, ...ref }
}

async function post(app: ReturnType<typeof browser>, token: string) {
  const response = await app.send("/auth/backchannel-logout/op", { form: { logout_token: token }, cookie: "", keepJar: true })
  return { status: response.status, cacheControl: response.headers.get("cache-control"), body: (await response.json()) as Record<string, string> }
}

function unsigned(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
  return `${part({ alg: "none", typ: "logout+jwt" })}.${part(payload)}.`
}

describe("POST /backchannel-logout/{provider}: the OIDF oidcc-client-back-channel-logout-rp cases, and more", () => {
  let client: TestClient
  let config: ReturnType<typeof appConfig>
  beforeAll(async () => {
    client = await registerLogoutClient()
    config = appConfig([oidcProvider(op, client, "op", { backchannelLogout: true })])
  })

  it("a valid logout token: 200 {} with no-store, and the session reads as signed out at once", async () => {
    const { app, sid, sub } = await signedIn(config)
    expect(sid).toEqual(expect.any(String))
    const answer = await post(app, await op.signJwt(logoutClaims(client, { sid, sub }), { header: { typ: "logout+jwt" } }))
    expect(answer).toEqual({ status: 200, cacheControl: "no-store", body: {} })
    expect((await app.session()).body).toBeNull()
  })

  // Each case with the rule its refusal must name (not merely any 400).
  const refused: [string, (claims: Record<string, unknown>) => Promise<string>, RegExp][] = [
    ["alg-none", async (claims) => unsigned(claims), /not signed/],
    ["no-event", async ({ events: _events, ...claims }) => op.signJwt(claims), /events claim/],
    ["with-nonce", async (claims) => op.signJwt({ ...claims, nonce: "n-0S6_WzA2Mj" }), /nonce/],
    [
      "wrong-alg (HS256 with the client secret)",
      async (claims) => new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(client.clientSecret!)),
      /HS256/,
    ],
    ["wrong-aud", async (claims) => op.signJwt({ ...claims, aud: "somebody-else" }), /aud/],
    ["wrong-event", async (claims) => op.signJwt({ ...claims, events: { "http://schemas.openid.net/event/other": {} } }), /events claim/],
    ["wrong-iss", async (claims) => op.signJwt({ ...claims, iss: "https://attacker.example" }), /iss/],
    ["expired", async (claims) => op.signJwt({ ...claims, iat: Math.floor(Date.now() / 1000) - 600, exp: Math.floor(Date.now() / 1000) - 300 }), /expired/],
    [
      "signed by another key under the provider's kid",
      async (claims) => {
        const { privateKey } = await generateKeyPair("RS256")
        const kid = op.jwks().keys.find((key) => key.alg === "RS256")!.kid
        return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid }).sign(privateKey)
      },
      /signature is invalid/,
    ],
    [
      "signed by another key with its own kid",
      async (claims) => {
        const { privateKey, publicKey } = await generateKeyPair("ES256")
        return new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: await calculateJwkThumbprint(await exportJWK(publicKey)) }).sign(privateKey)
      },
      /unknown kid/,
    ],
    ["for another client", async (claims) => op.signJwt({ ...claims, aud: (await registerLogoutClient()).clientId }), /aud/],
    ["with neither sid nor sub", async ({ sid: _sid, sub: _sub, ...claims }) => op.signJwt(claims), /neither sid nor sub/],
    ["with a typ other than logout+jwt", async (claims) => op.signJwt(claims, { header: { typ: "JWT" } }), /typ/],
  ]
  for (const [name, make, reason] of refused) {
    it(`${name}: 400 invalid_request, no-store, and the session stays`, async () => {
      const { app, sid, sub } = await signedIn(config)
      const answer = await post(app, await make(logoutClaims(client, { sid, sub })))
      expect(answer.status).toBe(400)
      expect(answer.cacheControl).toBe("no-store")
      expect(answer.body).toEqual({ error: "invalid_request", error_description: expect.stringMatching(reason) })
      expect((await app.session()).body?.user?.email).toBe("ada@example.com")
    })
  }

  it("a replayed jti: the second delivery is refused (400), even for another session", async () => {
    const first = await signedIn(config)
    const second = await signedIn(config)
    const claims = logoutClaims(client, { sid: first.sid, sub: first.sub })
    expect((await post(first.app, await op.signJwt(claims))).status).toBe(200)
    const replay = await post(second.app, await op.signJwt({ ...claims, sid: second.sid }))
    expect(replay).toMatchObject({ status: 400, body: { error: "invalid_request" } })
    expect((await second.app.session()).body?.user?.email).toBe("ada@example.com")
  })

  it("the same token delivered twice at once: exactly one 200", async () => {
    const { app, sid, sub } = await signedIn(config)
    const token = await op.signJwt(logoutClaims(client, { sid, sub }))
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(app, token)))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(7)
  })

  it("sid ends only that provider session; a sub-only token ends every session of the sub", async () => {
    const one = await signedIn(config)
    const two = await signedIn(config)
    expect(one.sid).not.toBe(two.sid)
    expect((await post(one.app, await op.signJwt(logoutClaims(client, { sid: one.sid, sub: one.sub })))).status).toBe(200)
    expect((await one.app.session()).body).toBeNull()
    expect((await two.app.session()).body?.user?.email).toBe("ada@example.com")
    const three = await signedIn(config)
    expect((await post(two.app, await op.signJwt(logoutClaims(client, { sub: two.sub })))).status).toBe(200)
    expect((await two.app.session()).body).toBeNull()
    expect((await three.app.session()).body).toBeNull()
  })

  it("a token naming no session answers 200", async () => {
    const { app } = await signedIn(config)
    expect((await post(app, await op.signJwt(logoutClaims(client, { sid: "nobody" })))).status).toBe(200)
    expect((await app.session()).body?.user?.email).toBe("ada@example.com")
  })

  it("tells events.sessionRevoked, by backchannel", async () => {
    const seen: unknown[] = []
    const withEvents = appConfig([oidcProvider(op, client, "op", { backchannelLogout: true })], {
      events: { sessionRevoked: (message: unknown) => void seen.push(message) },
    })
    const { app, sid, sub } = await signedIn(withEvents)
    expect((await post(app, await op.signJwt(logoutClaims(client, { sid, sub })))).status).toBe(200)
    expect(seen).toEqual([{ userId: expect.any(String), ids: [expect.any(String)], by: "backchannel" }])
  })

  it("a provider without backchannelLogout, a missing or repeated logout_token: 400, never a 500", async () => {
    const plain = browser(appConfig([oidcProvider(op, client, "op")]))
    const token = await op.signJwt(logoutClaims(client, { sub: "x" }))
    expect((await plain.send("/auth/backchannel-logout/op", { form: { logout_token: token } })).status).toBe(400)
    const app = browser(config)
    // A GET is no back-channel logout: the unknown-action answer (the error page), as for any other unsupported method.
    const get = await app.send("/auth/backchannel-logout/op")
    expect(get.status).toBe(302)
    expect(get.headers.get("location")).toContain("/auth/error")
    expect((await app.send("/auth/backchannel-logout/op", { form: { other: "x" } })).status).toBe(400)
    expect(
      (
        await app.send("/auth/backchannel-logout/op", {
          form: [
            ["logout_token", token],
            ["logout_token", token],
          ],
        })
      ).status,
    ).toBe(400)
    expect((await app.send("/auth/backchannel-logout/op", { form: { logout_token: "not.a.jwt" } })).status).toBe(400)
    expect((await app.send("/auth/backchannel-logout/nobody", { form: { logout_token: token } })).status).toBe(400)
  })
})

describe("the provider's own logout ends the Latchkey session on the next read", () => {
  for (const strategy of ["jwt", "database"] as const) {
    it(`${strategy} strategy`, async () => {
      const client = await registerLogoutClient()
      const options = strategy === "database" ? { adapter: MemoryAdapter(), session: { strategy } } : {}
      const config = appConfig([oidcProvider(op, client, "op", { backchannelLogout: true })], options)
      server.use(config)
      const { app, jar } = await signedIn(config)
      const before = server.requests.length
      // The user signs out at the provider itself (no id_token_hint): it sends the logout token to every client of the session.
      await op.endSession(`${op.issuer}/session/end`, { jar })
      expect(server.requests.slice(before)).toEqual([{ method: "POST", path: "/auth/backchannel-logout/op", status: 200 }])
      expect((await app.session()).body).toBeNull()
    })
  }

  it("database strategy, a hand-made token by sub: every session of the subject is deleted, and events.sessionRevoked is told", async () => {
    const client = await registerLogoutClient()
    const seen: unknown[] = []
    const config = appConfig([oidcProvider(op, client, "op", { backchannelLogout: true })], {
      adapter: MemoryAdapter(),
      session: { strategy: "database" },
      events: { sessionRevoked: (message: unknown) => void seen.push(message) },
    })
    const one = await signedIn(config)
    const two = await signedIn(config)
    const answer = await post(one.app, await op.signJwt(logoutClaims(client, { sub: one.sub })))
    expect(answer).toEqual({ status: 200, cacheControl: "no-store", body: {} })
    expect((await one.app.session()).body).toBeNull()
    expect((await two.app.session()).body).toBeNull()
    expect(seen).toEqual([{ userId: expect.any(String), ids: [expect.any(String), expect.any(String)], by: "backchannel" }])
  })

  it("without a sid in the provider's tokens, by sub", async () => {
    const client = await registerLogoutClient({ sessionRequired: false })
    const config = appConfig([oidcProvider(op, client, "op", { backchannelLogout: true })])
    server.use(config)
    const { app, jar, sid } = await signedIn(config)
    expect(sid).toBeUndefined()
    await op.endSession(`${op.issuer}/session/end`, { jar })
    expect((await app.session()).body).toBeNull()
  })
})
