/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0) against the
 * real OpenID Provider: `POST /signout` of a session started through a
 * provider with `federatedSignOut` ends the local session, then sends the
 * browser to the provider's end-session endpoint; the provider ends its own
 * session and sends the browser back to `/signout-return`, which checks
 * `state` and lands on the sign-out's callbackUrl.
 */
import { describe, expect, it } from "vitest"
import { MemoryAdapter } from "../../src/adapters/memory.js"
import { decode } from "../../src/jwt.js"
import { redirectTarget } from "../support/client.js"
import { cookieNames, SECRET } from "../support/config.js"
import { findSetCookie, isDeletion } from "../support/cookies.js"
import type { TestClient } from "../support/openid-provider.js"
import { APP, appConfig, browser, callbackUrlOf, oidcProvider, openIdProviderForFile, signIn } from "./app.js"

const op = await openIdProviderForFile()
const names = cookieNames(false)
const RETURN = `${APP.origin}/auth/signout-return`

function registerClient(): Promise<TestClient> {
  return op.addClient({ redirectUris: [callbackUrlOf("op")], metadata: { post_logout_redirect_uris: [RETURN] } })
}

async function signOut(app: ReturnType<typeof browser>, headers: Record<string, string> = {}) {
  const csrfToken = await app.csrfToken()
  return app.send("/auth/signout", { form: { csrfToken, callbackUrl: `${APP.origin}/goodbye` }, headers })
}

describe("RP-initiated logout", () => {
  for (const strategy of ["jwt", "database"] as const) {
    it(`${strategy}: ends the local session, then the provider's, and comes back to the callbackUrl`, async () => {
      const client = await registerClient()
      const options = strategy === "database" ? { adapter: MemoryAdapter(), session: { strategy } } : {}
      const app = browser(appConfig([oidcProvider(op, client, "op", { federatedSignOut: true })], options))
      const run = await signIn(app, op, "op")
      expect((await app.session()).body?.user?.email).toBe("ada@example.com")
      // While the provider's session lives, a silent authorization succeeds.
      const silent = await op.authorize(`${run.authorizationUrl.href}&prompt=none`, { jar: run.outcome.jar })
      expect(silent.params.get("code")).toEqual(expect.any(String))

      const response = await signOut(app)
      expect(response.status).toBe(302)
      expect(isDeletion(findSetCookie(response, names.session)!)).toBe(true)
      expect((await app.session()).body).toBeNull()
      const endSession = new URL(response.headers.get("location")!)
      expect(`${endSession.origin}${endSession.pathname}`).toBe(`${op.issuer}/session/end`)
      expect(endSession.searchParams.get("id_token_hint")).toEqual(expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/))
      expect(endSession.searchParams.get("client_id")).toBe(client.clientId)
      expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(RETURN)
      const state = endSession.searchParams.get("state")!
      expect(state.length).toBeGreaterThanOrEqual(22)

      const back = await op.endSession(endSession, { jar: run.outcome.jar })
      expect(`${back.location.origin}${back.location.pathname}`).toBe(RETURN)
      expect(back.location.searchParams.get("state")).toBe(state)
      const landed = await app.send(`${back.location.pathname}${back.location.search}`)
      expect(landed.status).toBe(302)
      expect(landed.headers.get("location")).toBe(`${APP.origin}/goodbye`)

      // The provider's session is gone: a silent authorization now needs a login.
      const after = await op.authorize(`${run.authorizationUrl.href}&prompt=none`, { jar: run.outcome.jar })
      expect(after.params.get("error")).toBe("login_required")
    })
  }

  it("answers { url } to X-Auth-Return-Redirect (the client's signOut())", async () => {
    const client = await registerClient()
    const app = browser(appConfig([oidcProvider(op, client, "op", { federatedSignOut: true })]))
    await signIn(app, op, "op")
    const response = await signOut(app, { "X-Auth-Return-Redirect": "1" })
    expect(response.status).toBe(200)
    expect(await redirectTarget(response)).toMatch(new RegExp(`^${op.issuer}/session/end\\?`))
  })

  it("a return with another state, or without the cookie, lands on the origin, never on a URL the cookie did not vouch for", async () => {
    const client = await registerClient()
    const app = browser(appConfig([oidcProvider(op, client, "op", { federatedSignOut: true })]))
    await signIn(app, op, "op")
    await signOut(app)
    const forged = await app.send("/auth/signout-return?state=forged")
    expect(forged.status).toBe(302)
    expect(forged.headers.get("location")).toBe(APP.origin)
    const bare = await browser(appConfig([oidcProvider(op, client, "op", { federatedSignOut: true })])).send("/auth/signout-return?state=x")
    expect(bare.headers.get("location")).toBe(APP.origin)
  })

  it("an endSessionUrl wins over discovery", async () => {
    const client = await registerClient()
    const app = browser(appConfig([oidcProvider(op, client, "op", { federatedSignOut: true, endSessionUrl: "https://idp.example/logout" })]))
    await signIn(app, op, "op")
    const location = new URL((await signOut(app)).headers.get("location")!)
    expect(`${location.origin}${location.pathname}`).toBe("https://idp.example/logout")
  })

  it("a provider without an end-session endpoint: a local sign-out to the callbackUrl, and one warning per configuration", async () => {
    const client = await registerClient()
    const stop = op.rewriteJson("discovery", ({ end_session_endpoint: _gone, ...rest }) => rest)
    const config = appConfig([oidcProvider(op, client, "op", { federatedSignOut: true })])
    for (let round = 0; round < 2; round++) {
      const app = browser(config)
      await signIn(app, op, "op")
      const response = await signOut(app)
      expect(response.headers.get("location")).toBe(`${APP.origin}/goodbye`)
      expect((await app.session()).body).toBeNull()
    }
    stop()
    expect(config.log.warnings).toEqual(["federated-signout-unavailable"])
  })

  it("without federatedSignOut nothing changes: no lk claim in the session token, and the sign-out stays local", async () => {
    const client = await registerClient()
    const config = appConfig([oidcProvider(op, client, "op")])
    const app = browser(config)
    await signIn(app, op, "op")
    const token = await decode({ token: app.jar.get(names.session)!, secret: SECRET, salt: names.session })
    expect(token).not.toHaveProperty("lk")
    const response = await signOut(app)
    expect(response.headers.get("location")).toBe(`${APP.origin}/goodbye`)
  })

  it("with federatedSignOut the session token carries the provider and the ID token under lk, and a read does not re-issue it", async () => {
    const client = await registerClient()
    const app = browser(appConfig([oidcProvider(op, client, "op", { federatedSignOut: true })]))
    await signIn(app, op, "op")
    const token = await decode({ token: app.jar.get(names.session)!, secret: SECRET, salt: names.session })
    expect(token?.lk).toEqual({ p: "op", idt: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) })
    // An unchanged session is answered without a new cookie, as one without lk is (updateAge).
    for (let read = 0; read < 2; read++) {
      const { response, body } = await app.session()
      expect(body?.user?.email).toBe("ada@example.com")
      expect(findSetCookie(response, names.session)).toBeUndefined()
    }
  })
})
