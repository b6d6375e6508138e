/**
 * X's OAuth 1.0a flow (flows/oauth1) against the provider stand-in over
 * real HTTP: request token → authenticate → access token →
 * verify_credentials, each request's HMAC-SHA1 signature recomputed here
 * independently (node:crypto), the request token sealed in a cookie bound to
 * the provider, and every refusal a clean, typed error.
 */
import { createHmac } from "node:crypto"
import OAuth from "oauth-1.0a"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { AuthConfig } from "../../src/config/auth-config.js"
import { prepareConfig } from "../../src/config/prepare.js"
import { RequestContext } from "../../src/context.js"
import { InvalidCheck, InvalidEndpoints, OAuthCallbackError, OAuthSignInError } from "../../src/errors.js"
import { completeOAuth1Callback } from "../../src/flows/oauth1/callback.js"
import { isOAuth1Provider } from "../../src/flows/oauth1/settings.js"
import { startOAuth1SignIn } from "../../src/flows/oauth1/sign-in.js"
import { oauth1AuthorizationHeader } from "../../src/flows/oauth1/signature.js"
import { toInternalRequest } from "../../src/http/request.js"
import type { OAuth1Config } from "../../src/providers/oauth1.js"
import Twitter, { type TwitterProfile } from "../../src/providers/twitter.js"
import type { Cookie } from "../../src/types.js"
import { type ProviderStandIn, type StandInRequest, startProviderStandIn } from "../support/provider-standin.js"

const ORIGIN = "http://localhost:3000"
const CALLBACK = `${ORIGIN}/auth/callback/twitter`
const CONSUMER = { key: "x-consumer-key", secret: "x-consumer-secret" }
const SECRET = "oauth1-test-secret-0123456789abcdef0123"
/** A verify_credentials answer as X documents it (trimmed to the fields a sign-in reads). */
const VERIFY_CREDENTIALS = {
  id: 2244994945,
  id_str: "2244994945",
  name: "Developers",
  screen_name: "XDevelopers",
  location: "127.0.0.1",
  description: "The voice of the X Dev team",
  url: "https://t.co/3ZX3TNiZCY",
  protected: false,
  verified: true,
  created_at: "Sat Dec 14 04:35:55 +0000 2013",
  profile_image_url_https: "https://pbs.twimg.com/profile_images/1445764922474827784/W2zEPN7U_normal.jpg",
  email: "Devs@X.example",
}

let x: ProviderStandIn
beforeAll(async () => {
  x = await startProviderStandIn({
    oauth1: {
      requestToken: "/oauth/request_token",
      authorize: "/oauth/authenticate",
      accessToken: "/oauth/access_token",
      accessTokenReply: { user_id: "2244994945", screen_name: "XDevelopers" },
    },
    routes: [{ path: "/1.1/account/verify_credentials.json", auth: "oauth1", reply: { json: VERIFY_CREDENTIALS } }],
  })
})
afterEach(() => {
  x.reset()
  vi.useRealTimers()
})
afterAll(async () => {
  await x?.close()
})

/** `Twitter({ version: "1.0a" })` with its endpoints at the stand-in. */
function provider(
  overrides: Partial<OAuth1Config> = {},
  credentials = { clientId: CONSUMER.key, clientSecret: CONSUMER.secret },
): OAuth1Config<TwitterProfile> {
  const real = Twitter({ version: "1.0a", ...credentials })
  const userinfo = real.userinfo as { url: string; request: NonNullable<unknown> }
  const verify = new URL(userinfo.url)
  return {
    ...real,
    requestTokenUrl: x.endpoint("/oauth/request_token"),
    authorization: x.endpoint("/oauth/authenticate"),
    token: x.endpoint("/oauth/access_token"),
    userinfo: { ...userinfo, url: `${x.endpoint(verify.pathname)}${verify.search}` } as OAuth1Config["userinfo"],
    ...overrides,
  }
}

function config(providers: AuthConfig["providers"]): AuthConfig {
  return { secret: SECRET, trustHost: true, basePath: "/auth", providers, logger: { error() {}, warn() {}, debug() {} } }
}

/** A RequestContext for one request to the app, as `Auth()` builds it. */
async function context(appConfig: AuthConfig, method: "GET" | "POST", path: string, cookies: Cookie[] = []): Promise<RequestContext> {
  const headers = new Headers()
  if (cookies.length) headers.set("cookie", cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "))
  if (method === "POST") headers.set("content-type", "application/x-www-form-urlencoded")
  const body = method === "POST" ? new Response("").body : null
  const prepared = prepareConfig(appConfig)
  return new RequestContext(prepared, await toInternalRequest({ method, url: `${ORIGIN}${path}`, headers, body }, "/auth"))
}

/** The signature a request at the stand-in should carry, computed with node:crypto. */
function expectedSignature(request: StandInRequest, tokenSecret: string | undefined): string {
  const oauth = new OAuth({ consumer: CONSUMER, signature_method: "HMAC-SHA1", hash_function: () => "" })
  const { oauth_signature: _signature, ...params } = request.oauth
  const url = `${x.url}${request.path}${request.query.size ? `?${request.query}` : ""}`
  const base = oauth.getBaseString({ url, method: request.method, data: {} }, params as unknown as OAuth.Data)
  return createHmac("sha1", oauth.getSigningKey(tokenSecret)).update(base).digest("base64")
}

/** Starts a sign-in and plays the user at the stand-in; the cookies and the callback path. */
async function authorizeAtStandIn(appConfig: AuthConfig) {
  const ctx = await context(appConfig, "POST", "/auth/signin/twitter")
  const response = await startOAuth1SignIn(ctx, ctx.requireProvider() as never)
  const outcome = await x.authorize(response.redirect!)
  return { response, outcome, cookies: response.cookies ?? [], callbackPath: `${outcome.callbackUrl.pathname}${outcome.callbackUrl.search}` }
}

describe("OAuth 1.0a signatures", () => {
  it("reproduces X's documented signature example (HMAC-SHA1 over the signature base string)", async () => {
    // https://docs.x.com/resources/fundamentals/authentication/oauth-1-0a/creating-a-signature
    const header = await oauth1AuthorizationHeader({
      method: "POST",
      url: "https://api.twitter.com/1.1/statuses/update.json?include_entities=true",
      consumer: { key: "xvz1evFS4wEEPTGEFPHBog", secret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw" },
      token: { key: "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", secret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE" },
      form: { status: "Hello Ladies + Gentlemen, a signed OAuth request!" },
      nonce: "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg",
      timestamp: 1318622958,
    })
    expect(header).toContain('oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D"')
    expect(header).toMatch(/^OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", /)
  })

  it("uses a fresh alphanumeric nonce from the CSPRNG for every request", async () => {
    const nonces = new Set<string>()
    for (let i = 0; i < 20; i++) {
      const header = await oauth1AuthorizationHeader({ method: "GET", url: "https://api.x.com/x", consumer: CONSUMER })
      nonces.add(/oauth_nonce="([^"]+)"/.exec(header)![1]!)
    }
    expect(nonces.size).toBe(20)
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/)
  })
})

describe("X's OAuth 1.0a sign-in against the stand-in", () => {
  it("selects the OAuth 1.0a flow only for version 1.0a", async () => {
    const prepared = prepareConfig(config([provider(), Twitter({ clientId: "id", clientSecret: "secret" })]))
    expect(isOAuth1Provider(prepared.providers[0])).toBe(true)
    expect(isOAuth1Provider(prepared.providers.find((p) => p !== prepared.providers[0]))).toBe(false)
  })

  it("signs in: request token, authenticate, access token, verify_credentials; tokens stored as @auth/core stores them", async () => {
    const appConfig = config([provider()])
    const { response, outcome, cookies, callbackPath } = await authorizeAtStandIn(appConfig)

    // The request token request: signed by the consumer alone, carrying this deployment's callback.
    const [requestTokenCall] = x.requestsTo("/oauth/request_token")
    expect(requestTokenCall!.method).toBe("POST")
    expect(requestTokenCall!.oauth).toMatchObject({
      oauth_callback: CALLBACK,
      oauth_consumer_key: CONSUMER.key,
      oauth_signature_method: "HMAC-SHA1",
      oauth_version: "1.0",
    })
    expect(requestTokenCall!.oauth.oauth_signature).toBe(expectedSignature(requestTokenCall!, undefined))

    // The browser went to authenticate with the request token, and holds it sealed (not in the clear).
    const redirect = new URL(response.redirect!)
    expect(`${redirect.origin}${redirect.pathname}`).toBe(x.endpoint("/oauth/authenticate"))
    const requestToken = redirect.searchParams.get("oauth_token")!
    const sealed = cookies.find((cookie) => cookie.name === "authjs.state")!
    expect(sealed.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/" })
    expect(sealed.options.expires!.getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000)
    expect(sealed.value.split(".")).toHaveLength(5)
    expect(sealed.value).not.toContain(requestToken)
    expect(outcome.redirectUri).toBe(CALLBACK)

    const callbackCtx = await context(appConfig, "GET", callbackPath, cookies)
    const result = await completeOAuth1Callback(callbackCtx, callbackCtx.requireProvider() as never)

    // The access token request: signed with the request token, carrying the verifier.
    const [accessTokenCall] = x.requestsTo("/oauth/access_token")
    expect(accessTokenCall!.oauth).toMatchObject({ oauth_token: requestToken, oauth_verifier: outcome.params.get("oauth_verifier") })
    // verify_credentials: signed with the user's token credentials, asking for the e-mail.
    const [profileCall] = x.requestsTo("/1.1/account/verify_credentials.json")
    expect(profileCall!.query.get("include_email")).toBe("true")
    expect(profileCall!.oauth.oauth_token).toBe(result.account.oauth_token)
    expect(profileCall!.oauth.oauth_signature).toBe(expectedSignature(profileCall!, result.account.oauth_token_secret as string))

    expect(result.account).toEqual({
      provider: "twitter",
      type: "oauth",
      providerAccountId: "2244994945",
      oauth_token: expect.any(String),
      oauth_token_secret: expect.any(String),
      user_id: "2244994945",
      screen_name: "XDevelopers",
    })
    // What the adapter stores: the token credentials, in place of access_token/refresh_token (as @auth/core does for OAuth 1.0).
    expect(result.storedAccount!(result.account)).toEqual({ oauth_token: result.account.oauth_token, oauth_token_secret: result.account.oauth_token_secret })
    expect(result.user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Developers",
      email: "devs@x.example",
      image: "https://pbs.twimg.com/profile_images/1445764922474827784/W2zEPN7U.jpg",
    })
    expect(result.profile).toEqual({
      data: {
        id: "2244994945",
        name: "Developers",
        username: "XDevelopers",
        created_at: "2013-12-14T04:35:55.000Z",
        description: "The voice of the X Dev team",
        email: "Devs@X.example",
        location: "127.0.0.1",
        profile_image_url: "https://pbs.twimg.com/profile_images/1445764922474827784/W2zEPN7U.jpg",
        protected: false,
        url: "https://t.co/3ZX3TNiZCY",
        verified: true,
      },
    })
    // The request token cookie is single use: the callback clears it.
    expect(callbackCtx.responseCookies).toContainEqual(
      expect.objectContaining({ name: "authjs.state", value: "", options: expect.objectContaining({ maxAge: 0 }) }),
    )
  })

  it("uses __Secure- cookie names on https", async () => {
    const prepared = prepareConfig(config([provider()]))
    const headers = new Headers()
    const ctx = new RequestContext(
      prepared,
      await toInternalRequest({ method: "POST", url: "https://app.example/auth/signin/twitter", headers, body: new Response("").body }, "/auth"),
    )
    const response = await startOAuth1SignIn(ctx, ctx.requireProvider() as never)
    expect(response.cookies!.map((cookie) => cookie.name)).toContain("__Secure-authjs.state")
    expect(x.requestsTo("/oauth/request_token")[0]!.oauth.oauth_callback).toBe("https://app.example/auth/callback/twitter")
  })

  it("refuses a callback without the request token cookie (another browser)", async () => {
    const appConfig = config([provider()])
    const { callbackPath } = await authorizeAtStandIn(appConfig)
    const ctx = await context(appConfig, "GET", callbackPath)
    await expect(completeOAuth1Callback(ctx, ctx.requireProvider() as never)).rejects.toThrow(InvalidCheck)
    expect(x.requestsTo("/oauth/access_token")).toHaveLength(0)
  })

  it("refuses a request token cookie minted for another provider", async () => {
    const other = { ...provider(), id: "x-legacy", name: "X legacy" }
    const appConfig = config([provider(), other])
    const start = await context(appConfig, "POST", "/auth/signin/x-legacy")
    const started = await startOAuth1SignIn(start, start.requireProvider() as never)
    const outcome = await x.authorize(started.redirect!)
    // The callback of "x-legacy" replayed against "twitter", with x-legacy's cookie.
    const ctx = await context(appConfig, "GET", `/auth/callback/twitter${outcome.callbackUrl.search}`, started.cookies)
    await expect(completeOAuth1Callback(ctx, ctx.requireProvider() as never)).rejects.toThrow(/another provider/)
    expect(x.requestsTo("/oauth/access_token")).toHaveLength(0)
  })

  it("refuses an oauth_token that is not the one sealed in this browser's cookie", async () => {
    const appConfig = config([provider()])
    const mine = await authorizeAtStandIn(appConfig)
    const theirs = await authorizeAtStandIn(appConfig)
    const ctx = await context(appConfig, "GET", theirs.callbackPath, mine.cookies)
    await expect(completeOAuth1Callback(ctx, ctx.requireProvider() as never)).rejects.toThrow(InvalidCheck)
  })

  it("refuses a request token cookie older than 15 minutes", async () => {
    const appConfig = config([provider()])
    const { callbackPath, cookies } = await authorizeAtStandIn(appConfig)
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(Date.now() + 16 * 60 * 1000)
    const ctx = await context(appConfig, "GET", callbackPath, cookies)
    await expect(completeOAuth1Callback(ctx, ctx.requireProvider() as never)).rejects.toThrow(InvalidCheck)
  })

  it("ends with OAuthCallbackError when the user cancels at X (denied=…)", async () => {
    const appConfig = config([provider()])
    const { cookies, outcome } = await authorizeAtStandIn(appConfig)
    const ctx = await context(appConfig, "GET", `/auth/callback/twitter?denied=${outcome.params.get("oauth_token")}`, cookies)
    const error = await completeOAuth1Callback(ctx, ctx.requireProvider() as never).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OAuthCallbackError)
    expect((error as OAuthCallbackError).kind).toBe("signIn")
  })

  it("refuses a replayed callback: the verifier is single use at the provider", async () => {
    const appConfig = config([provider()])
    const { callbackPath, cookies } = await authorizeAtStandIn(appConfig)
    const first = await context(appConfig, "GET", callbackPath, cookies)
    await completeOAuth1Callback(first, first.requireProvider() as never)
    const replay = await context(appConfig, "GET", callbackPath, cookies)
    await expect(completeOAuth1Callback(replay, replay.requireProvider() as never)).rejects.toThrow(OAuthCallbackError)
  })

  it("answers OAuthSignInError (the sign-in page) when the request token endpoint refuses", async () => {
    const appConfig = config([provider({ requestTokenUrl: x.endpoint("/no-such-endpoint") })])
    const ctx = await context(appConfig, "POST", "/auth/signin/twitter")
    const error = await startOAuth1SignIn(ctx, ctx.requireProvider() as never).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OAuthSignInError)
    expect((error as Error).message).toMatch(/HTTP 404/)
    expect((error as Error).message).not.toContain(CONSUMER.secret)
  })

  it("refuses to start without the consumer secret, naming the environment variable", async () => {
    const appConfig = config([provider({}, { clientId: CONSUMER.key, clientSecret: "" })])
    const ctx = await context(appConfig, "POST", "/auth/signin/twitter")
    await expect(startOAuth1SignIn(ctx, ctx.requireProvider() as never)).rejects.toThrow(InvalidEndpoints)
    await expect(startOAuth1SignIn(ctx, ctx.requireProvider() as never)).rejects.toThrow(/AUTH_TWITTER_SECRET/)
  })
})
