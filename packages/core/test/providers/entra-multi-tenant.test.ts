/**
 * Microsoft Entra ID's multi-tenant endpoints (`common`, `organizations`,
 * `consumers`) over HTTP, through `Auth()`: a local stand-in answers with
 * Entra's shapes — a discovery document whose `issuer` is the
 * `https://…/{tenantid}/v2.0` template, one JWKS for every tenant, and ID
 * tokens that carry their own tenant's issuer and `tid`. Each sign-in is
 * checked for what the user sees, the session, and what was stored.
 */
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { MemoryAdapter } from "../../src/adapters/memory.js"
import MicrosoftEntraID from "../../src/providers/microsoft-entra-id.js"
import { APP, appConfig, browser, type SignInOptions, signIn } from "../oauth/app.js"
import { errorParams } from "../support/client.js"
import type { OpenIdProvider } from "../support/openid-provider.js"
import { type ProviderStandIn, type StandInReply, startProviderStandIn } from "../support/provider-standin.js"
import { ENTRA_CLAIMS } from "./fixtures.js"

const ID = "microsoft-entra-id"
const CLIENT = { clientId: "6cb04018-a3f5-46a7-b995-940c78f5aef3", clientSecret: "entra-secret" }
/** Two customer tenants and Microsoft's tenant of personal accounts. */
const TENANT_A = "72f988bf-86f1-41af-91ab-2d7cd011db47"
const TENANT_B = "f8cdef31-a31e-4b4a-93e4-5f571e91255a"
const PERSONAL = "9188040d-6c67-4c5b-b112-36a304b66dad"
const SEGMENTS = ["common", "organizations", "consumers"] as const

/** What the next ID token says; a test changes what it needs. */
interface TokenPlan {
  tid?: unknown
  /** Default: the stand-in's issuer of `tid`. */
  iss?: string
  sub?: string
  email?: string
  /** Sign with a key the JWKS does not publish (same kid). */
  foreignKey?: boolean
}

let standIn: ProviderStandIn
let plan: TokenPlan = {}
/** The `issuer` of each discovery document, by path; a test may replace one. */
let discoveryIssuer: (segment: string) => string

const keys = { published: await generateKeyPair("RS256"), foreign: await generateKeyPair("RS256") }
const KID = "entra-key-1"
const publicJwk: JWK = { ...(await exportJWK(keys.published.publicKey)), kid: KID, use: "sig" }

const template = () => `${standIn.url}/{tenantid}/v2.0`
const issuerOf = (tenant: string) => `${standIn.url}/${tenant}/v2.0`

function discovery(segment: string): StandInReply {
  const base = `${standIn.url}/${segment}`
  return {
    json: {
      token_endpoint: `${standIn.url}/common/oauth2/v2.0/token`,
      token_endpoint_auth_methods_supported: ["client_secret_post", "private_key_jwt", "client_secret_basic"],
      jwks_uri: `${base}/discovery/v2.0/keys`,
      response_modes_supported: ["query", "fragment", "form_post"],
      subject_types_supported: ["pairwise"],
      id_token_signing_alg_values_supported: ["RS256"],
      response_types_supported: ["code", "id_token", "code id_token", "id_token token"],
      scopes_supported: ["openid", "profile", "email", "offline_access"],
      issuer: discoveryIssuer(segment),
      request_uri_parameter_supported: false,
      userinfo_endpoint: "https://graph.microsoft.com/oidc/userinfo",
      authorization_endpoint: `${standIn.url}/common/oauth2/v2.0/authorize`,
      http_logout_supported: true,
      frontchannel_logout_supported: true,
      end_session_endpoint: `${base}/oauth2/v2.0/logout`,
      claims_supported: [
        "sub",
        "iss",
        "cloud_instance_name",
        "cloud_instance_host_name",
        "cloud_graph_host_name",
        "msgraph_host",
        "aud",
        "exp",
        "iat",
        "auth_time",
        "acr",
        "nonce",
        "preferred_username",
        "name",
        "tid",
        "ver",
        "at_hash",
        "c_hash",
        "email",
      ],
      tenant_region_scope: null,
      cloud_instance_name: "microsoftonline.com",
      cloud_graph_host_name: "graph.windows.net",
      msgraph_host: "graph.microsoft.com",
      rbac_url: "https://pas.windows.net",
    },
  }
}

/** The token endpoint's answer: Entra's shape, its ID token built from {@link plan}. */
async function tokenReply(): Promise<StandInReply> {
  const authorize = standIn.requestsTo("/common/oauth2/v2.0/authorize").at(-1)!
  const tid = "tid" in plan ? plan.tid : TENANT_A
  const now = Math.floor(Date.now() / 1000)
  const { iss: _iss, aud: _aud, iat: _iat, nbf: _nbf, exp: _exp, tid: _tid, ...claims } = ENTRA_CLAIMS
  const payload: Record<string, unknown> = {
    ...claims,
    sub: plan.sub ?? ENTRA_CLAIMS.sub,
    email: plan.email ?? ENTRA_CLAIMS.email,
    aud: CLIENT.clientId,
    iss: plan.iss ?? issuerOf(String(tid)),
    iat: now,
    nbf: now,
    exp: now + 3600,
    nonce: authorize.query.get("nonce"),
  }
  if (tid !== undefined) payload.tid = tid
  const key = plan.foreignKey ? keys.foreign.privateKey : keys.published.privateKey
  const idToken = await new SignJWT(payload).setProtectedHeader({ alg: "RS256", typ: "JWT", kid: KID }).sign(key)
  return {
    json: {
      token_type: "Bearer",
      scope: "openid profile email User.Read",
      expires_in: 4779,
      ext_expires_in: 4779,
      access_token: "eyJ0eXAiOi.entra-access-token",
      id_token: idToken,
    },
  }
}

beforeAll(async () => {
  standIn = await startProviderStandIn({
    authorize: { path: "/common/oauth2/v2.0/authorize" },
    token: { path: "/common/oauth2/v2.0/token", reply: () => tokenReply() },
    routes: [
      ...SEGMENTS.map((segment) => ({ path: `/${segment}/v2.0/.well-known/openid-configuration`, auth: "none" as const, reply: () => discovery(segment) })),
      // A single tenant's own document, to show the template is refused there.
      { path: `/${TENANT_A}/v2.0/.well-known/openid-configuration`, auth: "none" as const, reply: () => discovery(TENANT_A) },
      // Entra lists each key with the issuer template it signs for.
      ...[...SEGMENTS, TENANT_A].map((segment) => ({
        path: `/${segment}/discovery/v2.0/keys`,
        auth: "none" as const,
        reply: () => ({ json: { keys: [{ ...publicJwk, issuer: template() }] } }),
      })),
    ],
  })
})
afterEach(() => {
  plan = {}
  discoveryIssuer = () => template()
  standIn.reset()
})
afterAll(() => standIn?.close())
discoveryIssuer = () => template()

function setup(options: Record<string, unknown> = {}) {
  const adapter = MemoryAdapter()
  const provider = MicrosoftEntraID({ ...CLIENT, issuer: issuerOf("common"), ...options })
  const config = appConfig([provider as unknown as Record<string, unknown>], { adapter })
  return { app: browser(config), config, adapter }
}

function errorsOf(config: { log: { errors: Error[] } }): string {
  return config.log.errors.map((error) => `${error.name}: ${error.message}`).join("\n")
}

async function run(ctx: ReturnType<typeof setup>, options?: SignInOptions) {
  return signIn(ctx.app, standIn as unknown as OpenIdProvider, ID, options)
}

/** A refusal: `error` in the redirect, no session, nothing stored, the log naming why. */
async function expectRefused(ctx: ReturnType<typeof setup>, location: string | null, error: string, log: RegExp) {
  expect(errorParams(location).error).toBe(error)
  expect(ctx.app.sessionCookieNames()).toEqual([])
  expect((await ctx.app.session()).body).toBeNull()
  expect(await ctx.adapter.getUserByEmail("ada@contoso.com")).toBeNull()
  expect(errorsOf(ctx.config)).toMatch(log)
}

describe("Microsoft Entra ID on a multi-tenant endpoint", () => {
  it("signs in a user of any tenant through `common`: the ID token's issuer is its own tenant's, verified against the shared JWKS", async () => {
    const ctx = setup()
    const signedIn = await run(ctx)
    expect(signedIn.location, errorsOf(ctx.config)).toBe(APP.origin)
    expect((await ctx.app.session()).body.user).toEqual({ name: "Ada Lovelace", email: "ada@contoso.com", image: null })
    const user = await ctx.adapter.getUserByAccount({ provider: ID, providerAccountId: ENTRA_CLAIMS.sub })
    expect(user?.email).toBe("ada@contoso.com")
    expect(standIn.requestsTo("/common/v2.0/.well-known/openid-configuration")).toHaveLength(1)
    expect(standIn.requestsTo("/common/discovery/v2.0/keys")).toHaveLength(1)
  })

  it("one configuration admits users of two tenants and a personal account, each token checked against its own issuer", async () => {
    const ctx = setup()
    for (const [tid, sub] of [
      [TENANT_A, "sub-a"],
      [TENANT_B, "sub-b"],
      [PERSONAL, "sub-p"],
    ] as const) {
      plan = { tid, sub, email: `${sub}@example.com` }
      const app = browser(ctx.config)
      const signedIn = await signIn(app, standIn as unknown as OpenIdProvider, ID)
      expect(signedIn.location, errorsOf(ctx.config)).toBe(APP.origin)
      expect(await ctx.adapter.getUserByAccount({ provider: ID, providerAccountId: sub })).not.toBeNull()
    }
    // Discovery and the JWKS were fetched once, for every tenant.
    expect(standIn.requestsTo("/common/v2.0/.well-known/openid-configuration")).toHaveLength(1)
    expect(standIn.requestsTo("/common/discovery/v2.0/keys")).toHaveLength(1)
  })

  it("a user of another tenant whose (unverified) email claim is an existing user's is not signed in as them (OAuthAccountNotLinked)", async () => {
    const ctx = setup()
    expect((await run(ctx)).location, errorsOf(ctx.config)).toBe(APP.origin)
    plan = { tid: TENANT_B, sub: "attacker-in-tenant-b" }
    const attacker = browser(ctx.config)
    const signedIn = await signIn(attacker, standIn as unknown as OpenIdProvider, ID)
    expect(errorParams(signedIn.location).error).toBe("OAuthAccountNotLinked")
    expect(attacker.sessionCookieNames()).toEqual([])
    expect(await ctx.adapter.getUserByAccount({ provider: ID, providerAccountId: "attacker-in-tenant-b" })).toBeNull()
  })

  it.each(["organizations", "consumers"] as const)("works the same on the %s endpoint", async (segment) => {
    const ctx = setup({ issuer: issuerOf(segment) })
    plan = { tid: segment === "consumers" ? PERSONAL : TENANT_B }
    const signedIn = await run(ctx)
    expect(signedIn.location, errorsOf(ctx.config)).toBe(APP.origin)
    expect(standIn.requestsTo(`/${segment}/discovery/v2.0/keys`)).toHaveLength(1)
  })

  it("refuses a token from tenant A that claims tenant B's issuer", async () => {
    const ctx = setup()
    plan = { tid: TENANT_A, iss: issuerOf(TENANT_B) }
    const signedIn = await run(ctx)
    await expectRefused(ctx, signedIn.location, "OAuthCallbackError", /unexpected JWT "iss"/)
  })

  it("refuses a token whose iss is the template itself", async () => {
    const ctx = setup()
    plan = { tid: TENANT_A, iss: template() }
    const signedIn = await run(ctx)
    await expectRefused(ctx, signedIn.location, "OAuthCallbackError", /unexpected JWT "iss"/)
  })

  it("refuses a token whose iss is the multi-tenant endpoint's own (`common`) issuer", async () => {
    const ctx = setup()
    plan = { tid: TENANT_A, iss: issuerOf("common") }
    const signedIn = await run(ctx)
    await expectRefused(ctx, signedIn.location, "OAuthCallbackError", /unexpected JWT "iss"/)
  })

  it.each([
    ["not a GUID", "common", /tenant id \(tid\) "common" is not a GUID/],
    ["a path", `${TENANT_A}/../${TENANT_B}`, /is not a GUID/],
    ["a number", 42, /is not a GUID/],
    ["missing", undefined, /carries no tenant id \(tid\)/],
  ])("refuses a tid that is %s, whatever the iss says", async (_, tid, log) => {
    const ctx = setup()
    plan = { tid, iss: issuerOf(String(tid)) }
    const signedIn = await run(ctx)
    await expectRefused(ctx, signedIn.location, "OAuthCallbackError", log)
  })

  it("refuses a token with the right tenant issuer but a signature the shared JWKS does not verify", async () => {
    const ctx = setup()
    plan = { tid: TENANT_A, foreignKey: true }
    const signedIn = await run(ctx)
    await expectRefused(ctx, signedIn.location, "OAuthCallbackError", /signature verification failed/)
  })

  it("an RFC 9207 iss in the authorization response must be the issuer of the token's tenant", async () => {
    const honest = setup()
    expect((await run(honest, { tamper: (params) => void params.set("iss", issuerOf(TENANT_A)) })).location, errorsOf(honest.config)).toBe(APP.origin)

    const other = setup()
    const mixedUp = await run(other, { tamper: (params) => void params.set("iss", issuerOf(TENANT_B)) })
    await expectRefused(other, mixedUp.location, "OAuthCallbackError", /authorization response's iss .* is not the id_token tenant's issuer/)

    const foreign = setup()
    const elsewhere = await run(foreign, { tamper: (params) => void params.set("iss", "https://attacker.example/v2.0") })
    await expectRefused(foreign, elsewhere.location, "OAuthCallbackError", /is not an issuer of this multi-tenant endpoint/)
  })
})

describe("allowedTenants", () => {
  it("admits a listed tenant (compared case-insensitively)", async () => {
    const ctx = setup({ allowedTenants: [TENANT_B, TENANT_A.toUpperCase()] })
    plan = { tid: TENANT_A }
    expect((await run(ctx)).location, errorsOf(ctx.config)).toBe(APP.origin)
  })

  it("refuses a genuine token from any other tenant with AccessDenied, storing nothing", async () => {
    const ctx = setup({ allowedTenants: [TENANT_B] })
    plan = { tid: TENANT_A }
    const signedIn = await run(ctx)
    await expectRefused(ctx, signedIn.location, "AccessDenied", new RegExp(`AccessDenied: .*tenant "${TENANT_A}" is not in allowedTenants`))
    expect(errorParams(signedIn.location).path).toBe("/auth/error")
  })

  it("is a configuration error on a single-tenant issuer, and in the factory when not a list of GUIDs", async () => {
    const ctx = setup({ issuer: issuerOf(TENANT_A), allowedTenants: [TENANT_A] })
    const csrfToken = await ctx.app.csrfToken()
    const response = await ctx.app.send(`/auth/signin/${ID}`, { form: { csrfToken } })
    expect(errorParams(response.headers.get("location")).error).toBe("Configuration")
    expect(errorsOf(ctx.config)).toMatch(/InvalidEndpoints: .*allowedTenants` applies only to a multi-tenant issuer/)
    expect(() => MicrosoftEntraID({ allowedTenants: ["contoso.onmicrosoft.com"] })).toThrow(TypeError)
    expect(() => MicrosoftEntraID({ allowedTenants: [] })).toThrow(TypeError)
  })
})

describe("the issuer template is accepted only where it belongs", () => {
  it("a single-tenant issuer whose discovery answers the template is refused (InvalidEndpoints)", async () => {
    const ctx = setup({ issuer: issuerOf(TENANT_A) })
    const csrfToken = await ctx.app.csrfToken()
    const response = await ctx.app.send(`/auth/signin/${ID}`, { form: { csrfToken } })
    expect(errorParams(response.headers.get("location")).error).toBe("Configuration")
    expect(errorsOf(ctx.config)).toMatch(/InvalidEndpoints: .*discovery document's issuer ".*\/\{tenantid\}\/v2\.0" is not the configured issuer/)
  })

  it("a multi-tenant endpoint whose discovery names another host's template, or a fixed issuer, is refused", async () => {
    for (const issuer of ["https://login.microsoftonline.com/{tenantid}/v2.0", issuerOf(TENANT_A), issuerOf("common")]) {
      discoveryIssuer = () => issuer
      const ctx = setup()
      const csrfToken = await ctx.app.csrfToken()
      const response = await ctx.app.send(`/auth/signin/${ID}`, { form: { csrfToken } })
      expect(errorParams(response.headers.get("location")).error, issuer).toBe("Configuration")
      expect(errorsOf(ctx.config)).toMatch(/is not the multi-tenant issuer template/)
    }
  })
})
