/**
 * The "self-hosted" family of the catalog: providers on an instance the
 * user names (Mastodon, Mattermost, Nextcloud, Osso, Ory Hydra, PingOne,
 * Passage, United Effects), per-account hosts (NetSuite, WorkOS) and their
 * neighbours (BankID Norway, Hugging Face, SimpleLogin, Wikimedia). Each goes
 * through the harness's three checks (configuration, one sign-in over HTTP,
 * e-mail verification), then the quirks: a missing instance refused at
 * startup, Nextcloud's OCS errors with HTTP 200, NetSuite's RESTlet answering
 * a JSON string, WorkOS's token response without `token_type`, BankID's
 * signed userinfo.
 */
import { describe, expect, it } from "vitest"
import { setEnvDefaults } from "../../src/config/env.js"
import { prepareConfig } from "../../src/config/prepare.js"
import { InvalidEndpoints } from "../../src/errors.js"
import BankIDNorway from "../../src/providers/bankid-no.js"
import Huggingface from "../../src/providers/huggingface.js"
import { instanceBase } from "../../src/providers/lib/instance-url.js"
import Mastodon from "../../src/providers/mastodon.js"
import Mattermost from "../../src/providers/mattermost.js"
import NetSuite, { netSuiteHostLabel, netSuiteUser } from "../../src/providers/netsuite.js"
import Nextcloud, { nextcloudUser } from "../../src/providers/nextcloud.js"
import type { OAuthConfig } from "../../src/providers/oauth.js"
import OryHydra from "../../src/providers/ory-hydra.js"
import Osso from "../../src/providers/osso.js"
import Passage from "../../src/providers/passage.js"
import PingId from "../../src/providers/ping-id.js"
import SimpleLogin from "../../src/providers/simplelogin.js"
import UnitedEffects from "../../src/providers/united-effects.js"
import Wikimedia from "../../src/providers/wikimedia.js"
import WorkOS, { conformWorkOSTokenResponse } from "../../src/providers/workos.js"
import { browser, signIn } from "../oauth/app.js"
import type { OpenIdProvider } from "../support/openid-provider.js"
import { startProviderStandIn } from "../support/provider-standin.js"
import * as F from "./fixtures-self-hosted.js"
import {
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
  recordingConfig,
  signInWith,
} from "./harness.js"

// The per-instance providers, on one instance each (the harness calls factories without options).
const MASTODON = "https://mastodon.example"
const MATTERMOST = "https://chat.example.com"
const NEXTCLOUD = "https://cloud.example.com/nextcloud"
const OSSO = "https://osso.example.com"
const RESTLET = "https://1234567-sb1.restlets.api.netsuite.com/app/site/hosting/restlet.nl?script=123&deploy=1"

const onInstance =
  <O extends { issuer?: string }>(factory: (options?: O) => OAuthConfig<any>, issuer: string) =>
  (options: O = {} as O) =>
    factory({ ...options, issuer: options.issuer ?? issuer })
const mastodon = onInstance(Mastodon, MASTODON)
const mattermost = onInstance(Mattermost, MATTERMOST)
const nextcloud = onInstance(Nextcloud, NEXTCLOUD)
const osso = onInstance(Osso, OSSO)
const netsuite = (options: Record<string, unknown> = {}) => NetSuite({ accountID: "1234567_SB1", userinfo: RESTLET, ...options })
const workos = (options: Record<string, any> = {}) => WorkOS({ connection: "conn_01E4ZCR3C56J083X43JQXF3JK5", ...options })

const CATALOG: CatalogEntry[] = [
  oidcEntry({
    factory: BankIDNorway,
    id: "bankid-no",
    auth: "client_secret_post",
    issuer: "https://auth.bankid.no/auth/realms/prod",
    params: { ui_locales: "no", login_hint: "BIS" },
    fixture: F.BANKID_USERINFO,
    user: { id: F.BANKID_USERINFO.sub, name: "Kari Nordmann", email: "kari.nordmann@example.no", image: null },
  }),
  oidcEntry({
    factory: Huggingface,
    id: "huggingface",
    issuer: "https://huggingface.co",
    fixture: F.HUGGINGFACE_CLAIMS,
    user: { id: F.HUGGINGFACE_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: F.HUGGINGFACE_CLAIMS.picture },
  }),
  oidcEntry({
    factory: OryHydra,
    id: "hydra",
    fixture: F.HYDRA_CLAIMS,
    user: { id: F.HYDRA_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com" },
  }),
  oauthEntry({
    factory: mastodon,
    id: "mastodon",
    authorization: { url: `${MASTODON}/oauth/authorize`, params: { scope: "read:accounts" } },
    token: `${MASTODON}/oauth/token`,
    userinfo: `${MASTODON}/api/v1/accounts/verify_credentials`,
    fixture: F.MASTODON_ACCOUNT,
    user: { id: F.MASTODON_ACCOUNT.id, name: "Ada Lovelace", email: null, image: F.MASTODON_ACCOUNT.avatar_static },
  }),
  oauthEntry({
    factory: mattermost,
    id: "mattermost",
    auth: "client_secret_post",
    authorization: { url: `${MATTERMOST}/oauth/authorize`, params: { scope: "" } },
    token: `${MATTERMOST}/oauth/access_token`,
    userinfo: `${MATTERMOST}/api/v4/users/me`,
    fixture: F.MATTERMOST_USER,
    user: { id: F.MATTERMOST_USER.id, name: "ada.lovelace", email: "ada@example.com", image: null },
  }),
  oauthEntry({
    factory: netsuite,
    id: "netsuite",
    authorization: { url: "https://1234567-sb1.app.netsuite.com/app/login/oauth2/authorize.nl", params: { scope: "restlets rest_webservices" } },
    token: "https://1234567-sb1.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token",
    userinfo: RESTLET,
    fixture: F.NETSUITE_USER,
    user: { id: "4622", name: "Ada Lovelace", email: "ada@example.com", image: null },
  }),
  {
    factory: nextcloud,
    id: "nextcloud",
    type: "oauth",
    checks: ["state"],
    authorization: { url: `${NEXTCLOUD}/apps/oauth2/authorize`, params: { scope: "" } },
    token: `${NEXTCLOUD}/apps/oauth2/api/v1/token`,
    userinfo: `${NEXTCLOUD}/ocs/v2.php/cloud/users`,
    fixture: F.NEXTCLOUD_USER,
    user: { id: "ada", name: "Ada Lovelace", email: "ada@example.com", image: `${NEXTCLOUD}/avatar/ada/512` },
  },
  {
    factory: osso,
    id: "osso",
    type: "oauth",
    checks: ["state"],
    authorization: { url: `${OSSO}/oauth/authorize`, params: { scope: "" } },
    token: `${OSSO}/oauth/token`,
    userinfo: `${OSSO}/oauth/me`,
    fixture: F.OSSO_PROFILE,
    user: { id: F.OSSO_PROFILE.id, name: null, email: "ada@example.com", image: null },
  },
  oidcEntry({
    factory: Passage,
    id: "passage",
    auth: "client_secret_basic",
    fixture: F.PASSAGE_CLAIMS,
    user: { id: F.PASSAGE_CLAIMS.sub, email: "ada@example.com" },
  }),
  oidcEntry({
    factory: PingId,
    id: "ping-id",
    fixture: F.PING_CLAIMS,
    user: { id: F.PING_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: F.PING_CLAIMS.picture },
  }),
  oidcEntry({
    factory: SimpleLogin,
    id: "simplelogin",
    issuer: "https://app.simplelogin.io",
    fixture: F.SIMPLELOGIN_CLAIMS,
    user: { id: F.SIMPLELOGIN_CLAIMS.sub, name: "Ada Lovelace", email: F.SIMPLELOGIN_CLAIMS.email, image: F.SIMPLELOGIN_CLAIMS.avatar_url },
  }),
  oidcEntry({
    factory: UnitedEffects,
    id: "united-effects",
    params: { scope: "openid email profile" },
    fixture: F.UNITED_EFFECTS_CLAIMS,
    user: { id: F.UNITED_EFFECTS_CLAIMS.sub, email: "ada@example.com" },
  }),
  oauthEntry({
    factory: Wikimedia,
    id: "wikimedia",
    authorization: { url: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize", params: { scope: "" } },
    token: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token",
    userinfo: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile",
    fixture: F.WIKIMEDIA_PROFILE,
    user: { id: "46618563", name: "Ada Lovelace", email: "ada@example.com", image: null },
  }),
  oauthEntry({
    factory: workos,
    id: "workos",
    auth: "client_secret_post",
    authorization: { url: "https://api.workos.com/sso/authorize", params: { scope: "", connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" } },
    token: "https://api.workos.com/sso/token",
    userinfo: "https://api.workos.com/sso/profile",
    fixture: F.WORKOS_PROFILE,
    user: { id: F.WORKOS_PROFILE.id, name: "Todd Rundgren", email: "todd@example.com", image: "https://images.example.com/todd.png" },
  }),
]

describeCatalog(CATALOG)

const OAUTH2: OAuth2Case[] = [
  {
    id: "mastodon",
    factory: mastodon,
    authorize: "/oauth/authorize",
    token: {
      path: "/oauth/token",
      reply: json({ access_token: "ZA-Yj3aBD8U8Cm7lKUp-lm9O9BmDgdhHzDeqsY8tlL0", token_type: "Bearer", scope: "read:accounts", created_at: 1_750_000_000 }),
    },
    userinfo: "/api/v1/accounts/verify_credentials",
    routes: [{ path: "/api/v1/accounts/verify_credentials", reply: json(F.MASTODON_ACCOUNT) }],
    user: { name: "Ada Lovelace", email: null, image: F.MASTODON_ACCOUNT.avatar_static },
    providerAccountId: F.MASTODON_ACCOUNT.id,
    verify: (standIn) => {
      const authorize = standIn.requestsTo("/oauth/authorize")[0]!
      expect(authorize.query.get("scope")).toBe("read:accounts")
      expect(authorize.query.get("code_challenge_method")).toBe("S256")
    },
  },
  {
    id: "mattermost",
    factory: mattermost,
    authorize: "/oauth/authorize",
    token: {
      path: "/oauth/access_token",
      reply: json({
        access_token: "7xkqj8bz3fyuxr5sd6m1wq9n4e",
        token_type: "bearer",
        expires_in: 2_592_000,
        scope: "",
        refresh_token: "ws6gpn9mb7rfxd3kc1a5ze8t2o",
      }),
    },
    userinfo: "/api/v4/users/me",
    routes: [{ path: "/api/v4/users/me", reply: json(F.MATTERMOST_USER) }],
    user: { name: "ada.lovelace", email: "ada@example.com", image: null },
    providerAccountId: F.MATTERMOST_USER.id,
    verify: (standIn) => {
      // No OpenID default scope is added; client_secret_post: the secret in the body, no Basic header.
      expect(standIn.requestsTo("/oauth/authorize")[0]!.query.get("scope")).toBe("")
      const [token] = standIn.requestsTo("/oauth/access_token")
      expect(token!.form.get("client_secret")).toBe(CLIENT.clientSecret)
      expect(token!.headers.authorization).toBeUndefined()
    },
  },
  {
    id: "netsuite",
    factory: netsuite,
    authorize: "/app/login/oauth2/authorize.nl",
    // NetSuite sends expires_in as a string.
    token: {
      path: "/services/rest/auth/oauth2/v1/token",
      reply: json({
        access_token: "eyJraWQiOiJjLlRTVERSVjEyMzQ1NjciLCJ0eXAiOiJKV1QifQ",
        refresh_token: "eyJraWQiOiJjLlRTVERSVjEyMzQ1NjciLCJ0eXAiOiJSVCJ9",
        expires_in: "3600",
        token_type: "bearer",
      }),
    },
    userinfo: "/app/site/hosting/restlet.nl",
    routes: [{ path: "/app/site/hosting/restlet.nl", reply: json(F.NETSUITE_USER) }],
    user: { name: "Ada Lovelace", email: "ada@example.com", image: null },
    providerAccountId: "4622",
    verify: (standIn) => {
      expect(standIn.requestsTo("/app/login/oauth2/authorize.nl")[0]!.query.get("scope")).toBe("restlets rest_webservices")
      expect(standIn.requestsTo("/services/rest/auth/oauth2/v1/token")[0]!.form.get("code_verifier")).toMatch(/^[\w-]{43}$/)
    },
  },
  {
    id: "nextcloud",
    factory: nextcloud,
    authorize: "/apps/oauth2/authorize",
    token: {
      path: "/apps/oauth2/api/v1/token",
      reply: json({
        access_token: "xJTSrBV3ce4wc6Wh1hHS9Kbx4YmIJ2t0",
        token_type: "Bearer",
        expires_in: 3600,
        refresh_token: "tJZ0bTbYuAAHWYudwH2sAFqdQeZYpPrLq8EfJpHDmKxCX",
        user_id: "ada",
      }),
    },
    userinfo: "/ocs/v2.php/cloud/users",
    // The provisioning API answers only requests that carry OCS-APIRequest.
    routes: [
      {
        path: "/ocs/v2.php/cloud/users/ada",
        reply: (request) => (request.headers["ocs-apirequest"] === "true" ? json(F.NEXTCLOUD_OCS) : { status: 401, json: { message: "CSRF check failed" } }),
      },
    ],
    user: { name: "Ada Lovelace", email: "ada@example.com", image: `${NEXTCLOUD}/avatar/ada/512` },
    providerAccountId: "ada",
  },
  {
    id: "osso",
    factory: osso,
    authorize: "/oauth/authorize",
    token: { path: "/oauth/token", reply: json({ access_token: "b8f2e4d6c1a3957e0f2d4c6b8a1e3f5d", token_type: "bearer", expires_in: 600 }) },
    userinfo: "/oauth/me",
    routes: [{ path: "/oauth/me", reply: json(F.OSSO_PROFILE) }],
    user: { name: null, email: "ada@example.com", image: null },
    providerAccountId: F.OSSO_PROFILE.id,
  },
  {
    id: "wikimedia",
    factory: Wikimedia,
    authorize: "/w/rest.php/oauth2/authorize",
    token: {
      path: "/w/rest.php/oauth2/access_token",
      reply: json({
        token_type: "Bearer",
        expires_in: 14400,
        access_token: "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJhdWQiOiJsYXRjaGtleSJ9.c2ln",
        refresh_token: "def50200a1b2c3d4e5f6",
      }),
    },
    userinfo: "/w/rest.php/oauth2/resource/profile",
    routes: [{ path: "/w/rest.php/oauth2/resource/profile", reply: json(F.WIKIMEDIA_PROFILE) }],
    user: { name: "Ada Lovelace", email: "ada@example.com", image: null },
    providerAccountId: "46618563",
  },
  {
    id: "workos",
    // The stand-in's token URL as `{ url }`, so that it merges with the provider's token.conform.
    factory: keepingTokenHooks(workos),
    authorize: "/sso/authorize",
    // WorkOS's real answer: the access token and the profile, no token_type.
    token: { path: "/sso/token", reply: json({ access_token: "01DMEK0J53CVMC32CK5SE0KZ8Q", profile: F.WORKOS_PROFILE }) },
    userinfo: "/sso/profile",
    routes: [{ path: "/sso/profile", reply: json(F.WORKOS_PROFILE) }],
    user: { name: "Todd Rundgren", email: "todd@example.com", image: "https://images.example.com/todd.png" },
    providerAccountId: F.WORKOS_PROFILE.id,
    verify: (standIn) => {
      expect(standIn.requestsTo("/sso/authorize")[0]!.query.get("connection")).toBe("conn_01E4ZCR3C56J083X43JQXF3JK5")
      const [token] = standIn.requestsTo("/sso/token")
      expect(token!.form.get("client_secret")).toBe(CLIENT.clientSecret)
      expect(standIn.requestsTo("/sso/profile")[0]!.headers.authorization).toBe("Bearer 01DMEK0J53CVMC32CK5SE0KZ8Q")
    },
  },
]

describeOAuth2SignIns(OAUTH2)

const OIDC: OidcCase[] = [
  // idToken: false, and the userinfo is a signed JWT (the client asks for application/jwt).
  {
    id: "bankid-no",
    factory: BankIDNorway,
    claims: F.BANKID_USERINFO,
    user: { name: "Kari Nordmann", email: "kari.nordmann@example.no", image: null },
    auth: "client_secret_post",
    nonce: true,
    pkce: true,
  },
  oidcCase({
    id: "huggingface",
    factory: Huggingface,
    claims: F.HUGGINGFACE_CLAIMS,
    user: { name: "Ada Lovelace", email: "ada@example.com", image: F.HUGGINGFACE_CLAIMS.picture },
  }),
  oidcCase({ id: "hydra", factory: OryHydra, claims: F.HYDRA_CLAIMS, user: { name: "Ada Lovelace", email: "ada@example.com" } }),
  oidcCase({ id: "passage", factory: Passage, claims: F.PASSAGE_CLAIMS, user: { email: "ada@example.com" } }),
  oidcCase({ id: "ping-id", factory: PingId, claims: F.PING_CLAIMS, user: { name: "Ada Lovelace", email: "ada@example.com", image: F.PING_CLAIMS.picture } }),
  oidcCase({
    id: "simplelogin",
    factory: SimpleLogin,
    claims: F.SIMPLELOGIN_CLAIMS,
    user: { name: "Ada Lovelace", email: F.SIMPLELOGIN_CLAIMS.email, image: F.SIMPLELOGIN_CLAIMS.avatar_url },
  }),
  oidcCase({ id: "united-effects", factory: UnitedEffects, claims: F.UNITED_EFFECTS_CLAIMS, user: { email: "ada@example.com" } }),
]

describeOidcSignIns(OIDC, (getOp) => {
  it("bankid-no: the profile is the userinfo JWT, asked for as application/jwt", async () => {
    const op = getOp()
    op.reset()
    op.setAccount({ sub: F.BANKID_USERINFO.sub, name: "Kari Nordmann" })
    op.requireClientAuth("client_secret_post")
    const outcome = await signInWith(BankIDNorway({ ...CLIENT, issuer: op.issuer }), op, "bankid-no")
    expect(outcome.errors).toEqual([])
    expect(op.requestsTo("userinfo")[0]!.headers.accept).toBe("application/jwt")
    expect(outcome.session.user).toEqual({ name: "Kari Nordmann", email: null, image: null })
  })

  it("united-effects: the issuer is sent as the resource indicator", async () => {
    const op = getOp()
    op.reset()
    op.setAccount({ sub: F.UNITED_EFFECTS_CLAIMS.sub, email: "ada@example.com" })
    const outcome = await signInWith(UnitedEffects({ ...CLIENT, issuer: op.issuer }), op, "united-effects")
    expect(outcome.errors).toEqual([])
    const authorize = op.requestsTo("authorize")[0]!
    expect(authorize.query.get("resource")).toBe(op.issuer)
    expect(authorize.query.get("scope")).toBe("openid email profile")
  })
})

const VERIFICATION: EmailVerifiedCase[] = [
  // The OpenID Connect rule: email_verified.
  {
    name: "BankID Norway (email_verified)",
    provider: BankIDNorway(),
    verified: F.BANKID_USERINFO,
    unverified: { ...F.BANKID_USERINFO, email_verified: false },
    expected: true,
  },
  {
    name: "Hugging Face (email_verified)",
    provider: Huggingface(),
    verified: F.HUGGINGFACE_CLAIMS,
    unverified: { ...F.HUGGINGFACE_CLAIMS, email_verified: false },
    expected: true,
  },
  {
    name: "Ory Hydra (email_verified)",
    provider: OryHydra({ issuer: "https://hydra.example.com" }),
    verified: F.HYDRA_CLAIMS,
    unverified: { ...F.HYDRA_CLAIMS, email_verified: undefined },
    expected: true,
  },
  {
    name: "Passage (email_verified)",
    provider: Passage({ issuer: F.PASSAGE_CLAIMS.iss }),
    verified: F.PASSAGE_CLAIMS,
    unverified: { ...F.PASSAGE_CLAIMS, email_verified: false },
    expected: true,
  },
  {
    name: "PingOne (email_verified)",
    provider: PingId({ issuer: F.PING_CLAIMS.iss }),
    verified: F.PING_CLAIMS,
    unverified: { ...F.PING_CLAIMS, email_verified: false },
    expected: true,
  },
  {
    name: "SimpleLogin (email_verified)",
    provider: SimpleLogin(),
    verified: F.SIMPLELOGIN_CLAIMS,
    unverified: { ...F.SIMPLELOGIN_CLAIMS, email_verified: false },
    expected: true,
  },
  {
    name: "United Effects (email_verified)",
    provider: UnitedEffects({ issuer: F.UNITED_EFFECTS_CLAIMS.iss }),
    verified: F.UNITED_EFFECTS_CLAIMS,
    unverified: { ...F.UNITED_EFFECTS_CLAIMS, email_verified: undefined },
    expected: true,
  },
  // The provider's own flag.
  {
    name: "Mattermost (email_verified of the user)",
    provider: mattermost(),
    verified: F.MATTERMOST_USER,
    unverified: { ...F.MATTERMOST_USER, email_verified: false },
    expected: true,
  },
  {
    name: "Wikimedia (confirmed_email)",
    provider: Wikimedia(),
    verified: F.WIKIMEDIA_PROFILE,
    unverified: { ...F.WIKIMEDIA_PROFILE, confirmed_email: false },
    expected: true,
  },
  // Never verified: nothing in the profile can make them so.
  {
    name: "Mastodon (no address at all)",
    provider: mastodon(),
    verified: { ...F.MASTODON_ACCOUNT, email: "ada@example.com", email_verified: true },
    expected: false,
  },
  { name: "NetSuite (getCurrentUser has no flag)", provider: netsuite(), verified: { ...F.NETSUITE_USER, email_verified: true }, expected: false },
  { name: "Nextcloud (no flag)", provider: nextcloud(), verified: { ...F.NEXTCLOUD_USER, email_verified: true }, expected: false },
  { name: "Osso (SAML assertion, unverified)", provider: osso(), verified: { ...F.OSSO_PROFILE, email_verified: true }, expected: false },
  { name: "WorkOS (identity provider's assertion, unverified)", provider: workos(), verified: { ...F.WORKOS_PROFILE, email_verified: true }, expected: false },
]

describeEmailVerification(VERIFICATION)

describe("per-instance providers without their instance", () => {
  it.each([
    ["mastodon", Mastodon],
    ["mattermost", Mattermost],
    ["nextcloud", Nextcloud],
    ["osso", Osso],
  ] as const)("%s: refused at startup (InvalidEndpoints) naming `issuer`", (id, factory) => {
    const prepared = prepareConfig({ providers: [factory({ clientId: "id", clientSecret: "s" })], secret: "s".repeat(32), trustHost: true })
    expect(prepared.configError).toBeInstanceOf(InvalidEndpoints)
    expect(prepared.configError!.message).toMatch(new RegExp(`"${id}" has neither \`issuer\``))
  })

  it("an uncalled factory gets its instance from AUTH_{ID}_ISSUER", () => {
    const config = { providers: [Mastodon], secret: "s".repeat(32), trustHost: true }
    setEnvDefaults({ AUTH_MASTODON_ID: "id", AUTH_MASTODON_SECRET: "s", AUTH_MASTODON_ISSUER: "https://fosstodon.example/" }, config)
    const prepared = prepareConfig(config)
    expect(prepared.configError).toBeUndefined()
    const [provider] = prepared.providers as (OAuthConfig<any> & Record<string, any>)[]
    expect(provider!.token).toBe("https://fosstodon.example/oauth/token")
  })

  it("NetSuite without accountID or the userinfo RESTlet: refused at startup", () => {
    for (const options of [{ userinfo: RESTLET }, { accountID: "1234567" }]) {
      const prepared = prepareConfig({ providers: [NetSuite({ clientId: "id", clientSecret: "s", ...options })], secret: "s".repeat(32), trustHost: true })
      expect(prepared.configError).toBeInstanceOf(InvalidEndpoints)
    }
  })

  it("an instance URL that is not an absolute http(s) URL is a TypeError naming the provider", () => {
    expect(() => Mastodon({ issuer: "mastodon.social" })).toThrow(/Mastodon: `issuer` "mastodon.social" is not an absolute URL/)
    expect(() => Nextcloud({ issuer: "ftp://cloud.example.com" })).toThrow(TypeError)
    expect(() => Osso({ issuer: "https://osso.example.com/?a=1" })).toThrow(TypeError)
    expect(instanceBase("X", "issuer", "https://cloud.example.com/nc//")).toBe("https://cloud.example.com/nc")
    expect(instanceBase("X", "issuer", undefined)).toBeUndefined()
  })
})

describe("Nextcloud's provisioning API", () => {
  it("an OCS failure answered with HTTP 200 is an OAuthCallbackError, no session", async () => {
    const standIn = await startProviderStandIn({
      authorize: { path: "/apps/oauth2/authorize" },
      token: { path: "/apps/oauth2/api/v1/token", reply: json({ access_token: "a", token_type: "Bearer", expires_in: 3600, user_id: "ada" }) },
      routes: [{ path: "/ocs/v2.php/cloud/users/ada", reply: json(F.NEXTCLOUD_OCS_REFUSED) }],
    })
    try {
      const provider = nextcloud({
        ...CLIENT,
        authorization: { url: standIn.endpoint("/apps/oauth2/authorize") },
        token: standIn.endpoint("/apps/oauth2/api/v1/token"),
        userinfo: { url: standIn.endpoint("/ocs/v2.php/cloud/users") },
      })
      const { config } = recordingConfig(provider)
      const app = browser(config)
      const run = await signIn(app, standIn as unknown as OpenIdProvider, "nextcloud")
      expect(new URL(run.location!).searchParams.get("error")).toBe("OAuthCallbackError")
      expect((await app.session()).body).toBeNull()
      expect(config.log.errors.map((error) => error.message).join()).toMatch(/OCS status 997: Current user is not logged in/)
    } finally {
      await standIn.close()
    }
  })

  it("reads the user from the OCS envelope, refuses one without a user", () => {
    expect(nextcloudUser(F.NEXTCLOUD_OCS)).toEqual(F.NEXTCLOUD_USER)
    expect(() => nextcloudUser({ ocs: { meta: { status: "ok", statuscode: 200 }, data: [] } })).toThrow(/answered no user/)
    expect(() => nextcloudUser("<html>")).toThrow(/OCS status missing/)
  })
})

describe("NetSuite", () => {
  it("a RESTlet that returns JSON.stringify(user) answers a JSON string: it is parsed again", async () => {
    const standIn = await startProviderStandIn({
      authorize: { path: "/authorize.nl" },
      token: { path: "/token", reply: json({ access_token: "a", token_type: "bearer", expires_in: "3600" }) },
      routes: [{ path: "/restlet.nl", reply: json(JSON.stringify(F.NETSUITE_USER)) }],
    })
    try {
      const provider = NetSuite({
        ...CLIENT,
        accountID: "1234567",
        authorization: { url: standIn.endpoint("/authorize.nl") },
        token: standIn.endpoint("/token"),
        userinfo: standIn.endpoint("/restlet.nl"),
      })
      const outcome = await signInWith(provider, standIn, "netsuite")
      expect(outcome.errors).toEqual([])
      expect(outcome.session.user).toEqual({ name: "Ada Lovelace", email: "ada@example.com", image: null })
      expect(standIn.requestsTo("/restlet.nl")[0]!.headers["content-type"]).toBe("application/json")
    } finally {
      await standIn.close()
    }
  })

  it("hosts: the account id lower-cased, `_` as `-`; anything else refused", () => {
    expect(netSuiteHostLabel("TSTDRV1234567")).toBe("tstdrv1234567")
    expect(netSuiteHostLabel("1234567_SB1")).toBe("1234567-sb1")
    expect(() => netSuiteHostLabel("evil.example.com/")).toThrow(TypeError)
    expect(() => netSuiteUser("not json")).toThrow(/did not answer a user object/)
    expect(() => netSuiteUser([F.NETSUITE_USER])).toThrow(/did not answer a user object/)
  })
})

describe("WorkOS", () => {
  it("adds the missing token_type to WorkOS's token response, and only there", async () => {
    const fixed = await conformWorkOSTokenResponse(Response.json({ access_token: "01DMEK", profile: F.WORKOS_PROFILE }))
    expect(await fixed!.json()).toMatchObject({ access_token: "01DMEK", token_type: "bearer" })
    expect(await conformWorkOSTokenResponse(Response.json({ access_token: "a", token_type: "Bearer" }))).toBeUndefined()
    expect(await conformWorkOSTokenResponse(Response.json({ error: "invalid_grant" }, { status: 400 }))).toBeUndefined()
    expect(await conformWorkOSTokenResponse(new Response("not json"))).toBeUndefined()
  })

  it("selects the connection, organization or provider by option; none by default, and no scope", () => {
    const params = (provider: OAuthConfig<any>) => (provider.authorization as { params: Record<string, string> }).params
    expect(params(WorkOS())).toEqual({ scope: "" })
    expect(params(WorkOS({ organization: "org_01EHWNCE74X7JSDV0X3SZ3KJNY" }))).toEqual({ scope: "", organization: "org_01EHWNCE74X7JSDV0X3SZ3KJNY" })
    expect(params(WorkOS({ provider: "GoogleOAuth" }))).toEqual({ scope: "", provider: "GoogleOAuth" })
    expect((WorkOS({ issuer: "https://auth.example.com/" }).token as { url: string }).url).toBe("https://auth.example.com/sso/token")
  })

  it("builds the name from the parts present", async () => {
    const provider = WorkOS()
    expect(await provider.profile!({ ...F.WORKOS_PROFILE, first_name: null, raw_attributes: {} } as never, {})).toEqual({
      id: F.WORKOS_PROFILE.id,
      name: "Rundgren",
      email: "todd@example.com",
      image: null,
    })
    expect(await provider.profile!({ ...F.WORKOS_PROFILE, first_name: null, last_name: null } as never, {})).toMatchObject({ name: null })
  })
})

describe("profile mapping edge cases", () => {
  it("Mastodon: username when there is no display name", async () => {
    expect(await mastodon().profile!({ ...F.MASTODON_ACCOUNT, display_name: "" } as never, {})).toMatchObject({ name: "ada" })
  })

  it("Mattermost: 'first last' when there is no username, null without an e-mail", async () => {
    expect(await mattermost().profile!({ ...F.MATTERMOST_USER, username: "", email: "" } as never, {})).toMatchObject({ name: "Ada Lovelace", email: null })
  })

  it("Ory Hydra's id is `hydra`, as @auth/core's", () => {
    expect(OryHydra().id).toBe("hydra")
  })
})
