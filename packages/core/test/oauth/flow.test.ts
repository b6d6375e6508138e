/**
 * OAuth 2.0 / OpenID Connect sign-in against a real OpenID Provider
 * (oidc-provider on 127.0.0.1), over HTTP only: the authorization redirect,
 * the check cookies, discovery, every client authentication method,
 * form_post, a plain `oauth` provider with explicit endpoints, and the JWT
 * session that results.
 */
import { describe, expect, it } from "vitest"
import { errorParams } from "../support/client.js"
import { cookieNames } from "../support/config.js"
import { findSetCookie, isDeletion, setCookies } from "../support/cookies.js"
import type { ClientAuthMethod } from "../support/openid-provider.js"
import { APP, appConfig, browser, callbackUrlOf, oidcProvider, openIdProviderForFile, registerClient, signIn } from "./app.js"

const op = await openIdProviderForFile()
const names = cookieNames(false)
const NONCE = "authjs.nonce"

describe("POST /signin/{oidc provider}", () => {
  it("redirects to the discovered authorization endpoint with PKCE S256, state and nonce, each in its own cookie", async () => {
    const client = await registerClient(op, "op")
    const app = browser(appConfig([oidcProvider(op, client)]))
    const csrfToken = await app.csrfToken()
    const response = await app.send("/auth/signin/op?login_hint=ada", { form: { csrfToken } })

    expect(response.status).toBe(302)
    const url = new URL(response.headers.get("location")!)
    expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/auth`)
    const params = url.searchParams
    expect(params.get("response_type")).toBe("code")
    expect(params.get("client_id")).toBe(client.clientId)
    expect(params.get("redirect_uri")).toBe(callbackUrlOf("op"))
    expect(params.get("scope")).toBe("openid profile email")
    expect(params.get("code_challenge_method")).toBe("S256")
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/)
    expect(params.get("state")).toEqual(expect.any(String))
    expect(params.get("nonce")).toEqual(expect.any(String))
    expect(params.get("login_hint")).toBe("ada")

    for (const name of [names.pkce, names.state, NONCE]) {
      const cookie = findSetCookie(response, name)!
      expect(cookie, name).toBeDefined()
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure: false })
      expect(cookie.value.split(".")).toHaveLength(5)
      expect(cookie.expires!.valueOf() - Date.now()).toBeGreaterThan(14 * 60 * 1000)
      expect(cookie.expires!.valueOf() - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000)
    }
    // As @auth/core: Max-Age on the PKCE and state cookies, Expires only on the nonce cookie.
    expect(findSetCookie(response, names.pkce)!.maxAge).toBe(900)
    expect(findSetCookie(response, names.state)!.maxAge).toBe(900)
    expect(findSetCookie(response, NONCE)!.maxAge).toBeUndefined()
  })

  it("keeps the provider's authorization params and lets the request's query override them", async () => {
    const client = await registerClient(op, "op")
    const provider = oidcProvider(op, client, "op", { authorization: { params: { scope: "openid email", prompt: "login", ui_locales: "de" } } })
    const app = browser(appConfig([provider]))
    const csrfToken = await app.csrfToken()
    const response = await app.send("/auth/signin/op?ui_locales=fr", { form: { csrfToken } })
    const params = new URL(response.headers.get("location")!).searchParams
    expect(params.get("scope")).toBe("openid email")
    expect(params.get("prompt")).toBe("login")
    expect(params.get("ui_locales")).toBe("fr")
  })

  it("honours a provider's explicit checks (state only: no PKCE, no nonce)", async () => {
    const client = await registerClient(op, "op")
    const app = browser(appConfig([oidcProvider(op, client, "op", { checks: ["state"] })]))
    const csrfToken = await app.csrfToken()
    const response = await app.send("/auth/signin/op", { form: { csrfToken } })
    const params = new URL(response.headers.get("location")!).searchParams
    expect(params.has("state")).toBe(true)
    expect(params.has("code_challenge")).toBe(false)
    expect(params.has("nonce")).toBe(false)
    expect(findSetCookie(response, names.pkce)).toBeUndefined()
  })

  it("refuses without the CSRF token", async () => {
    const client = await registerClient(op, "op")
    const app = browser(appConfig([oidcProvider(op, client)]))
    const response = await app.send("/auth/signin/op", { form: { csrfToken: "nope" } })
    expect(errorParams(response.headers.get("location"))).toMatchObject({ path: "/auth/signin", error: "MissingCSRF" })
  })

  it("GET /signin/{id} is not an action, as in @auth/core: error=Configuration", async () => {
    const client = await registerClient(op, "op")
    const app = browser(appConfig([oidcProvider(op, client)]))
    const response = await app.send("/auth/signin/op")
    expect(errorParams(response.headers.get("location")).error).toBe("Configuration")
  })
})

describe("the callback: a full sign-in with a JWT session", () => {
  it("signs in with discovery, clears the check cookies and issues a session with the user and sub", async () => {
    const client = await registerClient(op, "op")
    const config = appConfig([oidcProvider(op, client)])
    const app = browser(config)
    const run = await signIn(app, op, "op", { callbackUrl: "/dashboard" })

    expect(run.outcome.params.get("iss")).toBe(op.issuer)
    expect(run.callback.status).toBe(302)
    expect(run.location).toBe(`${APP.origin}/dashboard`)
    for (const name of [names.pkce, names.state, NONCE]) expect(isDeletion(findSetCookie(run.callback, name)!), name).toBe(true)
    expect(findSetCookie(run.callback, names.session)).toMatchObject({ httpOnly: true, sameSite: "lax" })

    const { body } = await app.session()
    expect(body.user).toEqual({ name: "Ada Lovelace", email: "ada@example.com", image: "https://images.example.com/ada.png" })
    expect(config.log.errors).toEqual([])
  })

  it("gives the jwt callback the user, the account (tokens, expires_at, lower-case token_type) and the id_token's profile", async () => {
    const client = await registerClient(op, "op")
    const seen: any[] = []
    const config = appConfig([oidcProvider(op, client)], {
      callbacks: {
        jwt(params: any) {
          if (params.trigger) seen.push(params)
          return params.token
        },
      },
    })
    await signIn(browser(config), op, "op")
    expect(seen).toHaveLength(1)
    const [{ token, user, account, profile, trigger, isNewUser }] = seen
    expect(trigger).toBe("signIn")
    expect(isNewUser).toBe(false)
    expect(token.sub).toBe(user.id)
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(user.email).toBe("ada@example.com")
    expect(account).toMatchObject({ provider: "op", type: "oidc", providerAccountId: "op-user-1", token_type: "bearer" })
    expect(account.access_token).toEqual(expect.any(String))
    expect(account.id_token).toEqual(expect.any(String))
    expect(account.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(3500)
    expect(profile).toMatchObject({ sub: "op-user-1", iss: op.issuer, aud: client.clientId })
  })

  const methods: ClientAuthMethod[] = ["client_secret_basic", "client_secret_post", "client_secret_jwt", "private_key_jwt"]
  it.each(methods)("authenticates at the token endpoint with %s", async (auth) => {
    const client = await registerClient(op, "op", { auth })
    let presented: string | undefined
    op.after("token", (ctx: any) => {
      presented = ctx.oidc.client?.clientAuthMethod ?? ctx.oidc.client?.tokenEndpointAuthMethod
    })
    const config = appConfig([oidcProvider(op, client)])
    const app = browser(config)
    const run = await signIn(app, op, "op")
    expect(run.location, JSON.stringify(config.log.errors.map(String))).toBe(APP.origin)
    expect(presented).toBe(auth)
    expect((await app.session()).body.user.email).toBe("ada@example.com")
  })

  it("signs in with response_mode=form_post: the response is POSTed, state and nonce cookies are SameSite=None; Secure", async () => {
    const client = await registerClient(op, "op")
    const provider = oidcProvider(op, client, "op", { authorization: { params: { response_mode: "form_post" } } })
    const app = browser(appConfig([provider]))
    const run = await signIn(app, op, "op")
    expect(run.outcome.mode).toBe("form_post")
    for (const name of [names.state, NONCE]) expect(findSetCookie(run.start, name)).toMatchObject({ sameSite: "none", secure: true })
    expect(findSetCookie(run.start, names.pkce)).toMatchObject({ sameSite: "lax" })
    expect(run.location).toBe(APP.origin)
    expect((await app.session()).body.user.name).toBe("Ada Lovelace")
  })

  it("hands a form_post response's user field (Apple's first-authorization name) to profile() as profile.user", async () => {
    const client = await registerClient(op, "op")
    const profiles: any[] = []
    const provider = oidcProvider(op, client, "op", {
      authorization: { params: { response_mode: "form_post" } },
      profile: (profile: any) => {
        profiles.push(profile)
        return { id: profile.sub, name: JSON.parse(profile.user).name.firstName, email: profile.email }
      },
    })
    const app = browser(appConfig([provider]))
    const user = JSON.stringify({ name: { firstName: "Augusta", lastName: "King" } })
    await signIn(app, op, "op", { tamper: (params) => params.set("user", user) })
    expect(profiles[0]).toMatchObject({ sub: "op-user-1", user })
    expect((await app.session()).body.user.name).toBe("Augusta")
  })

  it("reads the profile from userinfo when idToken is false, and requires its sub to be the id_token's", async () => {
    const client = await registerClient(op, "op")
    const app = browser(appConfig([oidcProvider(op, client, "op", { idToken: false })]))
    let userinfoCalls = 0
    op.after("userinfo", () => void userinfoCalls++)
    await signIn(app, op, "op")
    expect(userinfoCalls).toBe(1)
    expect((await app.session()).body.user.email).toBe("ada@example.com")

    op.rewriteJson("userinfo", (body) => ({ ...body, sub: "someone-else" }))
    const other = browser(appConfig([oidcProvider(op, client, "op", { idToken: false })]))
    const run = await signIn(other, op, "op")
    expect(errorParams(run.location)).toMatchObject({ path: "/auth/signin", error: "OAuthCallbackError" })
    expect(other.sessionCookieNames()).toEqual([])
  })

  it("signs in with a plain oauth provider on explicit endpoints (no discovery), its profile from userinfo", async () => {
    const client = await registerClient(op, "plain", { auth: "client_secret_post" })
    let discovery = 0
    op.after("discovery", () => void discovery++)
    const provider = {
      id: "plain",
      name: "Plain OAuth",
      type: "oauth",
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      client: { token_endpoint_auth_method: "client_secret_post" },
      authorization: { url: `${op.issuer}/auth`, params: { scope: "openid email profile" } },
      token: `${op.issuer}/token`,
      userinfo: `${op.issuer}/me`,
      profile: (profile: any) => ({ id: profile.sub, name: profile.preferred_username, email: profile.email }),
    }
    const config = appConfig([provider])
    const app = browser(config)
    const run = await signIn(app, op, "plain")
    expect(new URL(run.authorizationUrl).searchParams.has("nonce")).toBe(false)
    expect(run.location, JSON.stringify(config.log.errors.map(String))).toBe(APP.origin)
    expect(discovery).toBe(0)
    expect((await app.session()).body.user).toEqual({ name: "ada", email: "ada@example.com" })
  })

  it("discovers once per configuration and reuses the metadata for later sign-ins", async () => {
    const client = await registerClient(op, "op")
    let discovery = 0
    op.after("discovery", () => void discovery++)
    const config = appConfig([oidcProvider(op, client)])
    await signIn(browser(config), op, "op")
    await signIn(browser(config), op, "op")
    expect(discovery).toBe(1)
  })

  it("deletes every check cookie it sets, and nothing but what the callback set stays in the jar", async () => {
    const client = await registerClient(op, "op")
    const app = browser(appConfig([oidcProvider(op, client)]))
    const run = await signIn(app, op, "op")
    const deleted = setCookies(run.callback)
      .filter(isDeletion)
      .map((cookie) => cookie.name)
    expect(deleted).toEqual(expect.arrayContaining([names.pkce, names.state, NONCE]))
    expect(app.jar.names()).toEqual([names.callbackUrl, names.csrf, names.session].sort())
  })
})
