/**
 * A hostile OpenID Provider for tests: a small OP built from `node:http` and
 * `jose` on 127.0.0.1 that behaves correctly by default and, on demand, sends
 * exactly one kind of bad answer (or several) so a test can check the
 * relying party refuses it.
 *
 * ## Use
 *
 * ```ts
 * const op = await startHostileProvider({ redirectUris: [callbackUrl] }) // once per file
 * afterAll(() => op.close())
 * afterEach(() => op.reset())                 // honest again, records cleared
 *
 * op.misbehave("wrong-iss")                   // the next ID tokens carry a foreign `iss`
 * // …drive the RP's sign-in; assert it refused with the right error…
 * expect(op.tokenRequests[0].clientAuth.method).toBe("client_secret_basic")
 * ```
 *
 * - **Endpoints**: discovery (`/.well-known/openid-configuration`, also at
 *   `/.well-known/oauth-authorization-server`), `/jwks`, `/authorize`
 *   (auto-approve: an immediate 302 to the redirect_uri with `code`, `state`
 *   and RFC 9207 `iss`; `response_mode=form_post` and `fragment` are
 *   honoured), `/token` (authorization_code with PKCE S256 checked, and
 *   refresh_token) and `/userinfo` (Bearer; a signed RS256 JWT when asked
 *   for `application/jwt`, as for a client registered with
 *   `userinfo_signed_response_alg`).
 * - **Client**: one client, `op.clientId` / `op.clientSecret`. The token
 *   endpoint accepts `client_secret_basic`, `client_secret_post`,
 *   `client_secret_jwt` (HS256, verified with jose) and `none`, verifies the
 *   secret, and records which one was used; `requireClientAuth(method)` makes
 *   any other method an `invalid_client`. ID tokens are RS256 (the only algorithm
 *   advertised).
 * - **Misbehaviour**: {@link HostileProvider.misbehave} turns on cases of
 *   {@link MISBEHAVIOURS} until {@link HostileProvider.reset}. Each key there
 *   documents what goes wrong.
 * - **Records**: every request ({@link HostileProvider.requests}, by route
 *   with `requestsTo`), and each token request parsed
 *   ({@link HostileProvider.tokenRequests}: grant type, code, code_verifier,
 *   redirect_uri, client authentication).
 *
 * `close()` ends every connection, the hanging ones included.
 */
import { timingSafeEqual } from "node:crypto"
import type { IncomingMessage, ServerResponse } from "node:http"
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK, type JWTPayload, jwtVerify, SignJWT } from "jose"
import {
  type AuthorizationOutcome,
  type FollowOptions,
  followAuthorization,
  formPostPage,
  type RecordedRequest,
  recordRequest,
  sendJson,
  sendRedirect,
  startLoopbackServer,
} from "./loopback.js"

/** Every bad behaviour the hostile provider can show, with what it does. */
export const MISBEHAVIOURS = {
  // The ID token.
  "bad-signature": "ID token signed by the published key, then one signature byte flipped",
  "wrong-iss": "ID token `iss` is another issuer",
  "wrong-aud": "ID token `aud` is another client",
  "extra-aud-without-azp": "ID token `aud` is [client_id, another client] with no `azp`",
  "missing-sub": "ID token without `sub`",
  "missing-iat": "ID token without `iat`",
  "old-iat": "ID token issued a week ago (`exp` still in the future)",
  "expired-exp": "ID token `exp` ten minutes in the past",
  "wrong-nonce": "ID token `nonce` is not the one sent",
  "missing-nonce": "ID token without `nonce` although one was sent",
  "alg-none": "ID token unsigned (`alg: none`)",
  "unregistered-alg": "ID token signed ES256 (key published) while only RS256 is registered/advertised",
  "unknown-kid": "ID token signed by a key whose `kid` is never published, however often the JWKS is fetched",
  "wrong-at-hash": "ID token `at_hash` is not the hash of the access token issued with it (honest tokens carry the right one)",
  "jwks-unparseable-keys": "the JWKS also lists keys no one can use (unknown `kty`, RSA without `n`, garbage `n`) beside the real ones",
  // Userinfo and profile data.
  "userinfo-sub-mismatch": "userinfo `sub` differs from the ID token's",
  "long-name": "a 10,000-character `name` in the ID token and userinfo",
  "non-string-email": "`email` is an object in the ID token and userinfo",
  // The authorization response.
  "missing-iss-param": "authorization response without `iss` although discovery advertises it (mix-up)",
  "foreign-iss-param": "authorization response `iss` is another issuer (mix-up)",
  "wrong-state": "authorization response `state` altered",
  "missing-state": "authorization response without `state`",
  "access-denied": "authorization response `error=access_denied` with markup in `error_description`",
  // The authorization code.
  "replay-accepted": "the token endpoint accepts a code already used (real OPs refuse: invalid_grant)",
  // Broken endpoints.
  "token-500": "token endpoint answers 500 with a plain-text body",
  "token-html": "token endpoint answers 200 with an HTML page",
  "token-broken-json": "token endpoint answers 200 application/json that does not parse",
  "token-huge": "token endpoint answers a 50 MiB JSON body",
  "token-hang": "token endpoint never answers (until the provider closes)",
  "userinfo-500": "userinfo answers 500 with a plain-text body",
  "userinfo-html": "userinfo answers 200 with an HTML page",
  "userinfo-broken-json": "userinfo answers 200 application/json that does not parse",
  "userinfo-huge": "userinfo answers a 50 MiB JSON body",
  "userinfo-hang": "userinfo never answers (until the provider closes)",
  // Discovery.
  "discovery-issuer-mismatch": "discovery's `issuer` is not the configured issuer",
} as const satisfies Record<string, string>

/** One case of {@link MISBEHAVIOURS}. */
export type Misbehaviour = keyof typeof MISBEHAVIOURS

/** The `error_description` sent with `access-denied`: markup a page must escape, never render. */
export const MARKUP_DESCRIPTION = `<script>alert("pwned")</script><img src=x onerror="alert(1)"><b>denied</b>`

/** The issuer put into foreign `iss` values. */
export const FOREIGN_ISSUER = "https://attacker.example"

/** Default size of the `*-huge` bodies: 50 MiB. */
export const HUGE_BODY_BYTES = 50 * 1024 * 1024

/** The end-user the provider signs in. */
export interface HostileAccount {
  sub: string
  [claim: string]: unknown
}

/** The account signed in unless a test sets another. */
export const HOSTILE_ACCOUNT: HostileAccount = Object.freeze({
  sub: "hostile-user-1",
  email: "mallory@example.com",
  email_verified: true,
  name: "Mallory",
  picture: "https://images.example.com/mallory.png",
})

/** Client authentication methods the token endpoint understands. */
export type HostileClientAuth = "client_secret_basic" | "client_secret_post" | "client_secret_jwt" | "private_key_jwt" | "none"

/** Options of {@link startHostileProvider}. */
export interface HostileProviderOptions {
  /** Default `hostile-client`. */
  clientId?: string
  /** Default: random. */
  clientSecret?: string
  /** When given, `/authorize` refuses other redirect URIs with a 400 page (no redirect), as OPs do. */
  redirectUris?: string[]
  /** Default {@link HOSTILE_ACCOUNT}. */
  account?: HostileAccount
  /** Size of the `*-huge` bodies (default {@link HUGE_BODY_BYTES}). */
  hugeBodyBytes?: number
}

/** How a token request authenticated its client. */
export interface ClientAuthRecord {
  method: HostileClientAuth
  clientId: string | undefined
  /** For client_secret_basic / client_secret_post. */
  clientSecret?: string
  /** For the JWT methods: the client assertion. */
  assertion?: string
}

/** A token request as received, parsed. */
export interface TokenRequestRecord {
  grantType: string | null
  code: string | null
  codeVerifier: string | null
  redirectUri: string | null
  refreshToken: string | null
  clientAuth: ClientAuthRecord
  request: RecordedRequest
}

/** Route names of {@link HostileProvider.requestsTo}. */
export type HostileRoute = "discovery" | "jwks" | "authorize" | "token" | "userinfo"

/** A running hostile provider. */
export interface HostileProvider {
  /** `http://127.0.0.1:<port>`. */
  issuer: string
  url: URL
  clientId: string
  clientSecret: string
  /** Turns cases on (they add up) until `reset()`. */
  misbehave(...cases: Misbehaviour[]): void
  /** The cases on now. */
  readonly active: ReadonlySet<Misbehaviour>
  /** Makes the token endpoint refuse every client authentication method but `method` (until `reset()`). */
  requireClientAuth(method: HostileClientAuth): void
  /** The account the next authorization signs in. */
  setAccount(account: HostileAccount): void
  /** Every request received, in order. */
  readonly requests: readonly (RecordedRequest & { route: HostileRoute | "other" })[]
  /** The requests to one route. */
  requestsTo(route: HostileRoute): RecordedRequest[]
  /** Every token request, parsed. */
  readonly tokenRequests: readonly TokenRequestRecord[]
  /** The published JWKS. */
  jwks(): { keys: JWK[] }
  /** Plays the user agent from `authorizationUrl` to the redirect_uri (see `followAuthorization`). */
  authorize(authorizationUrl: string | URL, options?: FollowOptions): Promise<AuthorizationOutcome>
  /** Honest again: no cases, default account, records and issued codes/tokens cleared. */
  reset(): void
  /** Stops the server and ends every connection (hanging answers included). */
  close(): Promise<void>
}

interface IssuedCode {
  clientId: string
  redirectUri: string
  scope: string
  nonce: string | null
  codeChallenge: string | null
  account: HostileAccount
  used: boolean
}

interface IssuedToken {
  account: HostileAccount
  scope: string
}

const ROUTES: Record<string, HostileRoute> = {
  "/.well-known/openid-configuration": "discovery",
  "/.well-known/oauth-authorization-server": "discovery",
  "/jwks": "jwks",
  "/authorize": "authorize",
  "/token": "token",
  "/userinfo": "userinfo",
}

function random(bytes = 24): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url")
}

function epoch(): number {
  return Math.floor(Date.now() / 1000)
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before Basic encoding. */
function formDecode(text: string): string {
  return decodeURIComponent(text.replaceAll("+", " "))
}

async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))
  return Buffer.from(digest).toString("base64url")
}

/** base64url of the left half of the SHA-256 digest of `text` (an `at_hash`). */
async function leftHalfHash(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))
  return Buffer.from(digest.subarray(0, digest.length / 2)).toString("base64url")
}

interface SigningKey {
  kid: string
  privateKey: CryptoKey
  publicJwk: JWK
}

async function signingKey(alg: "RS256" | "ES256", kid?: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg)
  const jwk = await exportJWK(publicKey)
  const id = kid ?? (await calculateJwkThumbprint(jwk))
  return { kid: id, privateKey, publicJwk: { ...jwk, kid: id, alg, use: "sig" } }
}

/**
 * Resolves once `res` can take more data or has closed. Whichever listener
 * did not fire is removed, so a long stream does not pile up one `close`
 * listener per wait (MaxListenersExceededWarning).
 */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done)
      res.off("close", done)
      resolve()
    }
    res.on("drain", done)
    res.on("close", done)
  })
}

/** Streams a JSON object of about `size` bytes with backpressure; stops when the client goes away. */
async function sendHuge(res: ServerResponse, size: number, field: string): Promise<void> {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8" })
  res.on("error", () => {})
  const chunk = "A".repeat(64 * 1024)
  res.write(`{"token_type":"Bearer","sub":"x","${field}":"`)
  for (let sent = 0; sent < size && !res.destroyed; sent += chunk.length) {
    if (!res.write(chunk)) await drainedOrClosed(res)
  }
  if (!res.destroyed) res.end(`"}`)
}

/** Answers a broken-endpoint case; returns false when `kind` is not one. */
async function sendBroken(res: ServerResponse, kind: string, hugeBytes: number, field: string): Promise<boolean> {
  switch (kind) {
    case "500":
      res.writeHead(500, { "content-type": "text/plain" })
      res.end("Internal Server Error")
      return true
    case "html":
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
      res.end("<!DOCTYPE html><html><body><h1>Service Unavailable</h1><p>Please try again later.</p></body></html>")
      return true
    case "broken-json":
      res.writeHead(200, { "content-type": "application/json" })
      res.end(`{"access_token":"abc","token_type":"Bearer",`)
      return true
    case "huge":
      await sendHuge(res, hugeBytes, field)
      return true
    case "hang":
      // Never answer: the socket stays open until the client gives up or close() destroys it.
      return true
    default:
      return false
  }
}

/**
 * Starts the hostile provider on 127.0.0.1 (random port), honest until a
 * test turns on a misbehaviour. See the file's header for its endpoints and
 * records. Start it once per test file and `close()` it in `afterAll`.
 */
export async function startHostileProvider(options: HostileProviderOptions = {}): Promise<HostileProvider> {
  const clientId = options.clientId ?? "hostile-client"
  const clientSecret = options.clientSecret ?? random(32)
  const hugeBytes = options.hugeBodyBytes ?? HUGE_BODY_BYTES
  const initialAccount = options.account ?? HOSTILE_ACCOUNT

  const published = await signingKey("RS256")
  const otherAlg = await signingKey("ES256")
  const unpublished = await signingKey("RS256", `never-published-${random(6)}`)

  const active = new Set<Misbehaviour>()
  const requests: (RecordedRequest & { route: HostileRoute | "other" })[] = []
  const tokenRequests: TokenRequestRecord[] = []
  const codes = new Map<string, IssuedCode>()
  const accessTokens = new Map<string, IssuedToken>()
  const refreshTokens = new Map<string, IssuedToken>()
  let account = initialAccount
  let requiredClientAuth: HostileClientAuth | undefined
  const on = (name: Misbehaviour) => active.has(name)

  const server = await startLoopbackServer(async (req, res) => {
    const request = await recordRequest(req)
    const route = ROUTES[request.path] ?? "other"
    requests.push({ ...request, route })
    switch (route) {
      case "discovery":
        return sendJson(res, 200, discovery())
      case "jwks":
        return sendJson(res, 200, jwks(), { "content-type": "application/jwk-set+json" })
      case "authorize":
        return authorize(request, res)
      case "token":
        return token(request, req, res)
      case "userinfo":
        return userinfo(request, res)
      default:
        return sendJson(res, 404, { error: "not_found" })
    }
  })
  const issuer = server.origin

  function discovery() {
    return {
      issuer: on("discovery-issuer-mismatch") ? `${issuer}/other-tenant` : issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ["code"],
      response_modes_supported: ["query", "fragment", "form_post"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "client_secret_jwt", "none"],
      token_endpoint_auth_signing_alg_values_supported: ["HS256"],
      code_challenge_methods_supported: ["S256"],
      scopes_supported: ["openid", "email", "profile", "offline_access"],
      claims_supported: ["sub", "iss", "aud", "exp", "iat", "nonce", "email", "email_verified", "name", "picture"],
      authorization_response_iss_parameter_supported: true,
    }
  }

  function jwks() {
    const keys: JWK[] = [published.publicJwk, otherAlg.publicJwk]
    if (on("jwks-unparseable-keys")) {
      keys.unshift(
        { kty: "XYZ", kid: "unknown-kty" } as JWK,
        { kty: "RSA", kid: "rsa-without-n", e: "AQAB", use: "sig" },
        { kty: "RSA", kid: "rsa-garbage-n", n: "%%% not base64url %%%", e: "AQAB", alg: "RS256" },
      )
    }
    return { keys }
  }

  function authorize(request: RecordedRequest, res: ServerResponse) {
    const query = request.query
    const redirectUri = query.get("redirect_uri") ?? ""
    const known = options.redirectUris === undefined || options.redirectUris.includes(redirectUri)
    let target: URL | undefined
    try {
      target = new URL(redirectUri)
    } catch {
      target = undefined
    }
    // Without a trusted redirect_uri an OP shows an error page; it never redirects.
    if (query.get("client_id") !== clientId || target === undefined || !known) {
      res.writeHead(400, { "content-type": "text/html; charset=utf-8" })
      res.end("<!DOCTYPE html><h1>invalid_request</h1><p>unknown client or redirect_uri</p>")
      return
    }
    const params = new URLSearchParams()
    if (on("access-denied")) {
      params.set("error", "access_denied")
      params.set("error_description", MARKUP_DESCRIPTION)
    } else {
      const code = random()
      codes.set(code, {
        clientId,
        redirectUri,
        scope: query.get("scope") ?? "",
        nonce: query.get("nonce"),
        codeChallenge: query.get("code_challenge"),
        account,
        used: false,
      })
      params.set("code", code)
    }
    const state = query.get("state")
    if (state !== null && !on("missing-state")) params.set("state", on("wrong-state") ? `${state}-tampered` : state)
    if (!on("missing-iss-param")) params.set("iss", on("foreign-iss-param") ? FOREIGN_ISSUER : issuer)

    const mode = query.get("response_mode") ?? "query"
    if (mode === "form_post") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
      res.end(formPostPage(redirectUri, params))
      return
    }
    if (mode === "fragment") target.hash = params.toString()
    else for (const [name, value] of params) target.searchParams.append(name, value)
    sendRedirect(res, target)
  }

  /** Which client authentication the request used, and whether it is valid. */
  async function authenticate(request: RecordedRequest, req: IncomingMessage): Promise<{ record: ClientAuthRecord; valid: boolean }> {
    const form = request.form
    const header = req.headers.authorization ?? ""
    if (header.toLowerCase().startsWith("basic ")) {
      const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8")
      const colon = decoded.indexOf(":")
      const id = formDecode(decoded.slice(0, colon))
      const secret = formDecode(decoded.slice(colon + 1))
      return { record: { method: "client_secret_basic", clientId: id, clientSecret: secret }, valid: id === clientId && sameSecret(secret, clientSecret) }
    }
    const assertion = form.get("client_assertion")
    if (assertion !== null) {
      const jwtHeader = JSON.parse(Buffer.from(assertion.split(".")[0] ?? "", "base64url").toString("utf8") || "{}")
      const method: HostileClientAuth = String(jwtHeader.alg).startsWith("HS") ? "client_secret_jwt" : "private_key_jwt"
      const record: ClientAuthRecord = { method, clientId: form.get("client_id") ?? undefined, assertion }
      if (method !== "client_secret_jwt") return { record, valid: false }
      try {
        const { payload } = await jwtVerify(assertion, new TextEncoder().encode(clientSecret), {
          issuer: clientId,
          subject: clientId,
          audience: [issuer, `${issuer}/token`],
          algorithms: ["HS256"],
        })
        record.clientId = payload.sub
        return { record, valid: form.get("client_assertion_type") === "urn:ietf:params:oauth:client-assertion-type:jwt-bearer" }
      } catch {
        return { record, valid: false }
      }
    }
    const secret = form.get("client_secret")
    const id = form.get("client_id") ?? undefined
    if (secret !== null)
      return { record: { method: "client_secret_post", clientId: id, clientSecret: secret }, valid: id === clientId && sameSecret(secret, clientSecret) }
    return { record: { method: "none", clientId: id }, valid: id === clientId }
  }

  async function idToken(issued: IssuedToken, nonce: string | null, accessToken: string): Promise<string> {
    const now = epoch()
    const claims: JWTPayload & Record<string, unknown> = { ...issued.account, iss: issuer, aud: clientId, exp: now + 600, iat: now, auth_time: now }
    if (nonce !== null) claims.nonce = nonce
    // OpenID Connect Core §3.1.3.6: the left half of the SHA-256 of the access token (RS256 and ES256 both hash with SHA-256).
    claims.at_hash = await leftHalfHash(on("wrong-at-hash") ? `${accessToken}-not-this-one` : accessToken)
    if (on("wrong-iss")) claims.iss = FOREIGN_ISSUER
    if (on("wrong-aud")) claims.aud = "another-client"
    if (on("extra-aud-without-azp")) {
      claims.aud = [clientId, "another-client"]
      delete claims.azp
    }
    if (on("missing-sub")) delete claims.sub
    if (on("missing-iat")) delete claims.iat
    if (on("old-iat")) claims.iat = claims.auth_time = now - 7 * 86_400
    if (on("expired-exp")) {
      claims.exp = now - 600
      claims.iat = claims.auth_time = now - 1200
    }
    if (on("wrong-nonce")) claims.nonce = "not-the-nonce-that-was-sent"
    if (on("missing-nonce")) delete claims.nonce
    if (on("long-name")) claims.name = "A".repeat(10_000)
    if (on("non-string-email")) claims.email = { address: "mallory@example.com" }

    if (on("alg-none")) {
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
      return `${encode({ alg: "none", typ: "JWT" })}.${encode(claims)}.`
    }
    const key = on("unregistered-alg") ? otherAlg : on("unknown-kid") ? unpublished : published
    const alg = key === otherAlg ? "ES256" : "RS256"
    const jwt = await new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT", kid: key.kid }).sign(key.privateKey)
    if (!on("bad-signature")) return jwt
    const [head, body, signature = ""] = jwt.split(".")
    const bytes = Buffer.from(signature, "base64url")
    bytes[0] = (bytes[0] ?? 0) ^ 0x01
    return `${head}.${body}.${bytes.toString("base64url")}`
  }

  async function token(request: RecordedRequest, req: IncomingMessage, res: ServerResponse) {
    const form = request.form
    const { record, valid } = await authenticate(request, req)
    tokenRequests.push({
      grantType: form.get("grant_type"),
      code: form.get("code"),
      codeVerifier: form.get("code_verifier"),
      redirectUri: form.get("redirect_uri"),
      refreshToken: form.get("refresh_token"),
      clientAuth: record,
      request,
    })
    for (const kind of ["500", "html", "broken-json", "huge", "hang"]) {
      if (on(`token-${kind}` as Misbehaviour)) return void (await sendBroken(res, kind, hugeBytes, "access_token"))
    }
    if (!valid || (requiredClientAuth !== undefined && record.method !== requiredClientAuth)) {
      return sendJson(res, 401, { error: "invalid_client", error_description: "client authentication failed" })
    }
    const grantType = form.get("grant_type")
    if (grantType === "authorization_code") {
      const issued = codes.get(form.get("code") ?? "")
      if (issued === undefined || (issued.used && !on("replay-accepted"))) {
        return sendJson(res, 400, { error: "invalid_grant", error_description: "unknown or used code" })
      }
      issued.used = true
      if (form.get("redirect_uri") !== issued.redirectUri) {
        return sendJson(res, 400, { error: "invalid_grant", error_description: "redirect_uri mismatch" })
      }
      if (issued.codeChallenge !== null) {
        const verifier = form.get("code_verifier")
        if (verifier === null || (await pkceChallenge(verifier)) !== issued.codeChallenge) {
          return sendJson(res, 400, { error: "invalid_grant", error_description: "PKCE verification failed" })
        }
      }
      return sendJson(res, 200, await tokenResponse({ account: issued.account, scope: issued.scope }, issued.nonce))
    }
    if (grantType === "refresh_token") {
      const issued = refreshTokens.get(form.get("refresh_token") ?? "")
      if (issued === undefined) return sendJson(res, 400, { error: "invalid_grant", error_description: "unknown refresh token" })
      return sendJson(res, 200, await tokenResponse(issued, null))
    }
    return sendJson(res, 400, { error: "unsupported_grant_type" })
  }

  async function tokenResponse(issued: IssuedToken, nonce: string | null) {
    const scopes = issued.scope.split(" ")
    const accessToken = random()
    accessTokens.set(accessToken, issued)
    const body: Record<string, unknown> = { access_token: accessToken, token_type: "Bearer", expires_in: 3600, scope: issued.scope }
    if (scopes.includes("openid")) body.id_token = await idToken(issued, nonce, accessToken)
    if (scopes.includes("offline_access")) {
      const refreshToken = random()
      refreshTokens.set(refreshToken, issued)
      body.refresh_token = refreshToken
    }
    return body
  }

  async function userinfo(request: RecordedRequest, res: ServerResponse) {
    for (const kind of ["500", "html", "broken-json", "huge", "hang"]) {
      if (on(`userinfo-${kind}` as Misbehaviour)) return void (await sendBroken(res, kind, hugeBytes, "name"))
    }
    const header = String(request.headers.authorization ?? "")
    const issued = header.toLowerCase().startsWith("bearer ") ? accessTokens.get(header.slice(7).trim()) : undefined
    if (issued === undefined) {
      res.writeHead(401, { "www-authenticate": 'Bearer error="invalid_token"', "content-length": 0 })
      res.end()
      return
    }
    const claims: Record<string, unknown> = { ...issued.account }
    if (on("userinfo-sub-mismatch")) claims.sub = "someone-else"
    if (on("long-name")) claims.name = "A".repeat(10_000)
    if (on("non-string-email")) claims.email = { address: "mallory@example.com" }
    // OpenID Connect Core §5.3.2: a client registered for signed userinfo (it asks for application/jwt) gets a JWT.
    if (
      String(request.headers.accept ?? "")
        .trim()
        .toLowerCase() === "application/jwt"
    ) {
      const now = epoch()
      const jwt = await new SignJWT({ ...claims, iss: issuer, aud: clientId, iat: now })
        .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: published.kid })
        .sign(published.privateKey)
      res.writeHead(200, { "content-type": "application/jwt", "content-length": Buffer.byteLength(jwt) })
      res.end(jwt)
      return
    }
    return sendJson(res, 200, claims)
  }

  return {
    issuer,
    url: new URL(issuer),
    clientId,
    clientSecret,
    misbehave(...cases) {
      for (const name of cases) {
        if (!(name in MISBEHAVIOURS)) throw new Error(`unknown misbehaviour: ${name}`)
        active.add(name)
      }
    },
    active,
    requireClientAuth(method) {
      requiredClientAuth = method
    },
    setAccount(next) {
      account = next
    },
    requests,
    requestsTo: (route) => requests.filter((request) => request.route === route),
    tokenRequests,
    jwks,
    authorize: (authorizationUrl, followOptions) => followAuthorization(authorizationUrl, followOptions),
    reset() {
      active.clear()
      account = initialAccount
      requiredClientAuth = undefined
      requests.length = 0
      tokenRequests.length = 0
      codes.clear()
      accessTokens.clear()
      refreshTokens.clear()
    },
    close: () => server.close(),
  }
}
