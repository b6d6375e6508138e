/**
 * The real-OpenID-Provider harness, driven the way Latchkey's OAuth flow will
 * drive it: oauth4webapi as the relying party, plain HTTP only. Each test is
 * also a worked example for the implementer (discovery, PKCE + state + nonce,
 * each client authentication, form_post, refresh, key rotation, tampering).
 */
import * as oauth from "oauth4webapi"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { type ClientAuthMethod, type OpenIdProvider, startOpenIdProvider, type TestClient } from "./openid-provider.js"

const insecure = { [oauth.allowInsecureRequests]: true } as const

let op: OpenIdProvider
const printed: string[] = []
const consoleSpies: { mockRestore(): void }[] = []

beforeAll(async () => {
  // Installed before the first start, which is when oidc-provider is imported and prints its notices.
  for (const method of ["log", "info", "warn", "error"] as const) {
    const original = console[method]
    consoleSpies.push(
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        printed.push(args.map(String).join(" "))
        original.apply(console, args)
      }),
    )
  }
  op = await startOpenIdProvider({ allowUnsignedIdTokens: true })
})
afterEach(() => {
  expect(op.errors).toEqual([])
  op.reset()
})
afterAll(async () => {
  await op?.close()
  for (const spy of consoleSpies) spy.mockRestore()
})

async function discover(): Promise<oauth.AuthorizationServer> {
  return oauth.processDiscoveryResponse(op.url, await oauth.discoveryRequest(op.url, insecure))
}

function rpClient(client: TestClient): oauth.Client {
  return { client_id: client.clientId, id_token_signed_response_alg: client.idTokenAlg }
}

function clientAuth(client: TestClient): oauth.ClientAuth {
  switch (client.auth) {
    case "client_secret_basic":
      return oauth.ClientSecretBasic(client.clientSecret as string)
    case "client_secret_post":
      return oauth.ClientSecretPost(client.clientSecret as string)
    case "client_secret_jwt":
      return oauth.ClientSecretJwt(client.clientSecret as string)
    case "private_key_jwt":
      return oauth.PrivateKeyJwt({ key: client.privateKey as CryptoKey, kid: client.keyId as string })
    case "none":
      return oauth.None()
  }
}

interface SignInOptions {
  scope?: string
  extra?: Record<string, string>
}

/** The authorization request an RP would send: PKCE S256, state and nonce. */
async function authorizationRequest(as: oauth.AuthorizationServer, client: TestClient, options: SignInOptions = {}) {
  const codeVerifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const nonce = oauth.generateRandomNonce()
  const url = new URL(as.authorization_endpoint as string)
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: "code",
    scope: options.scope ?? "openid email profile",
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    ...options.extra,
  }).toString()
  return { url, codeVerifier, state, nonce }
}

/** A whole authorization code flow; returns what an RP ends up holding. */
async function signIn(client: TestClient, options: SignInOptions = {}) {
  const as = await discover()
  const request = await authorizationRequest(as, client, options)
  const outcome = await op.authorize(request.url)
  const params = oauth.validateAuthResponse(as, rpClient(client), outcome.params, request.state)
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    rpClient(client),
    clientAuth(client),
    params,
    client.redirectUri,
    request.codeVerifier,
    insecure,
  )
  const tokens = await oauth.processAuthorizationCodeResponse(as, rpClient(client), response, { expectedNonce: request.nonce, requireIdToken: true })
  const claims = oauth.getValidatedIdTokenClaims(tokens) as oauth.IDToken
  const header = JSON.parse(Buffer.from((tokens.id_token as string).split(".")[0] as string, "base64url").toString())
  return { as, outcome, response, tokens, claims, header }
}

describe("a real OpenID Provider on 127.0.0.1", () => {
  it("serves discovery with its issuer, loopback endpoints, S256 and RFC 9207 iss", async () => {
    const as = await discover()
    expect(as.issuer).toBe(op.issuer)
    expect(op.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    for (const endpoint of [as.authorization_endpoint, as.token_endpoint, as.userinfo_endpoint, as.jwks_uri]) {
      expect(new URL(endpoint as string).origin).toBe(op.issuer)
    }
    expect(as.authorization_response_iss_parameter_supported).toBe(true)
    expect(as.code_challenge_methods_supported).toContain("S256")
    expect(as.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(["client_secret_basic", "client_secret_post", "client_secret_jwt", "private_key_jwt", "none"]),
    )
    expect(as.id_token_signing_alg_values_supported).toEqual(expect.arrayContaining(["RS256", "ES256", "none"]))
    expect(as.response_modes_supported).toContain("form_post")
  })

  const methods: ClientAuthMethod[] = ["client_secret_basic", "client_secret_post", "client_secret_jwt", "private_key_jwt", "none"]
  it.each(methods)("signs in with %s, PKCE, state and nonce, and the ID token verifies against the JWKS", async (auth) => {
    const client = await op.addClient({ auth })
    const { as, outcome, response, tokens, claims } = await signIn(client)
    expect(outcome.mode).toBe("query")
    expect(outcome.redirectUri).toBe(client.redirectUri)
    expect(outcome.params.get("iss")).toBe(op.issuer)
    expect(claims.iss).toBe(op.issuer)
    expect(claims.aud).toBe(client.clientId)
    expect(claims.sub).toBe("op-user-1")
    expect(claims.email).toBe("ada@example.com")
    expect(tokens.token_type).toBe("bearer")
    await oauth.validateApplicationLevelSignature(as, response, insecure)

    const userinfo = await oauth.processUserInfoResponse(
      as,
      rpClient(client),
      claims.sub,
      await oauth.userInfoRequest(as, rpClient(client), tokens.access_token, insecure),
    )
    expect(userinfo).toMatchObject({ sub: "op-user-1", email: "ada@example.com", name: "Ada Lovelace" })
  })

  it("refuses a token request whose client authentication is wrong", async () => {
    const client = await op.addClient({ auth: "client_secret_post" })
    const as = await discover()
    const request = await authorizationRequest(as, client)
    const outcome = await op.authorize(request.url)
    const params = oauth.validateAuthResponse(as, rpClient(client), outcome.params, request.state)
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      rpClient(client),
      oauth.ClientSecretPost("not-the-secret"),
      params,
      client.redirectUri,
      request.codeVerifier,
      insecure,
    )
    const error = await oauth.processAuthorizationCodeResponse(as, rpClient(client), response).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(oauth.ResponseBodyError)
    expect((error as oauth.ResponseBodyError).error).toBe("invalid_client")
  })

  it("answers with form_post when asked", async () => {
    const client = await op.addClient()
    const as = await discover()
    const request = await authorizationRequest(as, client, { extra: { response_mode: "form_post" } })
    const outcome = await op.authorize(request.url)
    expect(outcome.mode).toBe("form_post")
    expect(outcome.redirectUri).toBe(client.redirectUri)
    expect(outcome.params.get("state")).toBe(request.state)
    expect(outcome.params.get("iss")).toBe(op.issuer)
    expect(outcome.params.get("code")).toEqual(expect.any(String))
    oauth.validateAuthResponse(as, rpClient(client), outcome.params, request.state)
  })

  it("issues a refresh token for offline_access with prompt=consent, and the refresh_token grant works", async () => {
    const client = await op.addClient({ refreshTokens: true })
    const first = await signIn(client, { scope: "openid email offline_access", extra: { prompt: "consent" } })
    expect(first.tokens.refresh_token).toEqual(expect.any(String))
    expect(first.tokens.scope?.split(" ")).toContain("offline_access")

    const response = await oauth.refreshTokenGrantRequest(first.as, rpClient(client), clientAuth(client), first.tokens.refresh_token as string, insecure)
    const refreshed = await oauth.processRefreshTokenResponse(first.as, rpClient(client), response)
    expect(refreshed.access_token).not.toBe(first.tokens.access_token)
    expect(oauth.getValidatedIdTokenClaims(refreshed)?.sub).toBe(first.claims.sub)
  })

  it("issues no refresh token without offline_access", async () => {
    const client = await op.addClient({ refreshTokens: true })
    const { tokens } = await signIn(client)
    expect(tokens.refresh_token).toBeUndefined()
  })

  it("logs in as the account a test sets, with its claims in the ID token and userinfo", async () => {
    const client = await op.addClient()
    op.setAccount({ sub: "grace", email: "grace@example.com", email_verified: false, name: "Grace Hopper", locale: "en-US" })
    const { as, tokens, claims } = await signIn(client)
    expect(claims).toMatchObject({ sub: "grace", email: "grace@example.com", email_verified: false, name: "Grace Hopper", locale: "en-US" })
    const userinfo = await oauth.processUserInfoResponse(
      as,
      rpClient(client),
      "grace",
      await oauth.userInfoRequest(as, rpClient(client), tokens.access_token, insecure),
    )
    expect(userinfo.name).toBe("Grace Hopper")

    op.reset()
    expect((await signIn(client)).claims.sub).toBe("op-user-1")
  })

  it("releases only the claims of the requested scopes", async () => {
    const client = await op.addClient()
    const { claims } = await signIn(client, { scope: "openid email" })
    expect(claims.email).toBe("ada@example.com")
    expect(claims.name).toBeUndefined()
  })

  it("answers error=access_denied when the user refuses", async () => {
    const client = await op.addClient()
    op.refuseLogin("<b>No</b> thanks")
    const as = await discover()
    const request = await authorizationRequest(as, client)
    const outcome = await op.authorize(request.url)
    expect(outcome.params.get("error")).toBe("access_denied")
    expect(outcome.params.get("state")).toBe(request.state)
    const error = (() => {
      try {
        oauth.validateAuthResponse(as, rpClient(client), outcome.params, request.state)
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(oauth.AuthorizationResponseError)
    expect((error as oauth.AuthorizationResponseError).error).toBe("access_denied")
    expect((error as oauth.AuthorizationResponseError).error_description).toBe("<b>No</b> thanks")
  })

  it("signs ID tokens with the algorithm the client registered, alg none included", async () => {
    for (const idTokenAlg of ["PS256", "ES256", "EdDSA", "none"] as const) {
      const client = await op.addClient({ idTokenAlg })
      const { header, tokens } = await signIn(client)
      expect(header.alg).toBe(idTokenAlg)
      if (idTokenAlg === "none") expect((tokens.id_token as string).endsWith(".")).toBe(true)
    }
  })

  it("rotates signing keys: new kids, a new JWKS, and an RP with the old JWKS cached cannot verify", async () => {
    const client = await op.addClient()
    const before = await signIn(client)
    const cache: oauth.JWKSCacheInput = {}
    await oauth.validateApplicationLevelSignature(before.as, before.response, { ...insecure, [oauth.jwksCache]: cache })
    const oldKid = before.header.kid as string

    const kids = await op.rotateKeys()
    expect(kids.RS256).not.toBe(oldKid)
    const after = await signIn(client)
    expect(after.header.kid).toBe(kids.RS256)
    const published = await (await fetch(after.as.jwks_uri as string)).json()
    expect(published.keys.map((key: { kid: string }) => key.kid)).toEqual(expect.arrayContaining(Object.values(kids)))
    expect(published.keys.map((key: { kid: string }) => key.kid)).not.toContain(oldKid)
    expect(published.keys.every((key: Record<string, unknown>) => key.d === undefined)).toBe(true)

    // A cache younger than 60 s is not refetched by oauth4webapi: the RP must refetch on an unknown kid itself.
    const stale = await oauth.validateApplicationLevelSignature(after.as, after.response, { ...insecure, [oauth.jwksCache]: cache }).catch((e: unknown) => e)
    expect((stale as oauth.OperationProcessingError).code).toBe(oauth.KEY_SELECTION)
    // oauth4webapi keeps a JWKS per AuthorizationServer object: a fresh one (and an empty cache) fetches again.
    await oauth.validateApplicationLevelSignature(await discover(), after.response, { ...insecure, [oauth.jwksCache]: {} })

    await op.rotateKeys({ keepPrevious: true })
    expect(op.jwks().keys.map((key) => key.kid)).toEqual(expect.arrayContaining(Object.values(kids)))
  })

  it("lets a test tamper with the token response", async () => {
    const client = await op.addClient()
    op.rewriteJson("token", (body) => ({ ...body, id_token: `${body.id_token.slice(0, -4)}AAAA` }))
    const as = await discover()
    const request = await authorizationRequest(as, client)
    const params = oauth.validateAuthResponse(as, rpClient(client), (await op.authorize(request.url)).params, request.state)
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      rpClient(client),
      clientAuth(client),
      params,
      client.redirectUri,
      request.codeVerifier,
      insecure,
    )
    await oauth.processAuthorizationCodeResponse(as, rpClient(client), response, { expectedNonce: request.nonce })
    const error = await oauth.validateApplicationLevelSignature(as, response, insecure).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(oauth.OperationProcessingError)
    expect((error as oauth.OperationProcessingError).code).toBe(oauth.INVALID_RESPONSE)
  })

  it("lets a test strip or change iss in the authorization response (mix-up)", async () => {
    const client = await op.addClient()
    const as = await discover()
    for (const [tamper, message] of [
      [(params: URLSearchParams) => params.delete("iss"), /"iss" \(issuer\) missing/],
      [(params: URLSearchParams) => params.set("iss", "https://attacker.example"), /unexpected "iss"/],
    ] as const) {
      const remove = op.rewriteAuthorizationResponse(tamper)
      const request = await authorizationRequest(as, client)
      const outcome = await op.authorize(request.url)
      remove()
      const error = (() => {
        try {
          oauth.validateAuthResponse(as, rpClient(client), outcome.params, request.state)
        } catch (e) {
          return e
        }
      })()
      expect((error as oauth.OperationProcessingError).code).toBe(oauth.INVALID_RESPONSE)
      expect((error as Error).message).toMatch(message)
    }
  })

  it("lets a test change discovery and userinfo", async () => {
    op.rewriteJson("discovery", (body) => ({ ...body, issuer: `${op.issuer}/elsewhere` }))
    const discovery = await oauth.processDiscoveryResponse(op.url, await oauth.discoveryRequest(op.url, insecure)).catch((e: unknown) => e)
    expect((discovery as oauth.OperationProcessingError).code).toBe(oauth.JSON_ATTRIBUTE_COMPARISON)
    op.reset()

    const client = await op.addClient()
    const { as, tokens, claims } = await signIn(client)
    op.rewriteJson("userinfo", (body) => ({ ...body, sub: "someone-else" }))
    const userinfo = await oauth
      .processUserInfoResponse(as, rpClient(client), claims.sub, await oauth.userInfoRequest(as, rpClient(client), tokens.access_token, insecure))
      .catch((e: unknown) => e)
    expect((userinfo as oauth.OperationProcessingError).code).toBe(oauth.JSON_ATTRIBUTE_COMPARISON)
  })

  it("refuses a replayed authorization code", async () => {
    const client = await op.addClient()
    const as = await discover()
    const request = await authorizationRequest(as, client)
    const params = oauth.validateAuthResponse(as, rpClient(client), (await op.authorize(request.url)).params, request.state)
    const exchange = () =>
      oauth.authorizationCodeGrantRequest(as, rpClient(client), clientAuth(client), params, client.redirectUri, request.codeVerifier, insecure)
    await oauth.processAuthorizationCodeResponse(as, rpClient(client), await exchange(), { expectedNonce: request.nonce })
    const replay = await oauth
      .processAuthorizationCodeResponse(as, rpClient(client), await exchange(), { expectedNonce: request.nonce })
      .catch((e: unknown) => e)
    expect((replay as oauth.ResponseBodyError).error).toBe("invalid_grant")
  })

  it("rejects client metadata oidc-provider refuses, where it is registered", async () => {
    await expect(op.addClient({ redirectUris: ["not a url"] })).rejects.toThrow(/invalid_redirect_uri/)
  })

  it("honours the provider options: userinfo-only claims, refresh tokens always, extra claims, access token lifetime", async () => {
    const other = await startOpenIdProvider({
      idTokenClaims: "conform",
      refreshTokenPolicy: "always",
      claims: { profile: ["github_login"], org: ["org_id"] },
      accessTokenTtl: 120,
      account: { sub: "conform-user", name: "Conform", github_login: "conformist", org_id: "o-1", email: "c@example.com" },
    })
    try {
      const client = await other.addClient({ refreshTokens: true })
      const resolved = await oauth.processDiscoveryResponse(other.url, await oauth.discoveryRequest(other.url, insecure))
      const request = await authorizationRequest(resolved, client, { scope: "openid profile org" })
      const outcome = await other.authorize(request.url)
      const params = oauth.validateAuthResponse(resolved, rpClient(client), outcome.params, request.state)
      const response = await oauth.authorizationCodeGrantRequest(
        resolved,
        rpClient(client),
        clientAuth(client),
        params,
        client.redirectUri,
        request.codeVerifier,
        insecure,
      )
      const tokens = await oauth.processAuthorizationCodeResponse(resolved, rpClient(client), response, { expectedNonce: request.nonce })
      expect(tokens.expires_in).toBe(120)
      expect(tokens.refresh_token).toEqual(expect.any(String))
      const claims = oauth.getValidatedIdTokenClaims(tokens) as oauth.IDToken
      expect(claims.sub).toBe("conform-user")
      expect(claims.name).toBeUndefined()
      const userinfo = await oauth.processUserInfoResponse(
        resolved,
        rpClient(client),
        "conform-user",
        await oauth.userInfoRequest(resolved, rpClient(client), tokens.access_token, insecure),
      )
      expect(userinfo).toMatchObject({ name: "Conform", github_login: "conformist", org_id: "o-1" })
      expect(userinfo.email).toBeUndefined()
      expect(other.errors).toEqual([])
    } finally {
      await other.close()
    }
  })

  // Runs last: everything above started the provider and ran flows with this spy installed.
  it("printed none of oidc-provider's development notices", () => {
    expect(printed.filter((line) => line.includes("oidc-provider"))).toEqual([])
  })
})
