/**
 * The hostile OpenID Provider, driven by oauth4webapi as a relying party that
 * does what Latchkey's OAuth flow must do: discovery, PKCE + state + nonce,
 * the ID token's signature checked against the JWKS, userinfo `sub` compared,
 * and every request bounded in time and size.
 *
 * The table below is the map for the implementer: for each misbehaviour, the
 * step that refuses it and the error oauth4webapi raises there — or
 * "accepted", where oauth4webapi lets it through and Latchkey has to check
 * for itself.
 */
import * as oauth from "oauth4webapi"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import {
  FOREIGN_ISSUER,
  type HostileClientAuth,
  type HostileProvider,
  MARKUP_DESCRIPTION,
  MISBEHAVIOURS,
  type Misbehaviour,
  startHostileProvider,
} from "./hostile-provider.js"

const REDIRECT_URI = "http://127.0.0.1/auth/callback/hostile"
/** The body size the test RP accepts (1 MiB), as Latchkey will bound provider responses. */
const BODY_LIMIT = 1024 * 1024

let op: HostileProvider
beforeAll(async () => {
  op = await startHostileProvider({ redirectUris: [REDIRECT_URI] })
})
afterEach(() => op.reset())
afterAll(() => op?.close())

/**
 * oauth4webapi's `customFetch` as a careful RP sets it: a deadline on the
 * whole exchange and a cap on the body it reads.
 */
function boundedFetch(timeoutMs: number) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    const chunks: Uint8Array[] = []
    let size = 0
    if (response.body !== null) {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength
        if (size > BODY_LIMIT) throw new Error(`response body over ${BODY_LIMIT} bytes`)
        chunks.push(chunk)
      }
    }
    return new Response(Buffer.concat(chunks), { status: response.status, statusText: response.statusText, headers: response.headers })
  }
}

type Stage = "discovery" | "authorization-response" | "token" | "signature" | "userinfo"

class StageError extends Error {
  constructor(
    readonly stage: Stage,
    override readonly cause: unknown,
  ) {
    super(`${stage}: ${cause instanceof Error ? cause.message : String(cause)}`)
  }
}

async function at<T>(stage: Stage, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    throw new StageError(stage, error)
  }
}

interface FlowOptions {
  auth?: HostileClientAuth
  /** The secret the RP sends (default the right one). */
  secret?: string
  timeoutMs?: number
  responseMode?: "query" | "form_post"
}

function clientAuth(auth: HostileClientAuth, secret: string): oauth.ClientAuth {
  switch (auth) {
    case "client_secret_basic":
      return oauth.ClientSecretBasic(secret)
    case "client_secret_post":
      return oauth.ClientSecretPost(secret)
    case "client_secret_jwt":
      return oauth.ClientSecretJwt(secret)
    case "none":
      return oauth.None()
    case "private_key_jwt":
      throw new Error("the hostile provider registers no client key")
  }
}

/** One sign-in as the careful RP; throws a StageError naming the step that refused. */
async function signIn(options: FlowOptions = {}) {
  const http = { [oauth.allowInsecureRequests]: true, [oauth.customFetch]: boundedFetch(options.timeoutMs ?? 10_000) }
  const client: oauth.Client = { client_id: op.clientId }
  const as = await at("discovery", async () => oauth.processDiscoveryResponse(op.url, await oauth.discoveryRequest(op.url, http)))

  const codeVerifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const nonce = oauth.generateRandomNonce()
  const url = new URL(as.authorization_endpoint as string)
  url.search = new URLSearchParams({
    client_id: op.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    ...(options.responseMode ? { response_mode: options.responseMode } : {}),
  }).toString()
  const outcome = await op.authorize(url)
  const params = await at("authorization-response", () => oauth.validateAuthResponse(as, client, outcome.params, state))

  const auth = clientAuth(options.auth ?? "client_secret_basic", options.secret ?? op.clientSecret)
  const { tokens, response } = await at("token", async () => {
    const response = await oauth.authorizationCodeGrantRequest(as, client, auth, params, REDIRECT_URI, codeVerifier, http)
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true })
    return { tokens, response }
  })
  await at("signature", () => oauth.validateApplicationLevelSignature(as, response, http))
  const claims = oauth.getValidatedIdTokenClaims(tokens) as oauth.IDToken
  const userinfo = await at("userinfo", async () =>
    oauth.processUserInfoResponse(as, client, claims.sub, await oauth.userInfoRequest(as, client, tokens.access_token, http)),
  )
  return { as, outcome, params, tokens, claims, userinfo, codeVerifier }
}

async function refusal(options: FlowOptions = {}): Promise<StageError> {
  const error = await signIn(options).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof StageError)) throw new Error(`expected a refusal, got ${error === undefined ? "a sign-in" : String(error)}`)
  return error
}

/** How the careful RP ends up when the provider shows one misbehaviour. */
type Expected =
  | { stage: Stage; error: "OperationProcessingError"; code: string; message?: RegExp }
  | { stage: Stage; error: "AuthorizationResponseError"; oauthError: string }
  | { stage: Stage; error: "UnsupportedOperationError" | "TimeoutError" | "Error"; message?: RegExp }
  | { accepted: string }

const OPE = "OperationProcessingError" as const
const TABLE: Record<Misbehaviour, Expected> = {
  "bad-signature": { stage: "signature", error: OPE, code: oauth.INVALID_RESPONSE, message: /signature verification failed/ },
  "wrong-iss": { stage: "token", error: OPE, code: oauth.JWT_CLAIM_COMPARISON, message: /"iss"/ },
  "wrong-aud": { stage: "token", error: OPE, code: oauth.JWT_CLAIM_COMPARISON, message: /"aud"/ },
  "extra-aud-without-azp": { stage: "token", error: OPE, code: oauth.JWT_CLAIM_COMPARISON, message: /untrusted audiences/ },
  "missing-sub": { stage: "token", error: OPE, code: oauth.INVALID_RESPONSE, message: /"sub".*missing/ },
  "missing-iat": { stage: "token", error: OPE, code: oauth.INVALID_RESPONSE, message: /"iat".*missing/ },
  "old-iat": { accepted: "oauth4webapi checks no ID token age in the code flow: Latchkey must refuse an old `iat` itself" },
  "expired-exp": { stage: "token", error: OPE, code: oauth.JWT_TIMESTAMP_CHECK, message: /"exp"/ },
  "wrong-nonce": { stage: "token", error: OPE, code: oauth.JWT_CLAIM_COMPARISON, message: /"nonce"/ },
  "missing-nonce": { stage: "token", error: OPE, code: oauth.INVALID_RESPONSE, message: /"nonce".*missing/ },
  "alg-none": { stage: "token", error: OPE, code: oauth.INVALID_RESPONSE, message: /"alg"/ },
  "unregistered-alg": { stage: "token", error: OPE, code: oauth.INVALID_RESPONSE, message: /"alg"/ },
  "unknown-kid": { stage: "signature", error: OPE, code: oauth.KEY_SELECTION },
  "wrong-at-hash": { accepted: "oauth4webapi does not check `at_hash` in the code flow: Latchkey must compare it itself" },
  "jwks-unparseable-keys": { accepted: "keys that match no `kid` are never imported, so unusable ones beside the real key do no harm" },
  "userinfo-sub-mismatch": { stage: "userinfo", error: OPE, code: oauth.JSON_ATTRIBUTE_COMPARISON, message: /"sub"/ },
  "long-name": { accepted: "profile values are not bounded by oauth4webapi: Latchkey must cap or refuse them" },
  "non-string-email": { accepted: "claim types beyond the protocol claims are not checked: Latchkey must check `email` is a string" },
  "missing-iss-param": { stage: "authorization-response", error: OPE, code: oauth.INVALID_RESPONSE, message: /"iss" \(issuer\) missing/ },
  "foreign-iss-param": { stage: "authorization-response", error: OPE, code: oauth.INVALID_RESPONSE, message: /unexpected "iss"/ },
  "wrong-state": { stage: "authorization-response", error: OPE, code: oauth.INVALID_RESPONSE, message: /"state"/ },
  "missing-state": { stage: "authorization-response", error: OPE, code: oauth.INVALID_RESPONSE, message: /"state" missing/ },
  "access-denied": { stage: "authorization-response", error: "AuthorizationResponseError", oauthError: "access_denied" },
  "replay-accepted": { accepted: "only a second exchange of the same code shows it (see the replay test)" },
  "token-500": { stage: "token", error: OPE, code: oauth.RESPONSE_IS_NOT_CONFORM },
  "token-html": { stage: "token", error: OPE, code: oauth.RESPONSE_IS_NOT_JSON },
  "token-broken-json": { stage: "token", error: OPE, code: oauth.PARSE_ERROR },
  "token-huge": { stage: "token", error: "Error", message: /response body over/ },
  "token-hang": { stage: "token", error: "TimeoutError" },
  "userinfo-500": { stage: "userinfo", error: OPE, code: oauth.RESPONSE_IS_NOT_CONFORM },
  "userinfo-html": { stage: "userinfo", error: OPE, code: oauth.RESPONSE_IS_NOT_JSON },
  "userinfo-broken-json": { stage: "userinfo", error: OPE, code: oauth.PARSE_ERROR },
  "userinfo-huge": { stage: "userinfo", error: "Error", message: /response body over/ },
  "userinfo-hang": { stage: "userinfo", error: "TimeoutError" },
  "discovery-issuer-mismatch": { stage: "discovery", error: OPE, code: oauth.JSON_ATTRIBUTE_COMPARISON, message: /"issuer"/ },
}

describe("the hostile provider, honest", () => {
  it("completes a sign-in and records the token request as sent", async () => {
    const { claims, userinfo, outcome, codeVerifier, params } = await signIn()
    expect(outcome.params.get("iss")).toBe(op.issuer)
    expect(claims).toMatchObject({ iss: op.issuer, aud: op.clientId, sub: "hostile-user-1", email: "mallory@example.com" })
    expect(userinfo.sub).toBe("hostile-user-1")
    expect(op.tokenRequests).toHaveLength(1)
    expect(op.tokenRequests[0]).toMatchObject({
      grantType: "authorization_code",
      code: params.get("code"),
      codeVerifier,
      redirectUri: REDIRECT_URI,
      clientAuth: { method: "client_secret_basic", clientId: op.clientId, clientSecret: op.clientSecret },
    })
    expect(op.requestsTo("jwks")).toHaveLength(1)
    expect(op.requestsTo("authorize")[0]?.query.get("code_challenge_method")).toBe("S256")
  })

  it.each(["client_secret_post", "client_secret_jwt", "none"] as const)("records %s client authentication", async (auth) => {
    await signIn({ auth })
    expect(op.tokenRequests[0]?.clientAuth.method).toBe(auth)
  })

  it("refuses a wrong secret, a method it was told not to accept, and a wrong code_verifier", async () => {
    for (const auth of ["client_secret_basic", "client_secret_post", "client_secret_jwt"] as const) {
      const wrongSecret = await refusal({ auth, secret: "not-the-secret-not-the-secret-not-the-secret" })
      expect(wrongSecret.stage).toBe("token")
      expect((wrongSecret.cause as oauth.ResponseBodyError).error).toBe("invalid_client")
    }
    op.reset()

    op.requireClientAuth("client_secret_jwt")
    const wrongMethod = await refusal()
    expect(wrongMethod.stage).toBe("token")
    expect((wrongMethod.cause as oauth.ResponseBodyError).error).toBe("invalid_client")
    op.reset()

    // A token request sent by hand: the PKCE check is the provider's, not the RP library's.
    const { as } = await signIn()
    const request = op.requestsTo("authorize")[0] as { query: URLSearchParams }
    const code = (await op.authorize(new URL(`${as.authorization_endpoint}?${request.query}`))).params.get("code") as string
    const response = await fetch(as.token_endpoint as string, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: oauth.generateRandomCodeVerifier(),
        client_id: op.clientId,
        client_secret: op.clientSecret,
      }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: "invalid_grant", error_description: "PKCE verification failed" })
  })

  it("honours response_mode=form_post", async () => {
    const { outcome } = await signIn({ responseMode: "form_post" })
    expect(outcome.mode).toBe("form_post")
    expect(outcome.redirectUri).toBe(REDIRECT_URI)
  })

  it("answers an unknown redirect_uri with an error page, not a redirect", async () => {
    const url = new URL(`${op.issuer}/authorize`)
    url.search = new URLSearchParams({ client_id: op.clientId, redirect_uri: "https://attacker.example/cb", response_type: "code" }).toString()
    const response = await fetch(url, { redirect: "manual" })
    expect(response.status).toBe(400)
    expect(response.headers.get("location")).toBeNull()
  })

  it("refuses a replayed code, and accepts it only when told to", async () => {
    const exchange = async () => {
      const request = op.tokenRequests.at(-1) as { request: { body: string; headers: Record<string, unknown> } }
      return fetch(`${op.issuer}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: String(request.request.headers.authorization) },
        body: request.request.body,
      })
    }
    await signIn()
    expect((await exchange()).status).toBe(400)
    op.misbehave("replay-accepted")
    await signIn()
    const replay = await exchange()
    expect(replay.status).toBe(200)
    expect(await replay.json()).toMatchObject({ token_type: "Bearer", id_token: expect.any(String) })
  })
})

describe("the hostile provider: what a careful oauth4webapi RP does with each misbehaviour", () => {
  it("has a row for every misbehaviour", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(MISBEHAVIOURS).sort())
  })

  const rows = Object.entries(TABLE) as [Misbehaviour, Expected][]
  it.each(rows)("%s", async (misbehaviour, expected) => {
    op.misbehave(misbehaviour)
    const timeoutMs = misbehaviour.endsWith("-hang") ? 300 : 10_000
    if ("accepted" in expected) {
      // Documented gaps: the flow goes through, so the RP must add its own check.
      const result = await signIn({ timeoutMs })
      if (misbehaviour === "old-iat") expect(result.claims.iat).toBeLessThan(Date.now() / 1000 - 6 * 86_400)
      if (misbehaviour === "long-name") expect(String(result.userinfo.name)).toHaveLength(10_000)
      if (misbehaviour === "non-string-email") expect(typeof result.claims.email).toBe("object")
      if (misbehaviour === "wrong-at-hash") expect(result.claims.at_hash).toEqual(expect.any(String))
      return
    }
    const error = await refusal({ timeoutMs })
    expect(error.stage).toBe(expected.stage)
    const cause = error.cause as Error & { code?: string; error?: string; error_description?: string }
    expect(cause.name).toBe(expected.error)
    if ("code" in expected) expect(cause.code).toBe(expected.code)
    if ("message" in expected && expected.message) expect(cause.message).toMatch(expected.message)
    if ("oauthError" in expected) {
      expect(cause.error).toBe(expected.oauthError)
      expect(cause.error_description).toBe(MARKUP_DESCRIPTION)
    }
  })
})

describe("the hostile provider's records and bodies", () => {
  it("never publishes the unknown kid, however often the JWKS is fetched", async () => {
    op.misbehave("unknown-kid")
    const error = await refusal()
    expect(error.stage).toBe("signature")
    expect(op.requestsTo("jwks")).toHaveLength(1)
    for (let fetches = 0; fetches < 3; fetches++) {
      const published = (await (await fetch(`${op.issuer}/jwks`)).json()) as { keys: { kid: string }[] }
      expect(published.keys.some((key) => key.kid.startsWith("never-published-"))).toBe(false)
    }
  })

  it("really sends 50 MiB from a -huge endpoint", async () => {
    op.misbehave("token-huge")
    const response = await fetch(`${op.issuer}/token`, { method: "POST", body: "" })
    let size = 0
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) size += chunk.byteLength
    expect(size).toBeGreaterThan(50 * 1024 * 1024)
  })

  it("keeps a -hang request open and records it", async () => {
    op.misbehave("userinfo-hang")
    const abort = new AbortController()
    let settled = false
    const answer = fetch(`${op.issuer}/userinfo`, { signal: abort.signal }).finally(() => (settled = true))
    // Recorded first, then still open: abort only once the provider has the request, however slow the machine.
    await expect.poll(() => op.requestsTo("userinfo").length).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(settled).toBe(false)
    abort.abort()
    const error = await answer.catch((e: unknown) => e)
    expect((error as Error).name).toBe("AbortError")
  })

  it("puts a foreign issuer in iss, and markup in error_description, exactly as documented", async () => {
    op.misbehave("foreign-iss-param")
    expect((await refusal()).stage).toBe("authorization-response")
    expect(op.requests.length).toBeGreaterThan(0)
    const authorize = op.requestsTo("authorize")[0] as { query: URLSearchParams }
    const outcome = await op.authorize(`${op.issuer}/authorize?${authorize.query}`)
    expect(outcome.params.get("iss")).toBe(FOREIGN_ISSUER)
  })
})
