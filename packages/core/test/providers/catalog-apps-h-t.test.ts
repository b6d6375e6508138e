/**
 * The "apps, H to T" catalog providers (HubSpot, Instagram, Medium, Netlify,
 * osu!, Patreon, Pinterest, Pipedrive, Roblox, Strava, Threads, TikTok,
 * Todoist, Trakt): configuration, one sign-in each over HTTP against a
 * stand-in of their endpoints (Roblox against a signing OpenID Provider),
 * whether they vouch for e-mail addresses, and their quirks: token
 * responses that are not RFC 6749's (Meta's, Medium's, TikTok's), TikTok's
 * `client_key`, HubSpot's token in the path, Trakt's API headers.
 * (The checks themselves are in harness.ts; the response shapes in
 * fixtures-apps-h-t.ts.)
 */
import { describe, expect, it, vi } from "vitest"
import type { AuthConfig } from "../../src/config/auth-config.js"
import { setEnvDefaults } from "../../src/config/env.js"
import { prepareConfig } from "../../src/config/prepare.js"
import HubSpot from "../../src/providers/hubspot.js"
import Instagram from "../../src/providers/instagram.js"
import { conformMetaTokenResponse } from "../../src/providers/lib/token-response.js"
import Medium, { conformMediumTokenResponse } from "../../src/providers/medium.js"
import Netlify from "../../src/providers/netlify.js"
import type { OAuthConfig } from "../../src/providers/oauth.js"
import Osu from "../../src/providers/osu.js"
import Patreon from "../../src/providers/patreon.js"
import Pinterest from "../../src/providers/pinterest.js"
import Pipedrive from "../../src/providers/pipedrive.js"
import Roblox from "../../src/providers/roblox.js"
import Strava from "../../src/providers/strava.js"
import Threads from "../../src/providers/threads.js"
import TikTok, { conformTiktokTokenResponse, tiktokFetch } from "../../src/providers/tiktok.js"
import Todoist from "../../src/providers/todoist.js"
import Trakt from "../../src/providers/trakt.js"
import { customFetch } from "../../src/symbols.js"
import { APP, browser, signIn } from "../oauth/app.js"
import type { OpenIdProvider } from "../support/openid-provider.js"
import { type StandInSpec, startProviderStandIn } from "../support/provider-standin.js"
import * as F from "./fixtures-apps-h-t.js"
import {
  type CatalogEntry,
  CLIENT,
  describeCatalog,
  describeEmailVerification,
  describeOAuth2SignIns,
  describeOidcSignIns,
  type EmailVerifiedCase,
  endpointUrl,
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

// ---- configuration ----

const CATALOG: CatalogEntry[] = [
  oauthEntry({
    factory: HubSpot,
    id: "hubspot",
    auth: "client_secret_post",
    authorization: { url: "https://app.hubspot.com/oauth/authorize", params: { scope: "oauth" } },
    token: "https://api.hubapi.com/oauth/v1/token",
    userinfo: "https://api.hubapi.com/oauth/v1/access-tokens",
    fixture: F.HUBSPOT_TOKEN_INFO,
    user: { id: "123", name: "ada@example.com", email: "ada@example.com", image: null },
  }),
  oauthEntry({
    factory: Instagram,
    id: "instagram",
    auth: "client_secret_post",
    authorization: { url: "https://www.instagram.com/oauth/authorize", params: { scope: "instagram_business_basic" } },
    token: "https://api.instagram.com/oauth/access_token",
    userinfo: "https://graph.instagram.com/me?fields=id%2Cuser_id%2Cusername%2Cname%2Caccount_type%2Cprofile_picture_url",
    fixture: F.INSTAGRAM_USER,
    user: { id: F.INSTAGRAM_USER.id, name: "ada.lovelace", email: null, image: F.INSTAGRAM_USER.profile_picture_url },
  }),
  oauthEntry({
    factory: Medium,
    id: "medium",
    auth: "client_secret_post",
    authorization: { url: "https://medium.com/m/oauth/authorize", params: { scope: "basicProfile" } },
    token: "https://api.medium.com/v1/tokens",
    userinfo: "https://api.medium.com/v1/me",
    fixture: F.MEDIUM_USER,
    user: { id: F.MEDIUM_USER.data.id, name: "Jamie Talbot", email: null, image: F.MEDIUM_USER.data.imageUrl },
  }),
  oauthEntry({
    factory: Netlify,
    id: "netlify",
    auth: "client_secret_post",
    authorization: { url: "https://app.netlify.com/authorize", params: { scope: "" } },
    token: "https://api.netlify.com/oauth/token",
    userinfo: "https://api.netlify.com/api/v1/user",
    fixture: F.NETLIFY_USER,
    user: { id: F.NETLIFY_USER.id, name: "Ada Lovelace", email: "ada@example.com", image: F.NETLIFY_USER.avatar_url },
  }),
  oauthEntry({
    factory: Osu,
    id: "osu",
    auth: "client_secret_post",
    authorization: { url: "https://osu.ppy.sh/oauth/authorize", params: { scope: "identify" } },
    token: "https://osu.ppy.sh/oauth/token",
    userinfo: "https://osu.ppy.sh/api/v2/me",
    fixture: F.OSU_USER,
    user: { id: "2", name: "peppy", email: null, image: F.OSU_USER.avatar_url },
  }),
  oauthEntry({
    factory: Patreon,
    id: "patreon",
    auth: "client_secret_post",
    authorization: { url: "https://www.patreon.com/oauth2/authorize", params: { scope: "identity identity[email]" } },
    token: "https://www.patreon.com/api/oauth2/token",
    userinfo: "https://www.patreon.com/api/oauth2/v2/identity?fields%5Buser%5D=email%2Cfull_name%2Cimage_url%2Cis_email_verified",
    fixture: F.PATREON_IDENTITY,
    user: { id: "12345678", name: "Ada Lovelace", email: "ada@example.com", image: F.PATREON_IDENTITY.data.attributes.image_url },
  }),
  oauthEntry({
    factory: Pinterest,
    id: "pinterest",
    authorization: { url: "https://www.pinterest.com/oauth/", params: { scope: "user_accounts:read" } },
    token: "https://api.pinterest.com/v5/oauth/token",
    userinfo: "https://api.pinterest.com/v5/user_account",
    fixture: F.PINTEREST_USER,
    user: { id: "adalovelace", name: "adalovelace", email: null, image: F.PINTEREST_USER.profile_image },
  }),
  oauthEntry({
    factory: Pipedrive,
    id: "pipedrive",
    authorization: { url: "https://oauth.pipedrive.com/oauth/authorize", params: { scope: "" } },
    token: "https://oauth.pipedrive.com/oauth/token",
    userinfo: "https://api.pipedrive.com/v1/users/me",
    fixture: F.PIPEDRIVE_ME,
    user: { id: "11758841", name: "Ada Lovelace", email: "ada@example.com", image: F.PIPEDRIVE_ME.data.icon_url },
  }),
  oidcEntry({
    factory: Roblox,
    id: "roblox",
    issuer: "https://apis.roblox.com/oauth/",
    params: { scope: "openid profile" },
    fixture: F.ROBLOX_CLAIMS,
    user: { id: F.ROBLOX_CLAIMS.sub, name: "Ada", email: null, image: F.ROBLOX_CLAIMS.picture },
  }),
  oauthEntry({
    factory: Strava,
    id: "strava",
    auth: "client_secret_post",
    authorization: { url: "https://www.strava.com/oauth/authorize", params: { scope: "read", approval_prompt: "auto" } },
    token: "https://www.strava.com/api/v3/oauth/token",
    userinfo: "https://www.strava.com/api/v3/athlete",
    fixture: F.STRAVA_ATHLETE,
    user: { id: "134815", name: "Marianne Teutenberg", email: null, image: F.STRAVA_ATHLETE.profile },
  }),
  {
    factory: Threads,
    id: "threads",
    type: "oauth",
    checks: ["state"],
    auth: "client_secret_post",
    authorization: { url: "https://threads.net/oauth/authorize", params: { scope: "threads_basic" } },
    token: "https://graph.threads.net/oauth/access_token",
    userinfo: "https://graph.threads.net/v1.0/me?fields=id%2Cusername%2Cname%2Cthreads_profile_picture_url",
    fixture: F.THREADS_USER,
    user: { id: F.THREADS_USER.id, name: "ada.lovelace", email: null, image: F.THREADS_USER.threads_profile_picture_url },
  },
  {
    factory: TikTok,
    id: "tiktok",
    type: "oauth",
    checks: ["state"],
    auth: "client_secret_post",
    // client_key comes from clientId, which this entry's factory call does not give.
    authorization: { url: "https://www.tiktok.com/v2/auth/authorize/", params: { scope: "user.info.basic" } },
    token: "https://open.tiktokapis.com/v2/oauth/token/",
    userinfo: "https://open.tiktokapis.com/v2/user/info/?fields=open_id%2Cunion_id%2Cavatar_url%2Cdisplay_name",
    fixture: F.TIKTOK_USER,
    user: { id: F.TIKTOK_USER.data.user.open_id, name: "Ada Lovelace", email: null, image: F.TIKTOK_USER.data.user.avatar_url },
  },
  oauthEntry({
    factory: Todoist,
    id: "todoist",
    auth: "client_secret_post",
    authorization: { url: "https://todoist.com/oauth/authorize", params: { scope: "data:read" } },
    token: "https://todoist.com/oauth/access_token",
    userinfo: "https://api.todoist.com/api/v1/user",
    fixture: F.TODOIST_USER,
    user: { id: F.TODOIST_USER.id, name: "Ada Lovelace", email: "ada@example.com", image: F.TODOIST_USER.avatar_big },
  }),
  oauthEntry({
    factory: Trakt,
    id: "trakt",
    auth: "client_secret_post",
    authorization: { url: "https://trakt.tv/oauth/authorize", params: { scope: "" } },
    token: "https://api.trakt.tv/oauth/token",
    userinfo: "https://api.trakt.tv/users/me?extended=full",
    fixture: F.TRAKT_USER,
    user: { id: "sean", name: "Sean Rudford", email: null, image: F.TRAKT_USER.images.avatar.full },
  }),
]

describeCatalog(CATALOG)

// ---- one sign-in each over HTTP ----

const HUBSPOT_ACCESS_TOKEN = "CJSP5qf1KhICAQEYs-gDIIGOBii1hQIyGQAf3xBKmlwHjX7OIpuIFEavB2-qYAGQsF4"

const OAUTH2: OAuth2Case[] = [
  {
    id: "hubspot",
    factory: HubSpot,
    authorize: "/oauth/authorize",
    token: {
      path: "/oauth/v1/token",
      reply: json({ token_type: "bearer", refresh_token: "6f18f21e-a743-4509-b7fd-1a5e632fffa1", access_token: HUBSPOT_ACCESS_TOKEN, expires_in: 1800 }),
    },
    userinfo: "/oauth/v1/access-tokens",
    // The token is the path's last segment; the endpoint needs no other credential.
    routes: [{ path: `/oauth/v1/access-tokens/${HUBSPOT_ACCESS_TOKEN}`, auth: "none", reply: json(F.HUBSPOT_TOKEN_INFO) }],
    user: { name: "ada@example.com", email: "ada@example.com", image: null },
    providerAccountId: "123",
    verify: (standIn) => {
      const [token] = standIn.requestsTo("/oauth/v1/token")
      expect(token!.form.get("client_secret")).toBe(CLIENT.clientSecret)
      expect(standIn.requestsTo("/oauth/authorize")[0]!.query.get("scope")).toBe("oauth")
    },
  },
  {
    id: "instagram",
    factory: keepingTokenHooks(Instagram),
    authorize: "/oauth/authorize",
    token: { path: "/oauth/access_token", reply: json(F.INSTAGRAM_TOKEN) },
    userinfo: "/me",
    // The stand-in only remembers a top-level access_token; this route checks the bearer itself.
    routes: [
      {
        path: "/me",
        auth: "none",
        reply: (request) =>
          request.bearer === F.INSTAGRAM_TOKEN.data[0]!.access_token &&
          request.query.get("fields") === "id,user_id,username,name,account_type,profile_picture_url"
            ? json(F.INSTAGRAM_USER)
            : { status: 400, json: { error: { message: "Invalid OAuth access token", type: "OAuthException", code: 190 } } },
      },
    ],
    user: { name: "ada.lovelace", email: null, image: F.INSTAGRAM_USER.profile_picture_url },
    providerAccountId: F.INSTAGRAM_USER.id,
  },
  {
    id: "medium",
    factory: keepingTokenHooks(Medium),
    authorize: "/m/oauth/authorize",
    token: { path: "/v1/tokens", reply: json(F.MEDIUM_TOKEN) },
    userinfo: "/v1/me",
    routes: [{ path: "/v1/me", reply: json(F.MEDIUM_USER) }],
    user: { name: "Jamie Talbot", email: null, image: F.MEDIUM_USER.data.imageUrl },
    providerAccountId: F.MEDIUM_USER.data.id,
  },
  {
    id: "netlify",
    factory: Netlify,
    authorize: "/authorize",
    token: {
      path: "/oauth/token",
      reply: json({ access_token: "nfp_8gk2o7xSuDKmY8nMAJ9fMtE2", token_type: "Bearer", scope: "public", created_at: 1_750_000_000 }),
    },
    userinfo: "/api/v1/user",
    routes: [{ path: "/api/v1/user", reply: json(F.NETLIFY_USER) }],
    user: { name: "Ada Lovelace", email: "ada@example.com", image: F.NETLIFY_USER.avatar_url },
    providerAccountId: F.NETLIFY_USER.id,
  },
  {
    id: "osu",
    factory: Osu,
    authorize: "/oauth/authorize",
    token: {
      path: "/oauth/token",
      reply: json({ token_type: "Bearer", expires_in: 86400, access_token: "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.osu", refresh_token: "def50200osu" }),
    },
    userinfo: "/api/v2/me",
    routes: [{ path: "/api/v2/me", reply: json(F.OSU_USER) }],
    user: { name: "peppy", email: null, image: F.OSU_USER.avatar_url },
    providerAccountId: "2",
  },
  {
    id: "patreon",
    factory: Patreon,
    authorize: "/oauth2/authorize",
    token: {
      path: "/api/oauth2/token",
      reply: json({
        access_token: "Vf2pIRH8zbk0NqRxT3oUFWmI",
        refresh_token: "xvH1lQ8Y1c3Ok7BAFjWb",
        expires_in: 2_678_400,
        scope: "identity identity[email]",
        token_type: "Bearer",
      }),
    },
    userinfo: "/api/oauth2/v2/identity",
    routes: [
      {
        path: "/api/oauth2/v2/identity",
        // Patreon's API v2 answers only the fields asked for.
        reply: (request) =>
          json(
            request.query.get("fields[user]") === "email,full_name,image_url,is_email_verified"
              ? F.PATREON_IDENTITY
              : { data: { id: "12345678", type: "user", attributes: {} } },
          ),
      },
    ],
    user: { name: "Ada Lovelace", email: "ada@example.com", image: F.PATREON_IDENTITY.data.attributes.image_url },
    providerAccountId: "12345678",
  },
  {
    id: "pinterest",
    factory: Pinterest,
    authorize: "/oauth/",
    token: {
      path: "/v5/oauth/token",
      reply: json({
        access_token: "pina_AMA3BKAWAB3MAAAA",
        refresh_token: "pinr_AMA3BKAWAB3M",
        response_type: "authorization_code",
        token_type: "bearer",
        expires_in: 2_592_000,
        refresh_token_expires_in: 31_536_000,
        scope: "user_accounts:read",
      }),
    },
    userinfo: "/v5/user_account",
    routes: [{ path: "/v5/user_account", reply: json(F.PINTEREST_USER) }],
    user: { name: "adalovelace", email: null, image: F.PINTEREST_USER.profile_image },
    providerAccountId: "adalovelace",
    verify: (standIn) => {
      // Pinterest requires HTTP Basic client authentication.
      expect(standIn.requestsTo("/v5/oauth/token")[0]!.headers.authorization).toMatch(/^Basic /)
    },
  },
  {
    id: "pipedrive",
    factory: Pipedrive,
    authorize: "/oauth/authorize",
    token: {
      path: "/oauth/token",
      reply: json({
        access_token: "v1:aa1234bb",
        token_type: "Bearer",
        refresh_token: "11758841:7777777:ee92",
        scope: "base,users:read",
        expires_in: 3599,
        api_domain: "https://analyticalengines.pipedrive.com",
      }),
    },
    userinfo: "/v1/users/me",
    routes: [{ path: "/v1/users/me", reply: json(F.PIPEDRIVE_ME) }],
    user: { name: "Ada Lovelace", email: "ada@example.com", image: F.PIPEDRIVE_ME.data.icon_url },
    providerAccountId: "11758841",
  },
  {
    id: "strava",
    factory: Strava,
    authorize: "/oauth/authorize",
    token: { path: "/api/v3/oauth/token", reply: json(F.STRAVA_TOKEN) },
    userinfo: "/api/v3/athlete",
    routes: [{ path: "/api/v3/athlete", reply: json(F.STRAVA_ATHLETE) }],
    user: { name: "Marianne Teutenberg", email: null, image: F.STRAVA_ATHLETE.profile },
    providerAccountId: "134815",
    verify: (standIn) => {
      expect(standIn.requestsTo("/oauth/authorize")[0]!.query.get("approval_prompt")).toBe("auto")
    },
  },
  {
    id: "threads",
    factory: keepingTokenHooks(Threads),
    authorize: "/oauth/authorize",
    token: { path: "/oauth/access_token", reply: json(F.THREADS_TOKEN) },
    userinfo: "/v1.0/me",
    routes: [
      {
        path: "/v1.0/me",
        reply: (request) => json(request.query.get("fields") === "id,username,name,threads_profile_picture_url" ? F.THREADS_USER : { id: F.THREADS_USER.id }),
      },
    ],
    user: { name: "ada.lovelace", email: null, image: F.THREADS_USER.threads_profile_picture_url },
    providerAccountId: F.THREADS_USER.id,
  },
  {
    id: "tiktok",
    factory: keepingTokenHooks(TikTok),
    authorize: "/v2/auth/authorize/",
    // TikTok identifies the client by client_key, in the authorization request and the token request's body.
    token: {
      path: "/v2/oauth/token/",
      reply: (request) =>
        request.form.get("client_key") === CLIENT.clientId && request.form.get("client_secret") === CLIENT.clientSecret
          ? json(F.TIKTOK_TOKEN)
          : json({ error: "invalid_client", error_description: "Client key or secret is incorrect.", log_id: "2025060112" }),
    },
    userinfo: "/v2/user/info/",
    routes: [
      {
        path: "/v2/user/info/",
        reply: (request) =>
          json(
            request.query.get("fields") === "open_id,union_id,avatar_url,display_name"
              ? F.TIKTOK_USER
              : { data: {}, error: { code: "invalid_params", message: "", log_id: "x" } },
          ),
      },
    ],
    user: { name: "Ada Lovelace", email: null, image: F.TIKTOK_USER.data.user.avatar_url },
    providerAccountId: F.TIKTOK_USER.data.user.open_id,
    verify: (standIn) => {
      expect(standIn.requestsTo("/v2/auth/authorize/")[0]!.query.get("client_key")).toBe(CLIENT.clientId)
    },
  },
  {
    id: "todoist",
    factory: Todoist,
    authorize: "/oauth/authorize",
    token: { path: "/oauth/access_token", reply: json({ access_token: "0123456789abcdef0123456789abcdef01234567", token_type: "Bearer" }) },
    userinfo: "/api/v1/user",
    routes: [{ path: "/api/v1/user", reply: json(F.TODOIST_USER) }],
    user: { name: "Ada Lovelace", email: "ada@example.com", image: F.TODOIST_USER.avatar_big },
    providerAccountId: F.TODOIST_USER.id,
  },
  {
    id: "trakt",
    factory: Trakt,
    authorize: "/oauth/authorize",
    token: {
      path: "/oauth/token",
      reply: json({
        access_token: "dbaf9757982a9e738f05d249b7b5b4a266b3a139049317c4909f2f263572c781",
        token_type: "bearer",
        expires_in: 7_889_238,
        refresh_token: "76ba4c5c75c96f6087f58a4de10be6c00b29ea1ddc3b2022ee2016d1363e3a7c",
        scope: "public",
        created_at: 1_750_000_000,
      }),
    },
    userinfo: "/users/me",
    // Trakt refuses API calls without its version and key headers.
    routes: [
      {
        path: "/users/me",
        reply: (request) =>
          request.headers["trakt-api-version"] === "2" && request.headers["trakt-api-key"] === CLIENT.clientId
            ? json(F.TRAKT_USER)
            : { status: 403, json: { error: "forbidden" } },
      },
    ],
    user: { name: "Sean Rudford", email: null, image: F.TRAKT_USER.images.avatar.full },
    providerAccountId: "sean",
  },
]

describeOAuth2SignIns(OAUTH2)

const OIDC: OidcCase[] = [
  oidcCase({
    id: "roblox",
    factory: Roblox,
    claims: F.ROBLOX_CLAIMS,
    user: { name: "Ada", email: null, image: F.ROBLOX_CLAIMS.picture },
  }),
]

describeOidcSignIns(OIDC)

// ---- e-mail verification ----

const CASES: EmailVerifiedCase[] = [
  {
    name: "Patreon (is_email_verified)",
    provider: Patreon(),
    verified: F.PATREON_IDENTITY,
    unverified: {
      ...F.PATREON_IDENTITY,
      data: { ...F.PATREON_IDENTITY.data, attributes: { ...F.PATREON_IDENTITY.data.attributes, is_email_verified: false } },
    },
    expected: true,
  },
  // An address without a verified flag: never verified, whatever else the profile says.
  { name: "HubSpot (token metadata, no statement)", provider: HubSpot(), verified: { ...F.HUBSPOT_TOKEN_INFO, email_verified: true }, expected: false },
  { name: "Netlify (no statement)", provider: Netlify(), verified: { ...F.NETLIFY_USER, email_verified: true }, expected: false },
  { name: "Pipedrive (activated is not verification)", provider: Pipedrive(), verified: F.PIPEDRIVE_ME, expected: false },
  { name: "Todoist (no statement)", provider: Todoist(), verified: { ...F.TODOIST_USER, email_verified: true }, expected: false },
  // No address at all.
  { name: "Instagram (no address)", provider: Instagram(), verified: F.INSTAGRAM_USER, expected: false },
  { name: "Medium (no address)", provider: Medium(), verified: F.MEDIUM_USER, expected: false },
  { name: "osu! (no address)", provider: Osu(), verified: F.OSU_USER, expected: false },
  { name: "Pinterest (no address)", provider: Pinterest(), verified: F.PINTEREST_USER, expected: false },
  { name: "Roblox (no email claim)", provider: Roblox(), verified: F.ROBLOX_CLAIMS, expected: false },
  { name: "Strava (no address)", provider: Strava(), verified: F.STRAVA_ATHLETE, expected: false },
  { name: "Threads (no address)", provider: Threads(), verified: F.THREADS_USER, expected: false },
  { name: "TikTok (no address)", provider: TikTok(), verified: F.TIKTOK_USER, expected: false },
  { name: "Trakt (no address)", provider: Trakt(), verified: F.TRAKT_USER, expected: false },
]

describeEmailVerification(CASES)

// ---- quirks ----

const jsonOf = (response: Response | undefined) => response!.json() as Promise<Record<string, unknown>>

describe("Meta's token responses (Instagram, Threads)", () => {
  it("Threads' { access_token, user_id } gets token_type bearer", async () => {
    const conformed = await conformMetaTokenResponse(Response.json(F.THREADS_TOKEN))
    expect(conformed!.status).toBe(200)
    expect(await jsonOf(conformed)).toEqual({ ...F.THREADS_TOKEN, token_type: "bearer" })
  })

  it("Instagram's data: [ … ] wrapper is unwrapped", async () => {
    const conformed = await conformMetaTokenResponse(Response.json(F.INSTAGRAM_TOKEN))
    expect(await jsonOf(conformed)).toEqual({ ...F.INSTAGRAM_TOKEN.data[0], token_type: "bearer" })
  })

  it("an RFC 6749 answer passes untouched", async () => {
    expect(await conformMetaTokenResponse(Response.json({ access_token: "a", token_type: "bearer" }))).toBeUndefined()
    expect(await conformMetaTokenResponse(new Response("not json"))).toBeUndefined()
  })

  it("Instagram's and the Graph API's errors become RFC errors, a 200 among them a 400", async () => {
    const instagram = await conformMetaTokenResponse(
      Response.json({ error_type: "OAuthException", code: 400, error_message: "Invalid authorization code" }, { status: 400 }),
    )
    expect(instagram!.status).toBe(400)
    expect(await jsonOf(instagram)).toEqual({ error: "invalid_request", error_description: "Invalid authorization code" })
    const graph = await conformMetaTokenResponse(
      Response.json({ error: { message: "Error validating verification code.", type: "OAuthException", code: 100 } }),
    )
    expect(graph!.status).toBe(400)
    expect(await jsonOf(graph)).toEqual({ error: "invalid_request", error_description: "Error validating verification code." })
  })
})

describe("Medium's token response", () => {
  it("scope array → string, expires_at in milliseconds → expires_in in seconds", async () => {
    const before = Math.floor(Date.now() / 1000)
    const expiresAtMs = (before + 3600) * 1000
    const body = await jsonOf(await conformMediumTokenResponse(Response.json({ ...F.MEDIUM_TOKEN, expires_at: expiresAtMs })))
    expect(body.scope).toBe("basicProfile")
    expect(body.expires_at).toBeUndefined()
    expect(body.expires_in).toBeGreaterThanOrEqual(3598)
    expect(body.expires_in).toBeLessThanOrEqual(3600)
  })

  it("its errors list becomes an RFC error", async () => {
    const conformed = await conformMediumTokenResponse(Response.json({ errors: [{ message: "Token was invalid.", code: 6003 }] }, { status: 401 }))
    expect(conformed!.status).toBe(401)
    expect(await jsonOf(conformed)).toEqual({ error: "invalid_request", error_description: "Token was invalid." })
  })

  it("a sign-in stores an expiry in seconds, not Medium's milliseconds", async () => {
    const standIn = await startProviderStandIn({
      authorize: { path: "/m/oauth/authorize" },
      token: { path: "/v1/tokens", reply: json({ ...F.MEDIUM_TOKEN, expires_at: Date.now() + 3_600_000 }) },
      routes: [{ path: "/v1/me", reply: json(F.MEDIUM_USER) }],
    })
    try {
      const provider = Medium({
        ...CLIENT,
        authorization: { url: standIn.endpoint("/m/oauth/authorize") },
        token: { url: standIn.endpoint("/v1/tokens") },
        userinfo: standIn.endpoint("/v1/me"),
      })
      const outcome = await signInWith(provider, standIn, "medium")
      expect(outcome.errors).toEqual([])
      const now = Math.floor(Date.now() / 1000)
      expect(outcome.account!.expires_at).toBeGreaterThan(now + 3500)
      expect(outcome.account!.expires_at).toBeLessThanOrEqual(now + 3600)
      expect(outcome.account!.scope).toBe("basicProfile")
    } finally {
      await standIn.close()
    }
  })
})

describe("TikTok's client_key", () => {
  it("is added to token requests only, from their client_id", async () => {
    const seen: { url: string; body: string }[] = []
    const inner = (async (input: string, init?: RequestInit) => {
      seen.push({ url: String(input), body: String(init?.body ?? "") })
      return new Response("{}")
    }) as typeof fetch
    const wrapped = tiktokFetch(inner)
    await wrapped("https://open.tiktokapis.com/v2/oauth/token/", {
      method: "POST",
      body: new URLSearchParams({ grant_type: "authorization_code", code: "c", client_id: "key-1" }),
    })
    await wrapped("https://open.tiktokapis.com/v2/user/info/", { method: "GET" })
    await wrapped("https://example.test/other", { method: "POST", body: new URLSearchParams({ client_id: "key-1" }) })
    expect(new URLSearchParams(seen[0]!.body).get("client_key")).toBe("key-1")
    expect(new URLSearchParams(seen[0]!.body).get("code")).toBe("c")
    expect(seen[1]!.body).toBe("")
    expect(new URLSearchParams(seen[2]!.body).has("client_key")).toBe(false)
  })

  it("wraps the app's own [customFetch] instead of being replaced by it", async () => {
    const appFetch = vi.fn(async () => new Response("{}"))
    const config: AuthConfig = { providers: [TikTok({ clientId: "key-2", [customFetch]: appFetch as unknown as typeof fetch })], secret: "s".repeat(32) }
    const [provider] = prepareConfig(config).providers as unknown as Record<symbol, typeof fetch>[]
    await provider![customFetch]!("https://open.tiktokapis.com/v2/oauth/token/", {
      method: "POST",
      body: new URLSearchParams({ grant_type: "authorization_code", client_id: "key-2" }),
    })
    expect(appFetch).toHaveBeenCalledOnce()
    const [, init] = appFetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(new URLSearchParams(init.body as URLSearchParams).get("client_key")).toBe("key-2")
  })

  it("is in the authorization request when the factory is passed uncalled with AUTH_TIKTOK_ID", () => {
    const config: AuthConfig = { providers: [TikTok], secret: "s".repeat(32) }
    setEnvDefaults({ AUTH_TIKTOK_ID: "key-3", AUTH_TIKTOK_SECRET: "secret-3" }, config)
    const [provider] = prepareConfig(config).providers as OAuthConfig<any>[]
    expect(endpointUrl(provider!.authorization).searchParams.get("client_key")).toBe("key-3")
  })

  it("an error answered with HTTP 200 becomes a 400; a success or a real 4xx passes", async () => {
    const error = { error: "invalid_grant", error_description: "Authorization code is expired.", log_id: "202506011234" }
    const conformed = await conformTiktokTokenResponse(Response.json(error))
    expect(conformed!.status).toBe(400)
    expect(await jsonOf(conformed)).toEqual(error)
    expect(await conformTiktokTokenResponse(Response.json(F.TIKTOK_TOKEN))).toBeUndefined()
    expect(await conformTiktokTokenResponse(Response.json(error, { status: 400 }))).toBeUndefined()
  })

  it("a sign-in whose token request TikTok refuses with HTTP 200 fails with TikTok's error, no session", async () => {
    const standIn = await startProviderStandIn({
      authorize: { path: "/v2/auth/authorize/" },
      token: { path: "/v2/oauth/token/", reply: json({ error: "invalid_grant", error_description: "Authorization code is expired.", log_id: "202506011234" }) },
      routes: [{ path: "/v2/user/info/", reply: json(F.TIKTOK_USER) }],
    })
    try {
      const provider = TikTok({
        ...CLIENT,
        authorization: { url: standIn.endpoint("/v2/auth/authorize/") },
        token: { url: standIn.endpoint("/v2/oauth/token/") },
        userinfo: { url: standIn.endpoint("/v2/user/info/") },
      })
      const { config } = recordingConfig(provider)
      const app = browser(config)
      const run = await signIn(app, standIn as unknown as OpenIdProvider, "tiktok")
      const location = new URL(run.location!)
      expect(location.pathname).toBe("/auth/signin")
      expect(location.searchParams.get("error")).toBe("OAuthCallbackError")
      expect((await app.session()).body).toBeNull()
      expect(config.log.errors.map((entry) => entry.message).join()).toMatch(/invalid_grant/)
      expect(standIn.requestsTo("/v2/user/info/")).toHaveLength(0)
    } finally {
      await standIn.close()
    }
  })
})

describe("HubSpot's token in the path", () => {
  const spec = (reply: StandInSpec["routes"]): StandInSpec => ({
    authorize: { path: "/oauth/authorize" },
    token: { path: "/oauth/v1/token", reply: json({ token_type: "bearer", refresh_token: "r", access_token: HUBSPOT_ACCESS_TOKEN, expires_in: 1800 }) },
    routes: reply,
  })

  it("is not kept on the profile the app sees", async () => {
    const standIn = await startProviderStandIn(
      spec([{ path: `/oauth/v1/access-tokens/${HUBSPOT_ACCESS_TOKEN}`, auth: "none", reply: json({ ...F.HUBSPOT_TOKEN_INFO, token: HUBSPOT_ACCESS_TOKEN }) }]),
    )
    try {
      const provider = HubSpot({
        ...CLIENT,
        authorization: { url: standIn.endpoint("/oauth/authorize") },
        token: standIn.endpoint("/oauth/v1/token"),
        userinfo: { url: standIn.endpoint("/oauth/v1/access-tokens") },
      })
      const outcome = await signInWith(provider, standIn, "hubspot")
      expect(outcome.errors).toEqual([])
      expect(outcome.profile).toMatchObject({ user: "ada@example.com", user_id: 123 })
      expect(outcome.profile).not.toHaveProperty("token")
    } finally {
      await standIn.close()
    }
  })

  it("is not in the error logged when the metadata cannot be read", async () => {
    const standIn = await startProviderStandIn(
      spec([
        { path: `/oauth/v1/access-tokens/${HUBSPOT_ACCESS_TOKEN}`, auth: "none", reply: { status: 500, json: { status: "error", message: "internal error" } } },
      ]),
    )
    try {
      const provider = HubSpot({
        ...CLIENT,
        authorization: { url: standIn.endpoint("/oauth/authorize") },
        token: standIn.endpoint("/oauth/v1/token"),
        userinfo: { url: standIn.endpoint("/oauth/v1/access-tokens") },
      })
      const { config } = recordingConfig(provider)
      const app = browser(config)
      const run = await signIn(app, standIn as unknown as OpenIdProvider, "hubspot")
      expect(new URL(run.location!).searchParams.get("error")).toBe("OAuthCallbackError")
      const logged = config.log.errors.map((entry) => `${entry.message} ${String((entry as Error & { cause?: unknown }).cause ?? "")}`).join()
      expect(logged).toMatch(/HTTP 500/)
      expect(logged).not.toContain(HUBSPOT_ACCESS_TOKEN)
      expect(new URL(run.location!).origin).toBe(APP.origin)
    } finally {
      await standIn.close()
    }
  })
})

describe("TikTok's user info without a user", () => {
  it("is refused by profile() naming TikTok's error code, not mapped to an account without id", () => {
    const refused = { data: {}, error: { code: "scope_not_authorized", message: "The user did not authorize the scope required.", log_id: "x" } }
    expect(() => TikTok().profile!(refused as never, {})).toThrow(/scope_not_authorized/)
  })
})
