/**
 * Differential tests of the OAuth routes: the same requests go through
 * `@auth/core` 0.41.3 (the reference, from compat/) and through Latchkey,
 * with equivalent provider configurations, against the same real OpenID
 * Provider (oidc-provider on 127.0.0.1), over http://localhost:3000 and
 * https://app.example. What a browser or the provider can observe must
 * agree: the authorization redirect (endpoint and parameters; random values
 * by shape), the check cookies (names and attributes), the callback's
 * redirects and `error` values, the session cookie and `/session`, what
 * the adapter is asked to store, `/providers` and the sign-in page's
 * buttons. Check cookies, state values and sessions minted by one are read
 * by the other, so a deployment can switch libraries mid-flow.
 *
 * Where the wire equality is the point, both sides get the same explicit
 * `checks`, because Latchkey's defaults are stricter. The "deliberate
 * differences" block pins each place Latchkey differs on purpose, next to
 * what the reference does; each is listed in docs/migration.md.
 */
import { describe, expect, it } from "vitest"
import type { Adapter } from "../../src/adapters/contract.js"
import { MemoryAdapter } from "../../src/adapters/memory.js"
import { Client, errorParams, redirectTarget } from "../support/client.js"
import { type AppOrigin, cookieNames, ORIGINS } from "../support/config.js"
import { CookieJar, findSetCookie, isDeletion, setCookies } from "../support/cookies.js"
import { type Implementation, latchkey, reference } from "../support/implementations.js"
import { bodyOf, COMPACT_JWE, cookieSummary, observe, shapeOf } from "../support/observe.js"
import { clientFor, onBoth } from "../support/pair.js"
import { deliver, openIdProviderForFile, signIn } from "./app.js"

/** Both sides get these checks where the point is wire equality (Latchkey's oidc default; @auth/core's is PKCE only). */
const ALL_CHECKS = ["pkce", "state", "nonce"]
const PROVIDER_IDS = ["op", "op2", "plain"] as const
const FIFTEEN_MINUTES_MS = 15 * 60 * 1000
/** A 32-byte random value in base64url (PKCE challenge, nonce). */
const B64URL_32 = /^[\w-]{43}$/

const op = await openIdProviderForFile()
const redirectUris = ORIGINS.flatMap((app) => PROVIDER_IDS.map((id) => `${app.origin}/auth/callback/${id}`))
/** One client at the provider for every provider id on both origins (secret-based, client_secret_basic). */
const registered = await op.addClient({ redirectUris })
/** The same, authenticating with client_secret_post, for the plain `oauth` provider. */
const postClient = await op.addClient({ redirectUris, auth: "client_secret_post" })

/** An `oidc` provider with discovery, as both libraries accept it inline; a fresh object per call (@auth/core mutates it). */
function oidc(id = "op", extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: "Test OP",
    type: "oidc",
    issuer: op.issuer,
    clientId: registered.clientId,
    clientSecret: registered.clientSecret,
    ...extra,
  }
}

/**
 * A plain `oauth` provider on explicit endpoints (no discovery), its profile
 * from userinfo. `issuer` is set so that @auth/core can check the RFC 9207
 * `iss` the provider sends (without it, see the deliberate differences).
 */
function plain(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "plain",
    name: "Plain OAuth",
    type: "oauth",
    issuer: op.issuer,
    clientId: postClient.clientId,
    clientSecret: postClient.clientSecret,
    client: { token_endpoint_auth_method: "client_secret_post" },
    authorization: { url: `${op.issuer}/auth`, params: { scope: "openid email profile" } },
    token: `${op.issuer}/token`,
    userinfo: `${op.issuer}/me`,
    profile: (profile: any) => ({ id: profile.sub, name: profile.preferred_username, email: profile.email }),
    ...extra,
  }
}

/** Config options with `providers`, built fresh for each implementation. */
function withProviders(providers: () => Record<string, unknown>[], options: Record<string, unknown> = {}) {
  return () => ({ providers: providers(), ...options })
}

/** The check cookie names on `app` (the nonce is not in support/config's table). */
function checkNames(app: AppOrigin) {
  const names = cookieNames(app.secure)
  return { pkce: names.pkce, state: names.state, nonce: `${app.secure ? "__Secure-" : ""}authjs.nonce` }
}

/** A value as a differential test compares it: random values by their shape, the rest as they are. */
function paramShape(value: string): string {
  if (COMPACT_JWE.test(value)) return "<compact JWE>"
  if (B64URL_32.test(value)) return "<32 random bytes, base64url>"
  return value
}

/** The authorization URL reduced to what both must agree on: endpoint, and each parameter (sorted) by value or shape. */
function authorizationShape(location: string | null) {
  const url = new URL(location ?? "about:blank")
  const params = [...url.searchParams].map(([name, value]) => [name, paramShape(value)]).sort(([a = ""], [b = ""]) => a.localeCompare(b))
  return { endpoint: `${url.origin}${url.pathname}`, params: Object.fromEntries(params) }
}

/** `POST /signin/{id}` with a fresh CSRF token, as a sign-in button does. */
async function startSignIn(client: Client, id: string, options: { query?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const csrfToken = await client.csrfToken()
  return client.send(`/auth/signin/${id}${options.query ?? ""}`, { form: { csrfToken, ...options.form }, headers: options.headers })
}

/** What a failed callback shows: where it went, with which `error`, and whether anyone got a session. */
async function failure(client: Client, response: Response) {
  const location = await redirectTarget(response)
  const { path, error, code } = errorParams(location)
  return { status: response.status, path, error, code, signedIn: client.sessionCookieNames().length > 0 }
}

/** An adapter that records its write calls: method and the argument's shape (keys and types). */
function recordingAdapter(adapter: Adapter, writes: { method: string; shape: unknown }[]): Adapter {
  const WRITES = new Set(["createUser", "linkAccount", "createSession", "updateUser", "deleteSession"])
  return new Proxy(adapter, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver)
      if (typeof value !== "function" || typeof key !== "string" || !WRITES.has(key)) return value
      return (...args: unknown[]) => {
        writes.push({ method: key, shape: shapeOf(JSON.parse(JSON.stringify(args[0]))) })
        return value.apply(target, args)
      }
    },
  })
}

describe.each(ORIGINS)("@auth/core and Latchkey agree on the OAuth routes over $label ($origin)", (app: AppOrigin) => {
  const checks = checkNames(app)
  const names = cookieNames(app.secure)

  describe("POST /signin/{id}: the authorization redirect", () => {
    it("goes to the discovered authorization endpoint with the same parameters", async () => {
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [oidc("op", { checks: ALL_CHECKS })]),
        async (client) => {
          const response = await startSignIn(client, "op")
          return { status: response.status, ...authorizationShape(response.headers.get("location")) }
        },
      )
      expect(ours).toEqual(ref)
      expect(ours).toEqual({
        status: 302,
        endpoint: `${op.issuer}/auth`,
        params: {
          client_id: registered.clientId,
          code_challenge: "<32 random bytes, base64url>",
          code_challenge_method: "S256",
          nonce: "<32 random bytes, base64url>",
          redirect_uri: `${app.origin}/auth/callback/op`,
          response_type: "code",
          scope: "openid profile email",
          state: "<compact JWE>",
        },
      })
    })

    it("sets the pkce, state and nonce cookies with the same names and attributes, for 15 minutes", async () => {
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [oidc("op", { checks: ALL_CHECKS })]),
        async (client) => {
          const response = await startSignIn(client, "op")
          for (const name of Object.values(checks)) {
            const cookie = findSetCookie(response, name)!
            expect(cookie.value, name).toMatch(COMPACT_JWE)
            expect(cookie.expires!.valueOf() - Date.now()).toBeLessThanOrEqual(FIFTEEN_MINUTES_MS)
            expect(cookie.expires!.valueOf() - Date.now()).toBeGreaterThan(FIFTEEN_MINUTES_MS - 60_000)
          }
          const maxAges = Object.fromEntries(Object.values(checks).map((name) => [name, findSetCookie(response, name)!.maxAge]))
          return { cookies: cookieSummary(response, Object.values(checks)), maxAges }
        },
      )
      expect(ours).toEqual(ref)
      expect(ours.cookies).toEqual(
        Object.values(checks)
          .sort()
          .map((name) => expect.objectContaining({ name, httpOnly: true, secure: app.secure, sameSite: "lax", path: "/", deletes: false, hasExpires: true })),
      )
      // Max-Age on the PKCE and state cookies, Expires only on the nonce cookie: @auth/core's quirk, kept.
      expect(ours.maxAges).toEqual({ [checks.pkce]: 900, [checks.state]: 900, [checks.nonce]: undefined })
    })

    it("passes the provider's authorization params and the request's query on the same way (the query wins)", async () => {
      const provider = () => [oidc("op", { checks: ALL_CHECKS, authorization: { params: { scope: "openid email", prompt: "login", ui_locales: "de" } } })]
      const { ref, ours } = await onBoth(app, withProviders(provider), async (client) => {
        const response = await startSignIn(client, "op", { query: "?ui_locales=fr&login_hint=ada" })
        return authorizationShape(response.headers.get("location")).params
      })
      expect(ours).toEqual(ref)
      expect(ours).toMatchObject({ scope: "openid email", prompt: "login", ui_locales: "fr", login_hint: "ada" })
    })

    it("answers 200 {url} under X-Auth-Return-Redirect, with the same cookies", async () => {
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [oidc("op", { checks: ALL_CHECKS })]),
        async (client) => {
          const response = await startSignIn(client, "op", { headers: { "X-Auth-Return-Redirect": "1" } })
          const body = (await bodyOf(response)) as { url: string }
          return { status: response.status, ...authorizationShape(body.url), cookies: cookieSummary(response, Object.values(checks)) }
        },
      )
      expect(ours).toEqual(ref)
      expect(ours.status).toBe(200)
    })

    it("with response_mode=form_post, sets the state and nonce cookies SameSite=None; Secure (PKCE stays Lax)", async () => {
      const provider = () => [oidc("op", { checks: ALL_CHECKS, authorization: { params: { response_mode: "form_post" } } })]
      const { ref, ours } = await onBoth(app, withProviders(provider), async (client) => {
        const response = await startSignIn(client, "op")
        return { ...authorizationShape(response.headers.get("location")), cookies: cookieSummary(response, Object.values(checks)) }
      })
      expect(ours).toEqual(ref)
      expect(ours.params.response_mode).toBe("form_post")
      expect(ours.cookies).toEqual([
        expect.objectContaining({ name: checks.nonce, sameSite: "none", secure: true }),
        expect.objectContaining({ name: checks.pkce, sameSite: "lax", secure: app.secure }),
        expect.objectContaining({ name: checks.state, sameSite: "none", secure: true }),
      ])
    })

    it("behind a redirect proxy, sends the proxy's callback URL as redirect_uri", async () => {
      const provider = () => [oidc("op", { checks: ALL_CHECKS, redirectProxyUrl: "https://auth.example.com/auth" })]
      const { ref, ours } = await onBoth(app, withProviders(provider), async (client) => {
        const response = await startSignIn(client, "op")
        return authorizationShape(response.headers.get("location"))
      })
      expect(ours).toEqual(ref)
      expect(ours.params.redirect_uri).toBe("https://auth.example.com/auth/callback/op")
    })

    it("for a plain oauth provider, goes to its explicit authorization URL without a nonce", async () => {
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [plain({ checks: ["pkce", "state"] })]),
        async (client) => {
          const response = await startSignIn(client, "plain")
          return authorizationShape(response.headers.get("location"))
        },
      )
      expect(ours).toEqual(ref)
      expect(ours.endpoint).toBe(`${op.issuer}/auth`)
      expect(ours.params).not.toHaveProperty("nonce")
      expect(ours.params.scope).toBe("openid email profile")
    })

    it("GET /signin/{id} is not an action: the error page with error=Configuration", async () => {
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [oidc()]),
        async (client) => {
          const response = await client.send("/auth/signin/op")
          return { ...(await observe(response)), cookies: cookieSummary(response, Object.values(checks)) }
        },
      )
      expect(ours).toEqual(ref)
      expect(errorParams(ours.location)).toMatchObject({ path: "/auth/error", error: "Configuration" })
      expect(ours.cookies).toEqual([])
    })

    it("without the CSRF token: the sign-in page with error=MissingCSRF, and no check cookie", async () => {
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [oidc()]),
        async (client) => {
          await client.csrfToken()
          const response = await client.send("/auth/signin/op", { form: { csrfToken: "not-the-token" } })
          return { location: response.headers.get("location"), cookies: cookieSummary(response, Object.values(checks)) }
        },
      )
      expect(ours).toEqual(ref)
      expect(errorParams(ours.location)).toMatchObject({ path: "/auth/signin", error: "MissingCSRF" })
    })

    it("a discovery document for another issuer: the error page with error=Configuration", async () => {
      op.rewriteJson("discovery", (body) => ({ ...body, issuer: "https://someone-else.example" }))
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [oidc()]),
        async (client) => {
          const response = await startSignIn(client, "op")
          return { location: response.headers.get("location"), cookies: cookieSummary(response, Object.values(checks)) }
        },
      )
      expect(ours).toEqual(ref)
      expect(errorParams(ours.location)).toMatchObject({ path: "/auth/error", error: "Configuration" })
      expect(ours.cookies).toEqual([])
    })
  })

  describe("GET /providers and the sign-in page", () => {
    const providers = () => [oidc("op"), plain(), { id: "later", name: "Later", type: "oidc", issuer: op.issuer, clientId: "x", clientSecret: "y" }]

    it("GET /providers lists oidc and oauth providers with the same entries", async () => {
      const { ref, ours } = await onBoth(app, withProviders(providers), async (client) => {
        const response = await client.send("/auth/providers")
        return { ...(await observe(response)), body: await bodyOf(response) }
      })
      expect(ours).toEqual(ref)
      expect(ours.body).toEqual({
        op: { id: "op", name: "Test OP", type: "oidc", signinUrl: `${app.origin}/auth/signin/op`, callbackUrl: `${app.origin}/auth/callback/op` },
        plain: {
          id: "plain",
          name: "Plain OAuth",
          type: "oauth",
          signinUrl: `${app.origin}/auth/signin/plain`,
          callbackUrl: `${app.origin}/auth/callback/plain`,
        },
        later: { id: "later", name: "Later", type: "oidc", signinUrl: `${app.origin}/auth/signin/later`, callbackUrl: `${app.origin}/auth/callback/later` },
      })
    })

    it("the sign-in page has one form per provider, POSTing to /signin/{id} with the CSRF token", async () => {
      const { ref, ours } = await onBoth(app, withProviders(providers), async (client) => {
        const html = await (await client.send("/auth/signin")).text()
        const actions = [...html.matchAll(/<form\b[^>]*\baction="([^"]+)"[^>]*>/g)].map((match) => match[1])
        return { actions, csrfFields: (html.match(/name="csrfToken"/g) ?? []).length }
      })
      expect(ours).toEqual(ref)
      expect(ours.actions).toEqual(["op", "plain", "later"].map((id) => `${app.origin}/auth/signin/${id}`))
      expect(ours.csrfFields).toBe(3)
    })
  })

  describe("the callback: a full sign-in", () => {
    it("redirects to the callback URL, deletes the check cookies and sets the same session cookie", async () => {
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [oidc("op", { checks: ALL_CHECKS })]),
        async (client) => {
          const run = await signIn(client, op, "op", { callbackUrl: "/dashboard" })
          expect(run.outcome.params.get("iss")).toBe(op.issuer)
          return {
            status: run.callback.status,
            location: run.location,
            cookies: cookieSummary(run.callback, [...Object.values(checks), names.session]),
            jar: client.jar.names().filter((name) => name !== names.callbackUrl),
          }
        },
      )
      expect(ours).toEqual(ref)
      expect(ours.location).toBe(`${app.origin}/dashboard`)
      expect(ours.cookies).toContainEqual(expect.objectContaining({ name: names.session, httpOnly: true, secure: app.secure, sameSite: "lax", deletes: false }))
      for (const name of Object.values(checks)) expect(ours.cookies).toContainEqual(expect.objectContaining({ name, deletes: true }))
      expect(ours.jar).toEqual([names.csrf, names.session].sort())
    })

    it("GET /session then shows the same user", async () => {
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [oidc("op", { checks: ALL_CHECKS })]),
        async (client) => {
          await signIn(client, op, "op")
          const { body } = await client.session()
          return { user: body.user, shape: shapeOf(body) }
        },
      )
      expect(ours).toEqual(ref)
      expect(ours.user).toEqual({ name: "Ada Lovelace", email: "ada@example.com", image: "https://images.example.com/ada.png" })
    })

    it("the signIn and jwt callbacks receive the same user, account, profile and token", async () => {
      const options = (seen: any[]) =>
        withProviders(() => [oidc("op", { checks: ALL_CHECKS })], {
          callbacks: {
            signIn: (params: any) => {
              seen.push({ callback: "signIn", keys: Object.keys(params).sort() })
              return true
            },
            jwt: (params: any) => {
              if (params.trigger) seen.push({ callback: "jwt", ...params })
              return params.token
            },
          },
        })
      const refSeen: any[] = []
      const oursSeen: any[] = []
      const describeCall = (seen: any[]) => {
        const [signInCall, jwtCall] = seen
        const { token, user, account, profile, trigger } = jwtCall
        return {
          signInCall,
          trigger,
          user: shapeOf(user),
          account: {
            ...(shapeOf(account) as object),
            provider: account.provider,
            type: account.type,
            providerAccountId: account.providerAccountId,
            token_type: account.token_type,
            scope: account.scope,
          },
          profile: shapeOf(profile),
          token: { ...(shapeOf(token) as object), subIsUserId: token.sub === user.id },
          email: user.email,
        }
      }
      await signIn(clientFor(reference, app, options(refSeen)), op, "op")
      await signIn(clientFor(latchkey, app, options(oursSeen)), op, "op")
      const ref = describeCall(refSeen)
      const ours = describeCall(oursSeen)
      // Without an adapter @auth/core passes no isNewUser at all: pinned in the deliberate differences.
      expect(ours).toEqual(ref)
      expect(ours.account).toMatchObject({
        provider: "op",
        type: "oidc",
        providerAccountId: "op-user-1",
        token_type: "bearer",
        access_token: "string",
        id_token: "string",
        expires_at: "number",
      })
      expect(ours.token).toMatchObject({ sub: "string", subIsUserId: true })
    })

    it("with an adapter: the same users, accounts and sessions are written, and a new user lands on pages.newUser", async () => {
      for (const strategy of ["jwt", "database"]) {
        const outcome = async (impl: Implementation) => {
          const writes: { method: string; shape: unknown }[] = []
          const events: string[] = []
          const client = clientFor(impl, app, {
            providers: [oidc("op", { checks: ALL_CHECKS })],
            adapter: recordingAdapter(MemoryAdapter(), writes),
            session: { strategy },
            pages: { newUser: "/welcome" },
            events: Object.fromEntries(["signIn", "createUser", "linkAccount"].map((name) => [name, () => void events.push(name)])),
          })
          const first = await signIn(client, op, "op")
          const again = await signIn(client, op, "op")
          const { body } = await client.session()
          return { first: first.location, again: again.location, writes, events, user: body.user }
        }
        const ref = await outcome(reference)
        const ours = await outcome(latchkey)
        // A deliberate difference (docs/migration.md): the OP verified the address, so Latchkey stores when; @auth/core stores null.
        const created = (run: typeof ours) => run.writes.find((write) => write.method === "createUser")!.shape as Record<string, unknown>
        expect([created(ref).emailVerified, created(ours).emailVerified]).toEqual(["null", "string"])
        created(ours).emailVerified = "null"
        // Another (docs/sessions.md): an adapter with the session-listing extension also gets the session's activity fields.
        const session = ours.writes.find((write) => write.method === "createSession")?.shape as Record<string, unknown> | undefined
        if (session) {
          expect(session).toMatchObject({ createdAt: "string", lastSeenAt: "string", provider: "string" })
          for (const field of ["createdAt", "lastSeenAt", "userAgent", "provider"]) delete session[field]
        }
        expect(ours, strategy).toEqual(ref)
        // Both send pages.newUser as given (a relative Location), with the callback URL in its query.
        expect(ours.first).toBe(`/welcome?callbackUrl=${encodeURIComponent(app.origin)}`)
        expect(ours.again).toBe(app.origin)
        // Signing in again with the same account while signed in keeps the session: nothing is written.
        expect(ours.writes.map((write) => write.method)).toEqual(
          strategy === "database" ? ["createUser", "linkAccount", "createSession"] : ["createUser", "linkAccount"],
        )
      }
    })

    it("response_mode=form_post: the POSTed response signs in the same way", async () => {
      const provider = () => [oidc("op", { checks: ALL_CHECKS, authorization: { params: { response_mode: "form_post" } } })]
      const { ref, ours } = await onBoth(app, withProviders(provider), async (client) => {
        const run = await signIn(client, op, "op")
        expect(run.outcome.mode).toBe("form_post")
        return { status: run.callback.status, location: run.location, user: (await client.session()).body.user }
      })
      expect(ours).toEqual(ref)
      expect(ours.location).toBe(app.origin)
    })

    it("a plain oauth provider: token on explicit endpoints, profile from userinfo", async () => {
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [plain({ checks: ["pkce", "state"] })]),
        async (client) => {
          const run = await signIn(client, op, "plain")
          return { location: run.location, user: (await client.session()).body?.user, errors: client.config.log.errors.map((error: Error) => error.name) }
        },
      )
      expect(ours).toEqual(ref)
      expect(ours).toEqual({ location: app.origin, user: { name: "ada", email: "ada@example.com" }, errors: [] })
    })
  })

  describe("the callback: the same error values for the same failures, but a failed browser check", () => {
    const provider = withProviders(() => [oidc("op", { checks: ALL_CHECKS }), oidc("op2", { checks: ALL_CHECKS })])
    const toSignInPage = (error: string) => ({ status: 302, path: "/auth/signin", error, code: null, signedIn: false })
    const toErrorPage = { status: 302, path: "/auth/error", error: "Configuration", code: null, signedIn: false }
    // A check binding the response to the browser failed: Latchkey sends the user back to sign in to
    // try again (`Callback`, a value of Auth.js's sign-in page set); @auth/core shows `Configuration`.
    const checkFailed = { reference: toErrorPage, ours: toSignInPage("Callback") }

    type Failure = ReturnType<typeof toSignInPage>
    const cases: { name: string; expected: Failure | { reference: Failure; ours: Failure }; run: (client: Client) => Promise<Response> }[] = [
      {
        name: "the user refuses at the provider (error=access_denied)",
        expected: toSignInPage("OAuthCallbackError"),
        run: async (client) => {
          op.refuseLogin("<b>no</b> thanks")
          return (await signIn(client, op, "op")).callback
        },
      },
      {
        name: "the state cookie is missing",
        expected: checkFailed,
        run: async (client) => (await signIn(client, op, "op", { tamper: () => client.jar.delete(checks.state) })).callback,
      },
      {
        name: "the PKCE cookie is missing",
        expected: checkFailed,
        run: async (client) => (await signIn(client, op, "op", { tamper: () => client.jar.delete(checks.pkce) })).callback,
      },
      {
        name: "the nonce cookie is missing",
        expected: checkFailed,
        run: async (client) => (await signIn(client, op, "op", { tamper: () => client.jar.delete(checks.nonce) })).callback,
      },
      {
        name: "a check cookie is not a sealed value",
        expected: checkFailed,
        run: async (client) => (await signIn(client, op, "op", { tamper: () => client.jar.set(checks.nonce, "garbage") })).callback,
      },
      {
        name: "the state in the response is not the browser's",
        expected: checkFailed,
        run: async (client) => (await signIn(client, op, "op", { tamper: (params) => params.set("state", "forged") })).callback,
      },
      {
        name: "the response carries no state",
        expected: checkFailed,
        run: async (client) => (await signIn(client, op, "op", { tamper: (params) => params.delete("state") })).callback,
      },
      {
        name: "the check cookies were minted for another provider (GHSA-x445-f3h2-j279)",
        expected: checkFailed,
        run: async (client) => {
          const start = await startSignIn(client, "op2")
          const outcome = await op.authorize(new URL(start.headers.get("location")!))
          return client.send(`/auth/callback/op?${outcome.params}`)
        },
      },
      {
        name: "the callback is replayed after the check cookies were used",
        expected: checkFailed,
        run: async (client) => {
          const run = await signIn(client, op, "op")
          client.jar.delete(names.session)
          return client.send(`/auth/callback/op?${run.outcome.params}`)
        },
      },
      {
        name: "a callback arrives with no check cookies at all",
        expected: checkFailed,
        run: (client) => client.send("/auth/callback/op?code=abc&state=def"),
      },
      {
        name: "the provider id is unknown",
        expected: toErrorPage,
        run: (client) => client.send("/auth/callback/nobody?code=abc&state=def"),
      },
    ]

    it.each(cases)("$name", async ({ expected, run }) => {
      const { ref, ours } = await onBoth(app, provider, async (client) => failure(client, await run(client)))
      if ("ours" in expected) {
        expect(ref).toEqual(expected.reference)
        expect(ours).toEqual(expected.ours)
      } else {
        expect(ours).toEqual(ref)
        expect(ours).toEqual(expected)
      }
    })
  })

  describe("cross-reading: what one minted, the other reads", () => {
    const options = withProviders(() => [oidc("op", { checks: ALL_CHECKS })])
    const pairs = [
      [reference, latchkey],
      [latchkey, reference],
    ] as const

    it.each(pairs.map(([from, to]) => ({ from, to, label: `${from.name} → ${to.name}` })))(
      "a sign-in started by one ($label) finishes in the other: check cookies and state are interchangeable",
      async ({ from, to }) => {
        const starter = clientFor(from, app, options)
        const finisher = new Client(to, clientFor(to, app, options).config, app, starter.jar)
        const start = await startSignIn(starter, "op", { form: { callbackUrl: "/after" } })
        const outcome = await op.authorize(new URL(start.headers.get("location")!))
        const callback = await deliver(finisher, outcome)
        expect(finisher.config.log.errors).toEqual([])
        expect(await redirectTarget(callback)).toBe(`${app.origin}/after`)
        expect((await finisher.session()).body.user.email).toBe("ada@example.com")
      },
    )

    it.each(pairs.map(([from, to]) => ({ from, to, label: `${from.name} → ${to.name}` })))(
      "a JWT session minted after an OAuth sign-in ($label) is read by the other's /session",
      async ({ from, to }) => {
        const signer = clientFor(from, app, options)
        await signIn(signer, op, "op")
        const reader = new Client(to, clientFor(to, app, options).config, app, signer.jar.clone())
        const { body } = await reader.session()
        expect(body?.user).toEqual({ name: "Ada Lovelace", email: "ada@example.com", image: "https://images.example.com/ada.png" })
      },
    )

    // The migration direction: users signed in under @auth/core stay signed in after the switch.
    // Not the other way round: how Latchkey stores its own session tokens in the adapter is its choice.
    it("a database session @auth/core created after an OAuth sign-in is read by Latchkey through the same adapter", async () => {
      const adapter = MemoryAdapter()
      const databaseOptions = () => ({ providers: [oidc("op", { checks: ALL_CHECKS })], adapter, session: { strategy: "database" } })
      const signer = clientFor(reference, app, databaseOptions)
      await signIn(signer, op, "op")
      const reader = new Client(latchkey, clientFor(latchkey, app, databaseOptions).config, app, signer.jar.clone())
      const { body } = await reader.session()
      expect(body?.user).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com" })
    })

    it.each(pairs.map(([from, to]) => ({ from, to, label: `${from.name} → ${to.name}` })))(
      "a redirect proxy run by one forwards a sign-in a preview deployment of the other started ($label)",
      async ({ from, to }) => {
        // The preview deployment is `app`; the proxy is another origin sharing the secret.
        const proxyOrigin: AppOrigin = { label: "proxy", origin: "https://auth.example.com", secure: true }
        // Latchkey's proxy forwards only to allowed origins (redirectProxyAllowedOrigins); @auth/core ignores the option.
        const proxied = () => ({
          providers: [oidc("op", { checks: ALL_CHECKS, redirectProxyUrl: `${proxyOrigin.origin}/auth` })],
          redirectProxyAllowedOrigins: [app.origin],
        })
        const preview = clientFor(from, app, proxied)
        const proxy = new Client(to, clientFor(to, proxyOrigin, proxied).config, proxyOrigin, new CookieJar())
        const start = await startSignIn(preview, "op")
        const state = new URL(start.headers.get("location")!).searchParams.get("state")!
        // The provider would send the browser to the proxy's callback with the code and the state.
        const forwarded = await proxy.send(`/auth/callback/op?code=the-code&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(op.issuer)}`)
        const target = new URL((await redirectTarget(forwarded))!)
        expect(`${target.origin}${target.pathname}`).toBe(`${app.origin}/auth/callback/op`)
        expect(Object.fromEntries(target.searchParams)).toEqual({ code: "the-code", state, iss: op.issuer })
      },
    )
  })

  describe("deliberate differences (Latchkey's behaviour pinned next to @auth/core's)", () => {
    it("default checks: oidc providers use PKCE + state + nonce, oauth providers PKCE + state (@auth/core: PKCE only)", async () => {
      const defaults = async (impl: Implementation) => {
        const client = clientFor(impl, app, { providers: [oidc("op"), plain()] })
        const shapes: Record<string, { params: string[]; cookies: string[] }> = {}
        for (const id of ["op", "plain"]) {
          const response = await startSignIn(client, id)
          const params = Object.keys(authorizationShape(response.headers.get("location")).params)
          shapes[id] = {
            params: params.filter((name) => ["state", "nonce", "code_challenge"].includes(name)).sort(),
            cookies: cookieSummary(response, Object.values(checks)).map((cookie) => cookie.name),
          }
        }
        return shapes
      }
      expect(await defaults(reference)).toEqual({
        op: { params: ["code_challenge"], cookies: [checks.pkce] },
        plain: { params: ["code_challenge"], cookies: [checks.pkce] },
      })
      expect(await defaults(latchkey)).toEqual({
        op: { params: ["code_challenge", "nonce", "state"], cookies: [checks.nonce, checks.pkce, checks.state].sort() },
        plain: { params: ["code_challenge", "state"], cookies: [checks.pkce, checks.state].sort() },
      })
    })

    it("a failed callback deletes the check cookies too (single use); @auth/core leaves them until they expire", async () => {
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [oidc("op", { checks: ALL_CHECKS })]),
        async (client) => {
          const run = await signIn(client, op, "op", { tamper: (params) => params.set("state", "forged") })
          return {
            error: errorParams(run.location).error,
            deleted: setCookies(run.callback)
              .filter(isDeletion)
              .map((cookie) => cookie.name)
              .sort(),
          }
        },
      )
      expect(ref).toEqual({ error: "Configuration", deleted: [] })
      expect(ours).toEqual({ error: "Callback", deleted: Object.values(checks).sort() })
    })

    const providerFailures: { name: string; run: (client: Client) => Promise<Response> }[] = [
      {
        name: "the token endpoint answers 500",
        run: async (client) => {
          op.after("token", (ctx) => {
            ctx.status = 500
            ctx.body = { error: "server_error" }
          })
          return (await signIn(client, op, "op")).callback
        },
      },
      {
        name: "the token endpoint refuses the code (replayed at the provider)",
        run: async (client) => {
          const start = await startSignIn(client, "op")
          const outcome = await op.authorize(new URL(start.headers.get("location")!))
          const before = client.jar.clone()
          await deliver(client, outcome)
          for (const name of client.jar.names()) client.jar.delete(name)
          for (const [name, value] of before.cookies) client.jar.set(name, value)
          return deliver(client, outcome)
        },
      },
      {
        name: "the token endpoint refuses the PKCE verifier (a verifier cookie of another sign-in)",
        run: async (client) => {
          const other = clientFor(client.impl as Implementation, app, { providers: [oidc("op", { checks: ALL_CHECKS })] })
          await startSignIn(other, "op")
          const foreignVerifier = other.jar.get(checks.pkce)!
          return (await signIn(client, op, "op", { tamper: () => client.jar.set(checks.pkce, foreignVerifier) })).callback
        },
      },
      {
        name: "the id_token's nonce is not the browser's (a nonce cookie of another sign-in)",
        run: async (client) => {
          const other = clientFor(client.impl as Implementation, app, { providers: [oidc("op", { checks: ALL_CHECKS })] })
          await startSignIn(other, "op")
          const foreignNonce = other.jar.get(checks.nonce)!
          return (await signIn(client, op, "op", { tamper: () => client.jar.set(checks.nonce, foreignNonce) })).callback
        },
      },
      {
        name: "the RFC 9207 iss is missing although advertised",
        run: async (client) => (await signIn(client, op, "op", { tamper: (params) => params.delete("iss") })).callback,
      },
      {
        name: "the RFC 9207 iss is another issuer's (mix-up)",
        run: async (client) => (await signIn(client, op, "op", { tamper: (params) => params.set("iss", "https://evil.example") })).callback,
      },
      {
        name: "the authorization response has no code",
        run: async (client) => (await signIn(client, op, "op", { tamper: (params) => params.delete("code") })).callback,
      },
    ]

    it.each(providerFailures)("$name: OAuthCallbackError on the sign-in page (@auth/core: error=Configuration on the error page)", async ({ run }) => {
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [oidc("op", { checks: ALL_CHECKS })]),
        async (client) => failure(client, await run(client)),
      )
      expect(ref).toEqual({ status: 302, path: "/auth/error", error: "Configuration", code: null, signedIn: false })
      expect(ours).toEqual({ status: 302, path: "/auth/signin", error: "OAuthCallbackError", code: null, signedIn: false })
    })

    it("discovery failing when the sign-in starts: the sign-in page with error=Configuration (@auth/core: the error page)", async () => {
      op.after("discovery", (ctx) => {
        ctx.status = 500
        ctx.body = "down for maintenance"
      })
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [oidc()]),
        async (client) => {
          const response = await startSignIn(client, "op")
          return { ...errorParams(response.headers.get("location")), checkCookies: cookieSummary(response, Object.values(checks)).length }
        },
      )
      expect(ref).toEqual({ path: "/auth/error", error: "Configuration", code: null, checkCookies: 0 })
      expect(ours).toEqual({ path: "/auth/signin", error: "Configuration", code: null, checkCookies: 0 })
    })

    it("an oauth provider without an issuer ignores an RFC 9207 iss; @auth/core compares it with https://authjs.dev and fails", async () => {
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [plain({ issuer: undefined, checks: ["pkce", "state"] })]),
        async (client) => {
          const run = await signIn(client, op, "plain")
          expect(run.outcome.params.get("iss")).toBe(op.issuer)
          return failure(client, run.callback)
        },
      )
      expect(ref).toEqual({ status: 302, path: "/auth/error", error: "Configuration", code: null, signedIn: false })
      expect(ours).toMatchObject({ status: 302, error: null, signedIn: true })
    })

    it("form_post: the callback deletes the state and nonce cookies with the SameSite=None; Secure they were set with", async () => {
      const provider = () => [oidc("op", { checks: ALL_CHECKS, authorization: { params: { response_mode: "form_post" } } })]
      const { ref, ours } = await onBoth(app, withProviders(provider), async (client) => {
        const run = await signIn(client, op, "op")
        return cookieSummary(run.callback, [checks.state, checks.nonce]).map(({ name, sameSite, secure, deletes }) => ({ name, sameSite, secure, deletes }))
      })
      // @auth/core deletes with the default attributes: on http without Secure, which browsers
      // may ignore for a Secure cookie (RFC 6265bis, "leave secure cookies alone").
      expect(ref).toEqual([
        { name: checks.nonce, sameSite: "lax", secure: app.secure, deletes: true },
        { name: checks.state, sameSite: "lax", secure: app.secure, deletes: true },
      ])
      expect(ours).toEqual([
        { name: checks.nonce, sameSite: "none", secure: true, deletes: true },
        { name: checks.state, sameSite: "none", secure: true, deletes: true },
      ])
    })

    it("without an adapter, the jwt callback gets isNewUser: false (@auth/core: undefined)", async () => {
      const isNewUser = async (impl: Implementation) => {
        const seen: unknown[] = []
        const client = clientFor(impl, app, {
          providers: [oidc("op", { checks: ALL_CHECKS })],
          callbacks: {
            jwt: (params: any) => {
              if (params.trigger) seen.push(params.isNewUser)
              return params.token
            },
          },
        })
        await signIn(client, op, "op")
        return seen
      }
      expect(await isNewUser(reference)).toEqual([undefined])
      expect(await isNewUser(latchkey)).toEqual([false])
    })

    it("callbackUrl in the query of POST /signin/{id} stays Latchkey's: it is not sent to the provider", async () => {
      const { ref, ours } = await onBoth(
        app,
        withProviders(() => [oidc("op", { checks: ALL_CHECKS })]),
        async (client) => {
          const response = await startSignIn(client, "op", { query: "?callbackUrl=%2Fafter&prompt=login" })
          return authorizationShape(response.headers.get("location")).params
        },
      )
      expect(ref).toMatchObject({ callbackUrl: "/after", prompt: "login" })
      expect(ours).not.toHaveProperty("callbackUrl")
      expect(ours.prompt).toBe("login")
    })
  })
})
