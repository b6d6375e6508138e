/**
 * The checks every catalog provider goes through, as functions a test file
 * calls with its own table: its configuration (`describeCatalog`), one
 * sign-in over HTTP against a stand-in of its endpoints or a real OpenID
 * Provider signing its claims (`describeOAuth2SignIns`, `describeOidcSignIns`),
 * and whether it vouches for e-mail addresses (`describeEmailVerification`).
 * catalog.test.ts, catalog-flows.test.ts and email-verified.test.ts hold the
 * first 25 providers; catalog-<family>.test.ts the rest, by family.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuthConfig } from "../../src/config/auth-config.js"
import { setEnvDefaults } from "../../src/config/env.js"
import { prepareConfig } from "../../src/config/prepare.js"
import { brandMarkOf, markFill } from "../../src/pages/brand-mark.js"
import { composite, contrastRatio, parseColor } from "../../src/pages/color.js"
import { providerButtonColors } from "../../src/pages/theme.js"
import { isEmailVerifiedBy } from "../../src/providers/lib/email-verified.js"
import type { OAuthConfig } from "../../src/providers/oauth.js"
import type { Account, Profile } from "../../src/types.js"
import { APP, appConfig, browser, callbackUrlOf, signIn } from "../oauth/app.js"
import { type HostileProvider, startHostileProvider } from "../support/hostile-provider.js"
import type { OpenIdProvider } from "../support/openid-provider.js"
import { type StandInReply, type StandInSpec, startProviderStandIn } from "../support/provider-standin.js"

// ---- configuration (catalog.test.ts) ----

export type Factory = (options?: any) => OAuthConfig<any>

/** A catalog provider as configuration: what its factory must return. */
export interface CatalogEntry {
  factory: Factory
  id: string
  type: "oauth" | "oidc"
  checks: string[]
  /** `client.token_endpoint_auth_method`, when not the default (client_secret_basic). */
  auth?: string
  /** oidc: the fixed issuer, or undefined when the user must give one. */
  issuer?: string
  /** oauth: the authorization URL (without query) and its parameters. */
  authorization?: { url: string; params: Record<string, string> }
  token?: string
  userinfo?: string
  /** oidc: extra authorization parameters. */
  params?: Record<string, unknown>
  fixture: Record<string, unknown>
  user: Record<string, unknown>
}

/** A plain OAuth 2.0 provider's entry: `type` oauth with the checks PKCE and `state` (most of the catalog). */
export function oauthEntry(entry: Omit<CatalogEntry, "type" | "checks">): CatalogEntry {
  return { type: "oauth", checks: ["pkce", "state"], ...entry }
}

/** An OpenID Connect provider's entry: `type` oidc with the checks PKCE, `state` and `nonce`. */
export function oidcEntry(entry: Omit<CatalogEntry, "type" | "checks">): CatalogEntry {
  return { type: "oidc", checks: ["pkce", "state", "nonce"], ...entry }
}

export function endpointUrl(endpoint: unknown): URL {
  if (typeof endpoint === "string") return new URL(endpoint)
  const { url, params } = endpoint as { url: string; params?: Record<string, unknown> }
  const parsed = new URL(url)
  for (const [name, value] of Object.entries(params ?? {})) parsed.searchParams.set(name, String(value))
  return parsed
}

const TOKENS = { access_token: "at", token_type: "bearer" as const }

/** The configuration checks, one describe per entry. */
export function describeCatalog(entries: CatalogEntry[]): void {
  describe.each(entries)("$id", (entry) => {
    const provider = entry.factory() as OAuthConfig<any> & Record<string, any>

    it("has its id, type, checks and client authentication", () => {
      expect(provider.id).toBe(entry.id)
      expect(provider.type).toBe(entry.type)
      expect(typeof provider.name).toBe("string")
      expect(provider.checks).toEqual(entry.checks)
      expect(provider.client?.token_endpoint_auth_method).toBe(entry.auth)
    })

    it("has the provider's real endpoints and scopes", () => {
      if (entry.type === "oidc") {
        expect(provider.issuer).toBe(entry.issuer)
        if (entry.params) expect(provider.authorization).toEqual({ params: entry.params })
        if (!entry.issuer) expect(provider.authorization === undefined || entry.params !== undefined).toBe(true)
        return
      }
      const authorization = endpointUrl(provider.authorization)
      expect(`${authorization.origin}${authorization.pathname}`).toBe(entry.authorization!.url)
      expect(Object.fromEntries(authorization.searchParams)).toEqual(entry.authorization!.params)
      expect(endpointUrl(provider.token).href).toBe(entry.token)
      expect(endpointUrl(provider.userinfo).href).toBe(entry.userinfo)
    })

    it("maps the provider's real profile to the user", async () => {
      const user = await provider.profile!(structuredClone(entry.fixture), TOKENS)
      expect(user).toEqual(entry.user)
    })

    it("has a readable button (4.5:1) and a brand mark drawn inline by the sign-in page, nothing fetched", () => {
      const bg = parseColor(provider.style?.bg)!
      const text = parseColor(provider.style?.text)!
      expect(contrastRatio(bg, text)).toBeGreaterThanOrEqual(4.5)
      // No logo URL of its own: the page draws the generated mark (pages/brand-marks.generated.ts).
      expect(provider.style?.logo).toBeUndefined()
      const mark = brandMarkOf(entry.id)!
      expect(mark.path).toMatch(/^[Mm][\d.,\s-]/)
      const fill = parseColor(markFill(mark, providerButtonColors(provider.style)))!
      expect(contrastRatio(composite(fill, bg), bg)).toBeGreaterThanOrEqual(4.5)
    })

    it("is filled from AUTH_{ID}_ID, _SECRET and _ISSUER by setEnvDefaults, called or not (as @auth/core)", () => {
      const ENV_ID = entry.id.toUpperCase().replace(/-/g, "_")
      const env = {
        [`AUTH_${ENV_ID}_ID`]: `${entry.id}-client`,
        [`AUTH_${ENV_ID}_SECRET`]: `${entry.id}-secret`,
        [`AUTH_${ENV_ID}_ISSUER`]: `https://idp.example.com/${entry.id}`,
      }
      for (const called of [false, true]) {
        const config: AuthConfig = { providers: [called ? entry.factory({}) : entry.factory], secret: "s".repeat(32) }
        setEnvDefaults(env, config)
        const [normalized] = prepareConfig(config).providers as (OAuthConfig<any> & Record<string, any>)[]
        expect(normalized!.clientId).toBe(`${entry.id}-client`)
        expect(normalized!.clientSecret).toBe(`${entry.id}-secret`)
        if (entry.type !== "oidc") continue
        // Without a built-in issuer, AUTH_{ID}_ISSUER is the issuer. With one, as in @auth/core, it only
        // replaces it when the factory is passed uncalled (setEnvDefaults then calls it with the issuer).
        const envIssuer = env[`AUTH_${ENV_ID}_ISSUER`]
        expect(normalized!.issuer).toBe(entry.issuer === undefined || !called ? envIssuer : entry.issuer)
      }
    })

    it("is accepted by a configuration (with an issuer where the provider needs one)", () => {
      const options = entry.type === "oidc" && !entry.issuer ? { issuer: "https://idp.example.com" } : {}
      const prepared = prepareConfig({
        providers: [entry.factory({ clientId: "id", clientSecret: "secret", ...options })],
        secret: "s".repeat(32),
        trustHost: true,
      })
      expect(prepared.configError).toBeUndefined()
    })

    it("lets the user's options win over the defaults (deep-merged)", () => {
      const config: AuthConfig = {
        providers: [entry.factory({ name: "Custom", checks: ["state"], authorization: { params: { prompt: "login" } } })],
        secret: "s".repeat(32),
      }
      const [merged] = prepareConfig(config).providers as (OAuthConfig<any> & Record<string, any>)[]
      expect(merged!.name).toBe("Custom")
      expect(merged!.checks).toEqual(["state"])
      expect(endpointUrl({ url: "https://x.invalid/", ...(merged!.authorization as object) }).searchParams.get("prompt")).toBe("login")
    })
  })
}

// ---- one sign-in each over HTTP (catalog-flows.test.ts) ----

/**
 * `factory` taking the stand-in's token URL as `token.url`: a string `token`
 * option would replace the provider's token endpoint object (deep merge),
 * and its `conform`/`request` hooks with it.
 */
export function keepingTokenHooks<T>(factory: (options: any) => T) {
  return (options: Record<string, unknown>) => factory({ ...options, token: { url: options.token } })
}

export interface Outcome {
  session: { user?: Record<string, unknown> }
  account: Account | undefined
  profile: Profile | undefined
  location: string | null
  errors: Error[]
}

export function recordingConfig(provider: unknown) {
  const seen: { account?: Account; profile?: Profile } = {}
  const config = appConfig([provider as Record<string, unknown>], {
    callbacks: {
      jwt({ token, account, profile }: { token: Record<string, unknown>; account?: Account | null; profile?: Profile }) {
        if (account) Object.assign(seen, { account, profile })
        return token
      },
    },
  })
  return { config, seen }
}

export async function signInWith(provider: unknown, authorizer: { authorize: OpenIdProvider["authorize"] }, id: string): Promise<Outcome> {
  const { config, seen } = recordingConfig(provider)
  const app = browser(config)
  const run = await signIn(app, authorizer as OpenIdProvider, id)
  const { body } = await app.session()
  return { session: body ?? {}, account: seen.account, profile: seen.profile, location: run.location, errors: config.log.errors }
}

export const CLIENT = { clientId: "catalog-client", clientSecret: "catalog-secret" }

export interface OAuth2Case {
  id: string
  factory: (options: any) => unknown
  authorize: string
  token: { path: string; reply: StandInReply | ((request: any) => StandInReply); codeParam?: string }
  /** The userinfo endpoint's path at the stand-in, and the routes behind it. */
  userinfo: string
  routes: StandInSpec["routes"]
  user: Record<string, unknown>
  providerAccountId: string
  /** Checks on the requests the provider received. */
  verify?: (standIn: Awaited<ReturnType<typeof startProviderStandIn>>) => void
}

export const json = (body: unknown): StandInReply => ({ json: body })

export interface OidcCase {
  id: string
  factory: (options: any) => unknown
  claims: Record<string, unknown>
  user: Record<string, unknown>
  options?: Record<string, unknown>
  /** The client authentication the provider uses. */
  auth: "client_secret_basic" | "client_secret_post"
  nonce: boolean
  pkce: boolean
}

/** An OIDC sign-in case with the usual client: client_secret_basic, PKCE and nonce. */
export function oidcCase(entry: Omit<OidcCase, "auth" | "nonce" | "pkce">): OidcCase {
  return { auth: "client_secret_basic", nonce: true, pkce: true, ...entry }
}

/** The claims the hostile provider signs: the provider's own, without the ones it sets itself. */
export function account(claims: Record<string, unknown>) {
  const { iss: _iss, aud: _aud, exp: _exp, iat: _iat, nbf: _nbf, nonce: _nonce, auth_time: _auth, at_hash: _at, ...rest } = claims
  return rest as { sub: string }
}

/** One sign-in per OAuth 2 case against a stand-in of the provider's endpoints. */
export function describeOAuth2SignIns(cases: OAuth2Case[]): void {
  describe("OAuth 2 catalog providers against a stand-in of their endpoints", () => {
    it.each(cases)("$id signs in", async (entry) => {
      const standIn = await startProviderStandIn({ authorize: { path: entry.authorize }, token: entry.token, routes: entry.routes })
      try {
        const provider = entry.factory({
          ...CLIENT,
          authorization: { url: standIn.endpoint(entry.authorize) },
          token: standIn.endpoint(entry.token.path),
          userinfo: { url: standIn.endpoint(entry.userinfo) },
        })
        const outcome = await signInWith(provider, standIn, entry.id)
        expect(outcome.errors).toEqual([])
        expect(outcome.location).toBe(APP.origin)
        expect(outcome.session.user).toEqual(entry.user)
        expect(outcome.account).toMatchObject({
          provider: entry.id,
          type: "oauth",
          providerAccountId: entry.providerAccountId,
          access_token: expect.any(String),
        })
        // The authorization request carried the provider's own parameters and the callback URL.
        const authorize = standIn.requestsTo(entry.authorize)[0]!
        expect(authorize.query.get("redirect_uri")).toBe(callbackUrlOf(entry.id))
        expect(authorize.query.get("state")).toBeTruthy()
        entry.verify?.(standIn)
      } finally {
        await standIn.close()
      }
    })
  })
}

/** One sign-in per OIDC case against an OpenID Provider signing the provider's claims; `more` adds tests sharing it. */
export function describeOidcSignIns(cases: OidcCase[], more?: (op: () => HostileProvider) => void): void {
  describe("OpenID Connect catalog providers against an OpenID Provider signing their claims", () => {
    let op: HostileProvider
    beforeAll(async () => {
      op = await startHostileProvider({ clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret })
    })
    afterAll(() => op?.close())

    it.each(cases)("$id signs in", async (entry) => {
      op.reset()
      op.setAccount(account(entry.claims))
      op.requireClientAuth(entry.auth)
      const provider = entry.factory({ ...CLIENT, issuer: op.issuer, ...entry.options })
      const outcome = await signInWith(provider, op, entry.id)
      expect(outcome.errors).toEqual([])
      expect(outcome.location).toBe(APP.origin)
      expect(outcome.session.user).toEqual(entry.user)
      expect(outcome.account).toMatchObject({ provider: entry.id, type: "oidc", providerAccountId: entry.claims.sub, id_token: expect.any(String) })
      const authorize = op.requestsTo("authorize")[0]!
      expect(authorize.query.has("nonce")).toBe(entry.nonce)
      expect(authorize.query.has("code_challenge")).toBe(entry.pkce)
      expect(authorize.query.get("state")).toBeTruthy()
      expect(op.tokenRequests[0]!.clientAuth.method).toBe(entry.auth)
    })

    more?.(() => op)
  })
}

// ---- e-mail verification (email-verified.test.ts) ----

/** What the sign-in would decide for `profile` at `provider`: its isEmailVerified applied to the address profile() returns. */
export async function decide(provider: OAuthConfig<any>, profile: Record<string, unknown>): Promise<boolean> {
  const user = await provider.profile!(profile as never, {})
  return isEmailVerifiedBy(provider.isEmailVerified, profile, user.email)
}

export interface EmailVerifiedCase {
  name: string
  provider: OAuthConfig<any>
  /** The provider's profile when it vouches for the address (or, for never-verified providers, as it comes). */
  verified: Record<string, unknown>
  /** The same profile when the provider does not vouch; undefined: no such profile exists. */
  unverified?: Record<string, unknown>
  /** What the decision is for `verified`. */
  expected: boolean
}

/** Whether each provider vouches for the address of its real profile, and not when it does not. */
export function describeEmailVerification(cases: EmailVerifiedCase[]): void {
  describe.each(cases)("$name", ({ provider, verified, unverified, expected }) => {
    it(`decides ${expected ? "verified" : "unverified"} for the provider's profile`, async () => {
      expect(await decide(provider, verified)).toBe(expected)
    })
    if (unverified) {
      it("decides unverified when the provider does not vouch", async () => {
        expect(await decide(provider, unverified)).toBe(false)
      })
    }
  })
}
