/**
 * The enterprise identity providers of the catalog (identity servers a
 * customer runs or rents, and Microsoft's older ids): their configuration
 * (describeCatalog), one sign-in each over HTTP against an OpenID Provider
 * signing their real claims or, for SAML Jackson, a stand-in of its
 * endpoints (describeOidcSignIns, describeOAuth2SignIns), whether they
 * vouch for e-mail addresses (describeEmailVerification), and their quirks:
 * Azure DevOps's JWT-bearer token request, FusionAuth's WWW-Authenticate
 * on a successful token response, discovery
 * documents outside `{issuer}/.well-known` (Frontegg, Azure AD B2C,
 * FusionAuth tenants), Descope's issuer from the project id, Azure AD
 * being Entra ID under another id.
 */
import { describe, expect, it } from "vitest"
import Asgardeo from "../../src/providers/asgardeo.js"
import AzureAD from "../../src/providers/azure-ad.js"
import AzureADB2C from "../../src/providers/azure-ad-b2c.js"
import AzureDevOps, { conformAzureDevOpsTokenResponse } from "../../src/providers/azure-devops.js"
import BeyondIdentity from "../../src/providers/beyondidentity.js"
import BoxyHQSAML from "../../src/providers/boxyhq-saml.js"
import Descope from "../../src/providers/descope.js"
import DuendeIdentityServer6 from "../../src/providers/duende-identity-server6.js"
import Frontegg from "../../src/providers/frontegg.js"
import FusionAuth, { conformFusionAuthTokenResponse } from "../../src/providers/fusionauth.js"
import IdentityServer4 from "../../src/providers/identity-server4.js"
import Kinde from "../../src/providers/kinde.js"
import Logto from "../../src/providers/logto.js"
import MicrosoftEntraID from "../../src/providers/microsoft-entra-id.js"
import OneLogin from "../../src/providers/onelogin.js"
import { startProviderStandIn } from "../support/provider-standin.js"
import * as F from "./fixtures-enterprise.js"
import {
  account,
  type CatalogEntry,
  CLIENT,
  describeCatalog,
  describeEmailVerification,
  describeOAuth2SignIns,
  describeOidcSignIns,
  type EmailVerifiedCase,
  json,
  keepingTokenHooks,
  type OAuth2Case,
  type OidcCase,
  oauthEntry,
  oidcCase,
  oidcEntry,
  signInWith,
} from "./harness.js"

const CATALOG: CatalogEntry[] = [
  oidcEntry({
    factory: Asgardeo,
    id: "asgardeo",
    fixture: F.ASGARDEO_CLAIMS,
    user: { id: F.ASGARDEO_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: null },
  }),
  oidcEntry({
    factory: AzureAD,
    id: "azure-ad",
    params: { scope: "openid profile email User.Read" },
    fixture: F.AZURE_AD_CLAIMS,
    user: { id: F.AZURE_AD_CLAIMS.sub, name: "Ada Lovelace", email: "ada@contoso.com", image: null },
  }),
  oidcEntry({
    factory: AzureADB2C,
    id: "azure-ad-b2c",
    fixture: F.AZURE_AD_B2C_CLAIMS,
    user: { id: F.AZURE_AD_B2C_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: null },
  }),
  {
    factory: AzureDevOps,
    id: "azure-devops",
    type: "oauth",
    checks: ["state"],
    authorization: { url: "https://app.vssps.visualstudio.com/oauth2/authorize", params: { response_type: "Assertion", scope: "vso.profile" } },
    token: "https://app.vssps.visualstudio.com/oauth2/token",
    userinfo: "https://app.vssps.visualstudio.com/_apis/profile/profiles/me?details=true&api-version=6.0",
    fixture: F.AZURE_DEVOPS_PROFILE,
    user: { id: F.AZURE_DEVOPS_PROFILE.id, name: "Ada Lovelace", email: "ada@example.com", image: null },
  },
  oidcEntry({
    factory: BeyondIdentity,
    id: "beyondidentity",
    fixture: F.BEYONDIDENTITY_CLAIMS,
    user: { id: F.BEYONDIDENTITY_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: null },
  }),
  oauthEntry({
    factory: (options?: Record<string, unknown>) => BoxyHQSAML({ issuer: "https://jackson.example.com", ...options }),
    id: "boxyhq-saml",
    auth: "client_secret_post",
    authorization: { url: "https://jackson.example.com/api/oauth/authorize", params: { provider: "saml", scope: "" } },
    token: "https://jackson.example.com/api/oauth/token",
    userinfo: "https://jackson.example.com/api/oauth/userinfo",
    fixture: F.BOXYHQ_USER,
    user: { id: "ada@example.com", name: "Ada Lovelace", email: "ada@example.com", image: null },
  }),
  oidcEntry({
    factory: Descope,
    id: "descope",
    fixture: F.DESCOPE_CLAIMS,
    user: { id: F.DESCOPE_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: F.DESCOPE_CLAIMS.picture },
  }),
  oidcEntry({
    factory: DuendeIdentityServer6,
    id: "duende-identity-server6",
    fixture: F.DUENDE_CLAIMS,
    user: { id: "818727", name: "Alice Smith", email: "AliceSmith@email.com", image: null },
  }),
  oidcEntry({
    factory: Frontegg,
    id: "frontegg",
    fixture: F.FRONTEGG_CLAIMS,
    user: { id: F.FRONTEGG_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: F.FRONTEGG_CLAIMS.profilePictureUrl },
  }),
  oidcEntry({
    factory: FusionAuth,
    id: "fusionauth",
    params: { scope: "openid offline_access email profile" },
    fixture: F.FUSIONAUTH_CLAIMS,
    // No `name` claim: preferred_username comes next.
    user: { id: F.FUSIONAUTH_CLAIMS.sub, name: "richard", email: "richard@example.com", image: F.FUSIONAUTH_CLAIMS.picture },
  }),
  oidcEntry({
    factory: IdentityServer4,
    id: "identity-server4",
    fixture: F.IDENTITY_SERVER4_CLAIMS,
    user: { id: "88421113", name: "Bob Smith", email: "BobSmith@email.com", image: null },
  }),
  oidcEntry({
    factory: Kinde,
    id: "kinde",
    fixture: F.KINDE_CLAIMS,
    user: { id: F.KINDE_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: F.KINDE_CLAIMS.picture },
  }),
  oidcEntry({
    factory: Logto,
    id: "logto",
    params: { scope: "offline_access openid email profile" },
    fixture: F.LOGTO_CLAIMS,
    // Logto sends `name: null` for a user without one: the username stands in.
    user: { id: F.LOGTO_CLAIMS.sub, name: "ada", email: "ada@example.com", image: null },
  }),
  oidcEntry({
    factory: OneLogin,
    id: "onelogin",
    fixture: F.ONELOGIN_CLAIMS,
    user: { id: F.ONELOGIN_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: null },
  }),
]

describeCatalog(CATALOG)

const OAUTH2: OAuth2Case[] = [
  {
    id: "azure-devops",
    // The stand-in's token URL as `token.url`, so the provider's token hooks stay (a string would replace them).
    factory: keepingTokenHooks(AzureDevOps),
    authorize: "/oauth2/authorize",
    // The code arrives as the JWT-bearer `assertion`.
    token: { path: "/oauth2/token", codeParam: "assertion", reply: json(F.AZURE_DEVOPS_TOKENS) },
    userinfo: "/_apis/profile/profiles/me",
    routes: [{ path: "/_apis/profile/profiles/me", reply: json(F.AZURE_DEVOPS_PROFILE) }],
    user: { name: "Ada Lovelace", email: "ada@example.com", image: null },
    providerAccountId: F.AZURE_DEVOPS_PROFILE.id,
    verify: (standIn) => {
      expect(standIn.requestsTo("/oauth2/authorize")[0]!.query.get("response_type")).toBe("Assertion")
      const token = standIn.requestsTo("/oauth2/token")[0]!
      expect(token.form.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer")
      expect(token.form.get("client_assertion_type")).toBe("urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
      expect(token.form.get("client_assertion")).toBe(CLIENT.clientSecret)
      expect(token.form.get("code")).toBeNull()
      expect(token.headers.authorization).toBeUndefined()
    },
  },
  {
    id: "boxyhq-saml",
    factory: BoxyHQSAML,
    authorize: "/api/oauth/authorize",
    token: { path: "/api/oauth/token", reply: json({ access_token: "5f1c3b2a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b", token_type: "bearer", expires_in: 300 }) },
    userinfo: "/api/oauth/userinfo",
    routes: [{ path: "/api/oauth/userinfo", reply: json(F.BOXYHQ_USER) }],
    user: { name: "Ada Lovelace", email: "ada@example.com", image: null },
    providerAccountId: "ada@example.com",
    verify: (standIn) => {
      // Jackson picks the SAML connection from `provider=saml` (and tenant/product); it checks PKCE and reads the secret from the body.
      const authorize = standIn.requestsTo("/api/oauth/authorize")[0]!
      expect(authorize.query.get("provider")).toBe("saml")
      expect(authorize.query.get("scope")).toBe("")
      expect(authorize.query.get("code_challenge_method")).toBe("S256")
      const [token] = standIn.requestsTo("/api/oauth/token")
      expect(token!.form.get("client_secret")).toBe(CLIENT.clientSecret)
      expect(token!.form.get("code_verifier")).toMatch(/^[\w-]{43}$/)
      expect(token!.headers.authorization).toBeUndefined()
    },
  },
]

describeOAuth2SignIns(OAUTH2)

describe("boxyhq-saml: Jackson's errors are plain text", () => {
  it("a token request refused with a text body ends at the sign-in page with OAuthCallbackError, no session", async () => {
    const standIn = await startProviderStandIn({
      authorize: { path: "/api/oauth/authorize" },
      token: { path: "/api/oauth/token", reply: { status: 401, text: "Invalid client_secret" } },
      routes: [{ path: "/api/oauth/userinfo", reply: json(F.BOXYHQ_USER) }],
    })
    try {
      const outcome = await signInWith(BoxyHQSAML({ ...CLIENT, issuer: standIn.url }), standIn, "boxyhq-saml")
      expect(outcome.session.user).toBeUndefined()
      expect(new URL(outcome.location!).searchParams.get("error")).toBe("OAuthCallbackError")
      expect(standIn.requestsTo("/api/oauth/userinfo")).toHaveLength(0)
    } finally {
      await standIn.close()
    }
  })
})

const OIDC: OidcCase[] = [
  oidcCase({ id: "asgardeo", factory: Asgardeo, claims: F.ASGARDEO_CLAIMS, user: { name: "Ada Lovelace", email: "ada@example.com", image: null } }),
  oidcCase({ id: "azure-ad", factory: AzureAD, claims: F.AZURE_AD_CLAIMS, user: { name: "Ada Lovelace", email: "ada@contoso.com", image: null } }),
  oidcCase({ id: "azure-ad-b2c", factory: AzureADB2C, claims: F.AZURE_AD_B2C_CLAIMS, user: { name: "Ada Lovelace", email: "ada@example.com", image: null } }),
  oidcCase({
    id: "beyondidentity",
    factory: BeyondIdentity,
    claims: F.BEYONDIDENTITY_CLAIMS,
    user: { name: "Ada Lovelace", email: "ada@example.com", image: null },
  }),
  oidcCase({
    id: "descope",
    factory: Descope,
    claims: F.DESCOPE_CLAIMS,
    user: { name: "Ada Lovelace", email: "ada@example.com", image: F.DESCOPE_CLAIMS.picture },
  }),
  oidcCase({
    id: "duende-identity-server6",
    factory: DuendeIdentityServer6,
    claims: F.DUENDE_CLAIMS,
    user: { name: "Alice Smith", email: "alicesmith@email.com", image: null },
  }),
  // The stand-in OP publishes its discovery document at the standard place; Frontegg's own path is checked below.
  oidcCase({
    id: "frontegg",
    factory: (options) => Frontegg({ ...options, wellKnown: `${options.issuer}/.well-known/openid-configuration` }),
    claims: F.FRONTEGG_CLAIMS,
    user: { name: "Ada Lovelace", email: "ada@example.com", image: F.FRONTEGG_CLAIMS.profilePictureUrl },
  }),
  oidcCase({
    id: "fusionauth",
    factory: FusionAuth,
    claims: F.FUSIONAUTH_CLAIMS,
    user: { name: "richard", email: "richard@example.com", image: F.FUSIONAUTH_CLAIMS.picture },
  }),
  oidcCase({
    id: "identity-server4",
    factory: IdentityServer4,
    claims: F.IDENTITY_SERVER4_CLAIMS,
    user: { name: "Bob Smith", email: "bobsmith@email.com", image: null },
  }),
  oidcCase({ id: "kinde", factory: Kinde, claims: F.KINDE_CLAIMS, user: { name: "Ada Lovelace", email: "ada@example.com", image: F.KINDE_CLAIMS.picture } }),
  oidcCase({ id: "logto", factory: Logto, claims: F.LOGTO_CLAIMS, user: { name: "ada", email: "ada@example.com", image: null } }),
  oidcCase({ id: "onelogin", factory: OneLogin, claims: F.ONELOGIN_CLAIMS, user: { name: "Ada Lovelace", email: "ada@example.com", image: null } }),
]

describeOidcSignIns(OIDC, (getOp) => {
  it("fusionauth: a tenant's id reaches discovery and the authorization request", async () => {
    const op = getOp()
    op.reset()
    op.setAccount(account(F.FUSIONAUTH_CLAIMS))
    const tenantId = F.FUSIONAUTH_CLAIMS.tid
    const outcome = await signInWith(FusionAuth({ ...CLIENT, issuer: op.issuer, tenantId }), op, "fusionauth")
    expect(outcome.errors).toEqual([])
    expect(outcome.session.user).toMatchObject({ email: "richard@example.com" })
    expect(op.requestsTo("discovery")[0]!.query.get("tenantId")).toBe(tenantId)
    expect(op.requestsTo("authorize")[0]!.query.get("tenantId")).toBe(tenantId)
  })

  it("azure-ad-b2c: primaryUserFlow reads the user flow's discovery document (?p=)", async () => {
    const op = getOp()
    op.reset()
    op.setAccount(account(F.AZURE_AD_B2C_CLAIMS))
    const outcome = await signInWith(AzureADB2C({ ...CLIENT, issuer: op.issuer, primaryUserFlow: "B2C_1_signupsignin" }), op, "azure-ad-b2c")
    expect(outcome.errors).toEqual([])
    expect(outcome.session.user).toEqual({ name: "Ada Lovelace", email: "ada@example.com", image: null })
    expect(op.requestsTo("discovery")[0]!.query.get("p")).toBe("B2C_1_signupsignin")
  })
})

describe("provider quirks", () => {
  it("azure-devops: its jwt-bearer token_type is read as bearer (the JWT-bearer grant itself: the sign-in above)", async () => {
    const conformed = (await conformAzureDevOpsTokenResponse(Response.json(F.AZURE_DEVOPS_TOKENS)))!
    expect(await conformed.json()).toEqual({ ...F.AZURE_DEVOPS_TOKENS, token_type: "bearer" })
    expect(await conformAzureDevOpsTokenResponse(Response.json({ access_token: "a", token_type: "bearer" }))).toBeUndefined()
    expect(await conformAzureDevOpsTokenResponse(new Response("<html>", { status: 500 }))).toBeUndefined()
    expect(AzureDevOps({ scope: "vso.profile vso.code" }).authorization).toMatchObject({ params: { scope: "vso.profile vso.code" } })
  })

  it("fusionauth: a successful token response loses its WWW-Authenticate header; a refusal keeps it", async () => {
    const ok = new Response(JSON.stringify({ access_token: "a", token_type: "Bearer" }), {
      status: 200,
      headers: { "www-authenticate": 'Bearer realm="FusionAuth"', "content-type": "application/json" },
    })
    const conformed = (await conformFusionAuthTokenResponse(ok))!
    expect(conformed.headers.has("www-authenticate")).toBe(false)
    expect(conformed.headers.get("content-type")).toBe("application/json")
    expect(await conformed.json()).toEqual({ access_token: "a", token_type: "Bearer" })
    const refused = new Response("{}", { status: 401, headers: { "www-authenticate": 'Basic realm="FusionAuth"' } })
    expect(await conformFusionAuthTokenResponse(refused)).toBeUndefined()
    expect(await conformFusionAuthTokenResponse(new Response("{}", { status: 200 }))).toBeUndefined()
  })

  it("frontegg and azure-ad-b2c read discovery where the provider publishes it", () => {
    expect(Frontegg({ issuer: "https://app-abc123.frontegg.com/" }).wellKnown).toBe("https://app-abc123.frontegg.com/oauth/.well-known/openid-configuration")
    expect(Frontegg().wellKnown).toBeUndefined()
    const b2c = AzureADB2C({ issuer: "https://contoso.b2clogin.com/775527ff-9a37-4307-8b3d-cc311f58d925/v2.0/", primaryUserFlow: "B2C_1_signupsignin" })
    expect(b2c.wellKnown).toBe("https://contoso.b2clogin.com/775527ff-9a37-4307-8b3d-cc311f58d925/v2.0/.well-known/openid-configuration?p=B2C_1_signupsignin")
    expect(AzureADB2C({ issuer: "https://contoso.b2clogin.com/t/v2.0/" }).wellKnown).toBeUndefined()
  })

  it("descope: the issuer defaults to the project's, from the client id; a given issuer wins", () => {
    expect(Descope({ clientId: "P2abc1234567890" }).issuer).toBe("https://api.descope.com/P2abc1234567890")
    expect(Descope({ clientId: "P2abc", issuer: "https://auth.example.com/P2abc" }).issuer).toBe("https://auth.example.com/P2abc")
    expect(Descope().issuer).toBeUndefined()
  })

  it("boxyhq-saml: without an issuer no endpoint is made up", () => {
    const provider = BoxyHQSAML()
    expect(provider.token).toBeUndefined()
    expect(provider.userinfo).toBeUndefined()
    expect(provider.authorization).toEqual({ params: { provider: "saml", scope: "" } })
  })

  it("azure-ad is Microsoft Entra ID under its own id and name, tenant rules included", () => {
    const { id, name, ...azure } = AzureAD({ tenantId: "common" })
    const { id: _id, name: _name, ...entra } = MicrosoftEntraID({ tenantId: "common" })
    expect([id, name]).toEqual(["azure-ad", "Azure Active Directory"])
    expect(JSON.stringify(azure)).toBe(JSON.stringify(entra))
    expect(AzureAD({ tenantId: "contoso.onmicrosoft.com" }).issuer).toBe("https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0")
    expect(() => AzureAD({ tenantId: "not a tenant" })).toThrow(TypeError)
  })
})

const EMAIL: EmailVerifiedCase[] = [
  {
    name: "Asgardeo (email_verified)",
    provider: Asgardeo(),
    verified: F.ASGARDEO_CLAIMS,
    unverified: { ...F.ASGARDEO_CLAIMS, email_verified: false },
    expected: true,
  },
  {
    name: "Descope (email_verified)",
    provider: Descope(),
    verified: F.DESCOPE_CLAIMS,
    unverified: { ...F.DESCOPE_CLAIMS, email_verified: false },
    expected: true,
  },
  {
    name: "Duende IdentityServer (email_verified)",
    provider: DuendeIdentityServer6(),
    verified: F.DUENDE_CLAIMS,
    unverified: { ...F.DUENDE_CLAIMS, email_verified: undefined },
    expected: true,
  },
  {
    name: "IdentityServer4 (email_verified)",
    provider: IdentityServer4(),
    verified: F.IDENTITY_SERVER4_CLAIMS,
    unverified: { ...F.IDENTITY_SERVER4_CLAIMS, email_verified: false },
    expected: true,
  },
  {
    name: "Frontegg (email_verified)",
    provider: Frontegg(),
    verified: F.FRONTEGG_CLAIMS,
    unverified: { ...F.FRONTEGG_CLAIMS, email_verified: false },
    expected: true,
  },
  {
    name: "FusionAuth (email_verified)",
    provider: FusionAuth(),
    verified: F.FUSIONAUTH_CLAIMS,
    unverified: { ...F.FUSIONAUTH_CLAIMS, email_verified: false },
    expected: true,
  },
  { name: "Logto (email_verified)", provider: Logto(), verified: F.LOGTO_CLAIMS, unverified: { ...F.LOGTO_CLAIMS, email_verified: false }, expected: true },
  // The claim when the provider sends it; these fixtures have none, so unverified.
  {
    name: "Beyond Identity (email_verified when sent)",
    provider: BeyondIdentity(),
    verified: { ...F.BEYONDIDENTITY_CLAIMS, email_verified: true },
    unverified: F.BEYONDIDENTITY_CLAIMS,
    expected: true,
  },
  {
    name: "Kinde (email_verified when sent)",
    provider: Kinde(),
    verified: { ...F.KINDE_CLAIMS, email_verified: true },
    unverified: F.KINDE_CLAIMS,
    expected: true,
  },
  {
    name: "OneLogin (email_verified when sent)",
    provider: OneLogin(),
    verified: { ...F.ONELOGIN_CLAIMS, email_verified: true },
    unverified: F.ONELOGIN_CLAIMS,
    expected: true,
  },
  // Never verified: nothing in the profile can make them so.
  {
    name: "Azure AD (email claim unverified)",
    provider: AzureAD({ tenantId: "common" }),
    verified: { ...F.AZURE_AD_CLAIMS, email_verified: true },
    expected: false,
  },
  { name: "Azure DevOps (no statement)", provider: AzureDevOps(), verified: F.AZURE_DEVOPS_PROFILE, expected: false },
  {
    name: "Azure AD B2C (no verification flag)",
    provider: AzureADB2C(),
    verified: { ...F.AZURE_AD_B2C_CLAIMS, email: "ada@example.com", email_verified: true },
    expected: false,
  },
  { name: "BoxyHQ SAML (the customer IdP's assertion)", provider: BoxyHQSAML(), verified: { ...F.BOXYHQ_USER, email_verified: true }, expected: false },
]

describeEmailVerification(EMAIL)
