/**
 * The apps-a-f catalog providers (42, Battle.net, Box, Bungie, ClickUp,
 * Coinbase, Concept2, Dribbble, Eventbrite, EVE Online, FACEIT, Figma,
 * Foursquare, FreshBooks): their configuration, one sign-in each over HTTP
 * (a stand-in of their endpoints, or an OpenID Provider signing Battle.net's
 * claims), whether they vouch for e-mail addresses, and their quirks:
 * Bungie's API key and its errors with HTTP 200, Foursquare's version date
 * and `meta.code`, EVE Online's profile from its signed access token.
 */
import { exportJWK, generateKeyPair, SignJWT } from "jose"
import { describe, expect, it } from "vitest"
import FortyTwo from "../../src/providers/42-school.js"
import BattleNet from "../../src/providers/battlenet.js"
import Box from "../../src/providers/box.js"
import Bungie, { bungieApiKey, bungieImageUrl } from "../../src/providers/bungie.js"
import ClickUp from "../../src/providers/click-up.js"
import Coinbase from "../../src/providers/coinbase.js"
import Concept2 from "../../src/providers/concept2.js"
import Dribbble from "../../src/providers/dribbble.js"
import Eventbrite, { eventbriteImageUrl } from "../../src/providers/eventbrite.js"
import EVEOnline from "../../src/providers/eveonline.js"
import FACEIT from "../../src/providers/faceit.js"
import Figma from "../../src/providers/figma.js"
import Foursquare, { conformFoursquareTokenResponse } from "../../src/providers/foursquare.js"
import Freshbooks from "../../src/providers/freshbooks.js"
import type { OAuthConfig } from "../../src/providers/oauth.js"
import { browser, signIn } from "../oauth/app.js"
import type { OpenIdProvider } from "../support/openid-provider.js"
import { startProviderStandIn } from "../support/provider-standin.js"
import * as F from "./fixtures-apps-a-f.js"
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

const EVENTBRITE_IMAGE = "https://img.evbuc.com/https%3A%2F%2Fcdn.evbuc.com%2Fimages%2F48109325%2F1%2Foriginal.jpg"
const BUNGIE_IMAGE = "https://www.bungie.net/img/profile/avatars/bungieday_26.jpg"
const EVE_PORTRAIT = "https://images.evetech.net/characters/2112625428/portrait?size=128"
const FOURSQUARE_PHOTO = "https://fastly.4sqi.net/img/user/original/1234567-HU0SJNCYWLQVNNJ3.jpg"

// EVE SSO signs its access tokens (RS256); the stand-in serves the public key as its JWKS.
const eveKeys = await generateKeyPair("RS256")
const eveJwks = { keys: [{ ...(await exportJWK(eveKeys.publicKey)), kid: "JWT-Signature-Key", alg: "RS256", use: "sig" }] }
async function eveAccessToken(claims: Record<string, unknown> = F.EVE_CLAIMS, key: CryptoKey = eveKeys.privateKey): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ iat: now, exp: now + 1199, ...claims }).setProtectedHeader({ alg: "RS256", kid: "JWT-Signature-Key", typ: "JWT" }).sign(key)
}
const EVE_PROFILE = {
  ...F.EVE_CLAIMS,
  exp: 1767226799,
  CharacterID: 2112625428,
  CharacterName: "Some Bloke",
  CharacterOwnerHash: F.EVE_CLAIMS.owner,
  ExpiresOn: "2026-01-01T00:19:59.000Z",
  Scopes: "publicData",
  TokenType: "Character",
  IntellectualProperty: "EVE",
}

// ---- configuration ----

const CATALOG: CatalogEntry[] = [
  oauthEntry({
    factory: FortyTwo,
    id: "42-school",
    authorization: { url: "https://api.intra.42.fr/oauth/authorize", params: { scope: "public" } },
    token: "https://api.intra.42.fr/oauth/token",
    userinfo: "https://api.intra.42.fr/v2/me",
    fixture: F.FORTY_TWO_ME,
    user: { id: "91358", name: "Nikola Tesla", email: "ntesla@student.42.fr", image: F.FORTY_TWO_ME.image.link },
  }),
  oidcEntry({
    factory: BattleNet,
    id: "battlenet",
    params: { scope: "openid" },
    fixture: F.BATTLENET_CLAIMS,
    user: { id: "104729", name: "Jaina#1142", email: null, image: null },
  }),
  oauthEntry({
    factory: Box,
    id: "box",
    auth: "client_secret_post",
    authorization: { url: "https://account.box.com/api/oauth2/authorize", params: { scope: "" } },
    token: "https://api.box.com/oauth2/token",
    userinfo: "https://api.box.com/2.0/users/me",
    fixture: F.BOX_USER,
    user: { id: "11446498", name: "Aaron Levie", email: "ceo@example.com", image: F.BOX_USER.avatar_url },
  }),
  oauthEntry({
    factory: Bungie,
    id: "bungie",
    authorization: { url: "https://www.bungie.net/en/OAuth/Authorize", params: { scope: "" } },
    token: "https://www.bungie.net/Platform/App/OAuth/token/",
    userinfo: "https://www.bungie.net/Platform/User/GetMembershipsForCurrentUser/",
    fixture: F.BUNGIE_MEMBERSHIPS,
    user: { id: "14325079", name: "Guardian", email: null, image: BUNGIE_IMAGE },
  }),
  {
    factory: ClickUp,
    id: "click-up",
    type: "oauth",
    checks: ["state"],
    auth: "client_secret_post",
    authorization: { url: "https://app.clickup.com/api", params: { scope: "" } },
    token: "https://api.clickup.com/api/v2/oauth/token",
    userinfo: "https://api.clickup.com/api/v2/user",
    fixture: F.CLICKUP_USER,
    user: { id: "123", name: "John Doe", email: "johndoe@gmail.com", image: F.CLICKUP_USER.user.profilePicture },
  },
  oauthEntry({
    factory: Coinbase,
    id: "coinbase",
    authorization: { url: "https://login.coinbase.com/oauth2/auth", params: { scope: "wallet:user:read wallet:user:email" } },
    token: "https://login.coinbase.com/oauth2/token",
    userinfo: "https://api.coinbase.com/v2/user",
    fixture: F.COINBASE_USER,
    user: { id: F.COINBASE_USER.data.id, name: "User One", email: "user1@example.com", image: F.COINBASE_USER.data.avatar_url },
  }),
  oauthEntry({
    factory: Concept2,
    id: "concept2",
    auth: "client_secret_post",
    authorization: { url: "https://log.concept2.com/oauth/authorize", params: { scope: "user:read,results:write" } },
    token: "https://log.concept2.com/oauth/access_token",
    userinfo: "https://log.concept2.com/api/users/me",
    fixture: F.CONCEPT2_ME,
    user: { id: "1", name: "David Hart", email: "david@example.com", image: F.CONCEPT2_ME.data.profile_image },
  }),
  oauthEntry({
    factory: Dribbble,
    id: "dribbble",
    authorization: { url: "https://dribbble.com/oauth/authorize", params: { scope: "public" } },
    token: "https://dribbble.com/oauth/token",
    userinfo: "https://api.dribbble.com/v2/user",
    fixture: F.DRIBBBLE_USER,
    user: { id: "1", name: "Dan Cederholm", email: null, image: F.DRIBBBLE_USER.avatar_url },
  }),
  oauthEntry({
    factory: Eventbrite,
    id: "eventbrite",
    auth: "client_secret_post",
    authorization: { url: "https://www.eventbrite.com/oauth/authorize", params: { scope: "user.profile" } },
    token: "https://www.eventbrite.com/oauth/token",
    userinfo: "https://www.eventbriteapi.com/v3/users/me/",
    fixture: F.EVENTBRITE_ME,
    user: { id: "1234567890", name: "Ada Lovelace", email: "ada@example.com", image: EVENTBRITE_IMAGE },
  }),
  oauthEntry({
    factory: EVEOnline,
    id: "eveonline",
    authorization: { url: "https://login.eveonline.com/v2/oauth/authorize", params: { scope: "publicData" } },
    token: "https://login.eveonline.com/v2/oauth/token",
    userinfo: "https://login.eveonline.com/oauth/jwks",
    fixture: EVE_PROFILE,
    user: { id: "2112625428", name: "Some Bloke", email: null, image: EVE_PORTRAIT },
  }),
  oauthEntry({
    factory: FACEIT,
    id: "faceit",
    authorization: { url: "https://accounts.faceit.com/accounts", params: { redirect_popup: "true", scope: "openid profile email" } },
    token: "https://api.faceit.com/auth/v1/oauth/token",
    userinfo: "https://api.faceit.com/auth/v1/resources/userinfo",
    fixture: F.FACEIT_USERINFO,
    user: { id: F.FACEIT_USERINFO.guid, name: "s1mple", email: "player@example.com", image: F.FACEIT_USERINFO.picture },
  }),
  {
    factory: Figma,
    id: "figma",
    type: "oauth",
    checks: ["state"],
    authorization: { url: "https://www.figma.com/oauth", params: { scope: "files:read" } },
    token: "https://api.figma.com/v1/oauth/token",
    userinfo: "https://api.figma.com/v1/me",
    fixture: F.FIGMA_ME,
    user: { id: F.FIGMA_ME.id, name: "Dana Designer", email: "designer@example.com", image: F.FIGMA_ME.img_url },
  },
  oauthEntry({
    factory: Foursquare,
    id: "foursquare",
    auth: "client_secret_post",
    authorization: { url: "https://foursquare.com/oauth2/authenticate", params: { scope: "" } },
    token: "https://foursquare.com/oauth2/access_token",
    userinfo: "https://api.foursquare.com/v2/users/self",
    fixture: F.FOURSQUARE_SELF,
    user: { id: "1234567", name: "Jimmy Foursquare", email: "jimmy@example.com", image: FOURSQUARE_PHOTO },
  }),
  oauthEntry({
    factory: Freshbooks,
    id: "freshbooks",
    auth: "client_secret_post",
    authorization: { url: "https://auth.freshbooks.com/oauth/authorize", params: { scope: "user:profile:read" } },
    token: "https://api.freshbooks.com/auth/oauth/token",
    userinfo: "https://api.freshbooks.com/auth/api/v1/users/me",
    fixture: F.FRESHBOOKS_ME,
    user: { id: "2192788", name: "Bruce Wayne", email: "bruce@example.com", image: null },
  }),
]

describeCatalog(CATALOG)

describe("profile mapping without the optional fields", () => {
  it("never prints undefined: absent names, addresses and pictures become null", async () => {
    const tokens = {}
    expect(
      await FortyTwo().profile!({ ...F.FORTY_TWO_ME, usual_full_name: null, email: undefined, image: { link: null, versions: {} } } as never, tokens),
    ).toEqual({ id: "91358", name: "Nikola Tesla", email: null, image: null })
    expect(await Foursquare().profile!({ ...F.FOURSQUARE_SELF, response: { user: { id: "1", firstName: "Jimmy", contact: {} } } } as never, tokens)).toEqual({
      id: "1",
      name: "Jimmy",
      email: null,
      image: null,
    })
    expect(await Freshbooks().profile!({ response: { ...F.FRESHBOOKS_ME.response, first_name: null, last_name: "Wayne" } } as never, tokens)).toMatchObject({
      name: "Wayne",
    })
    expect(await Eventbrite().profile!({ ...F.EVENTBRITE_ME, emails: [], image_id: null } as never, tokens)).toEqual({
      id: "1234567890",
      name: "Ada Lovelace",
      email: null,
      image: null,
    })
    expect(await Coinbase().profile!({ data: { ...F.COINBASE_USER.data, email: undefined, name: null } } as never, tokens)).toMatchObject({
      name: "user1",
      email: null,
    })
  })

  it("Bungie: relative and absolute picture paths, no picture", () => {
    expect(bungieImageUrl("img/a.jpg")).toBe("https://www.bungie.net/img/a.jpg")
    expect(bungieImageUrl("https://images.example/a.jpg")).toBe("https://images.example/a.jpg")
    expect(bungieImageUrl("")).toBeNull()
  })

  it("Eventbrite: an image id that is not a plain id gives no URL", () => {
    expect(eventbriteImageUrl("48109325")).toBe(EVENTBRITE_IMAGE)
    expect(eventbriteImageUrl("../x")).toBeNull()
  })

  it("Dribbble: the `scope` option, as in @auth/core", () => {
    expect(Dribbble({ scope: "public upload" }).authorization).toMatchObject({ params: { scope: "public upload" } })
  })
})

// ---- one sign-in each ----

const OAUTH2: OAuth2Case[] = [
  {
    id: "42-school",
    factory: FortyTwo,
    authorize: "/oauth/authorize",
    token: {
      path: "/oauth/token",
      reply: json({
        access_token: "d8f1e3c0a5b7",
        token_type: "bearer",
        expires_in: 7200,
        refresh_token: "9a0b1c2d",
        scope: "public",
        created_at: 1740000000,
        secret_valid_until: 1742000000,
      }),
    },
    userinfo: "/v2/me",
    routes: [{ path: "/v2/me", reply: json(F.FORTY_TWO_ME) }],
    user: { name: "Nikola Tesla", email: "ntesla@student.42.fr", image: F.FORTY_TWO_ME.image.link },
    providerAccountId: "91358",
  },
  {
    id: "box",
    factory: Box,
    authorize: "/api/oauth2/authorize",
    token: {
      path: "/oauth2/token",
      reply: json({
        access_token: "T9cE5asGnuyYCCqIZFoWjFHvNbvVqHjl",
        expires_in: 3600,
        restricted_to: [],
        refresh_token: "J7rxTiWOHMoSC1isKZKBZWizoRXjkQzig5C6jFgCVJ9bUnsUfGMinKBDLZWP9BgR",
        token_type: "bearer",
      }),
    },
    userinfo: "/2.0/users/me",
    routes: [{ path: "/2.0/users/me", reply: json(F.BOX_USER) }],
    user: { name: "Aaron Levie", email: "ceo@example.com", image: F.BOX_USER.avatar_url },
    providerAccountId: "11446498",
    verify: (standIn) => {
      const [token] = standIn.requestsTo("/oauth2/token")
      expect(token!.form.get("client_secret")).toBe(CLIENT.clientSecret)
      expect(token!.headers.authorization).toBeUndefined()
    },
  },
  {
    id: "bungie",
    factory: (options) => Bungie({ ...options, apiKey: "bungie-api-key" }),
    authorize: "/en/OAuth/Authorize",
    token: {
      path: "/Platform/App/OAuth/token/",
      reply: json({
        access_token: "CKWiBBKGAgAg",
        token_type: "Bearer",
        expires_in: 3600,
        refresh_token: "CKWiBBKGAgAgrefresh",
        refresh_expires_in: 7776000,
        membership_id: "14325079",
      }),
    },
    userinfo: "/Platform/User/GetMembershipsForCurrentUser/",
    // Bungie answers every Platform call without the API key with an error envelope.
    routes: [
      {
        path: "/Platform/User/GetMembershipsForCurrentUser/",
        reply: (request) => json(request.headers["x-api-key"] === "bungie-api-key" ? F.BUNGIE_MEMBERSHIPS : F.BUNGIE_API_KEY_ERROR),
      },
    ],
    user: { name: "Guardian", email: null, image: BUNGIE_IMAGE },
    providerAccountId: "14325079",
    verify: (standIn) => {
      // A confidential client: the secret with HTTP Basic.
      expect(standIn.requestsTo("/Platform/App/OAuth/token/")[0]!.headers.authorization).toMatch(/^Basic /)
    },
  },
  {
    id: "click-up",
    factory: ClickUp,
    authorize: "/api",
    token: {
      path: "/api/v2/oauth/token",
      reply: json({ access_token: "61681706_dc747044a6941fc9aa645a4f3bca2ba5576e7dfb516a3d1889553fe96a4084f6", token_type: "Bearer" }),
    },
    userinfo: "/api/v2/user",
    routes: [{ path: "/api/v2/user", reply: json(F.CLICKUP_USER) }],
    user: { name: "John Doe", email: "johndoe@gmail.com", image: F.CLICKUP_USER.user.profilePicture },
    providerAccountId: "123",
    verify: (standIn) => {
      const authorize = standIn.requestsTo("/api")[0]!
      expect(authorize.query.has("code_challenge")).toBe(false)
      expect(standIn.requestsTo("/api/v2/oauth/token")[0]!.form.get("client_secret")).toBe(CLIENT.clientSecret)
    },
  },
  {
    id: "coinbase",
    factory: Coinbase,
    authorize: "/oauth2/auth",
    token: {
      path: "/oauth2/token",
      reply: json({
        access_token: "ory_at_9a8b7c6d",
        token_type: "bearer",
        expires_in: 3600,
        refresh_token: "ory_rt_1a2b3c",
        scope: "wallet:user:read wallet:user:email",
      }),
    },
    userinfo: "/v2/user",
    routes: [{ path: "/v2/user", reply: json(F.COINBASE_USER) }],
    user: { name: "User One", email: "user1@example.com", image: F.COINBASE_USER.data.avatar_url },
    providerAccountId: F.COINBASE_USER.data.id,
    verify: (standIn) => {
      expect(standIn.requestsTo("/oauth2/auth")[0]!.query.get("scope")).toBe("wallet:user:read wallet:user:email")
    },
  },
  {
    id: "concept2",
    factory: Concept2,
    authorize: "/oauth/authorize",
    token: {
      path: "/oauth/access_token",
      reply: json({
        access_token: "ABCDEFGHIJ1234567890",
        token_type: "Bearer",
        expires_in: 604800,
        refresh_token: "KLMNOPQRST1234567890",
        scope: "user:read,results:write",
      }),
    },
    userinfo: "/api/users/me",
    routes: [{ path: "/api/users/me", reply: json(F.CONCEPT2_ME) }],
    user: { name: "David Hart", email: "david@example.com", image: F.CONCEPT2_ME.data.profile_image },
    providerAccountId: "1",
    verify: (standIn) => {
      expect(standIn.requestsTo("/oauth/authorize")[0]!.query.get("scope")).toBe("user:read,results:write")
      expect(standIn.requestsTo("/oauth/access_token")[0]!.form.get("client_secret")).toBe(CLIENT.clientSecret)
    },
  },
  {
    id: "dribbble",
    factory: Dribbble,
    authorize: "/oauth/authorize",
    token: {
      path: "/oauth/token",
      reply: json({
        access_token: "29ed478ab86c07f1c069b1af76088f7431396b7c4a2523d06911345da82224a0",
        token_type: "bearer",
        scope: "public",
        created_at: 1517869700,
      }),
    },
    userinfo: "/v2/user",
    routes: [{ path: "/v2/user", reply: json(F.DRIBBBLE_USER) }],
    user: { name: "Dan Cederholm", email: null, image: F.DRIBBBLE_USER.avatar_url },
    providerAccountId: "1",
  },
  {
    id: "eventbrite",
    factory: Eventbrite,
    authorize: "/oauth/authorize",
    token: { path: "/oauth/token", reply: json({ access_token: "RDE7AXEMPLE5OT4XFJ", token_type: "bearer" }) },
    userinfo: "/v3/users/me/",
    routes: [{ path: "/v3/users/me/", reply: json(F.EVENTBRITE_ME) }],
    user: { name: "Ada Lovelace", email: "ada@example.com", image: EVENTBRITE_IMAGE },
    providerAccountId: "1234567890",
    verify: (standIn) => {
      const [token] = standIn.requestsTo("/oauth/token")
      expect(token!.form.get("client_secret")).toBe(CLIENT.clientSecret)
      expect(token!.headers.authorization).toBeUndefined()
    },
  },
  {
    id: "eveonline",
    factory: EVEOnline,
    authorize: "/v2/oauth/authorize",
    token: {
      path: "/v2/oauth/token",
      reply: json({ access_token: await eveAccessToken(), expires_in: 1199, token_type: "Bearer", refresh_token: "gEy4SpfhPkWqdX1ZX1Lgxw==" }),
    },
    userinfo: "/oauth/jwks",
    routes: [{ path: "/oauth/jwks", reply: json(eveJwks) }],
    user: { name: "Some Bloke", email: null, image: EVE_PORTRAIT },
    providerAccountId: "2112625428",
    verify: (standIn) => {
      expect(standIn.requestsTo("/v2/oauth/authorize")[0]!.query.get("code_challenge_method")).toBe("S256")
      expect(standIn.requestsTo("/oauth/jwks")).toHaveLength(1)
    },
  },
  {
    id: "faceit",
    factory: FACEIT,
    authorize: "/accounts",
    token: {
      path: "/auth/v1/oauth/token",
      reply: json({
        access_token: "b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e",
        token_type: "bearer",
        expires_in: 86399,
        refresh_token: "c2d3e4f5",
        scope: "openid profile email",
      }),
    },
    userinfo: "/auth/v1/resources/userinfo",
    routes: [{ path: "/auth/v1/resources/userinfo", reply: json(F.FACEIT_USERINFO) }],
    user: { name: "s1mple", email: "player@example.com", image: F.FACEIT_USERINFO.picture },
    providerAccountId: F.FACEIT_USERINFO.guid,
    verify: (standIn) => {
      expect(standIn.requestsTo("/auth/v1/oauth/token")[0]!.headers.authorization).toBe(`Basic ${btoa(`${CLIENT.clientId}:${CLIENT.clientSecret}`)}`)
    },
  },
  {
    id: "figma",
    factory: Figma,
    authorize: "/oauth",
    token: {
      path: "/v1/oauth/token",
      reply: json({ user_id_string: F.FIGMA_ME.id, access_token: "figu_aB3dE6", token_type: "bearer", expires_in: 7776000, refresh_token: "figur_xY9" }),
    },
    userinfo: "/v1/me",
    routes: [{ path: "/v1/me", reply: json(F.FIGMA_ME) }],
    user: { name: "Dana Designer", email: "designer@example.com", image: F.FIGMA_ME.img_url },
    providerAccountId: F.FIGMA_ME.id,
  },
  {
    id: "foursquare",
    // The token URL as `{ url }`: a string would replace the endpoint object, and its conform hook with it (deep merge).
    factory: keepingTokenHooks(Foursquare),
    authorize: "/oauth2/authenticate",
    token: { path: "/oauth2/access_token", reply: json({ access_token: "AO2ALFE4Q3MI3XPL5EDNCW0O2DXKGVQAUSOXOK0OPWE1WNDF" }) },
    userinfo: "/v2/users/self",
    // Without the version date Foursquare refuses the call.
    routes: [
      { path: "/v2/users/self", reply: (request) => (request.query.get("v") ? json(F.FOURSQUARE_SELF) : { status: 410, json: F.FOURSQUARE_NO_VERSION }) },
    ],
    user: { name: "Jimmy Foursquare", email: "jimmy@example.com", image: FOURSQUARE_PHOTO },
    providerAccountId: "1234567",
    verify: (standIn) => {
      const [self] = standIn.requestsTo("/v2/users/self")
      expect(self!.query.get("v")).toBe("20230131")
      expect(self!.query.get("oauth_token")).toBe("AO2ALFE4Q3MI3XPL5EDNCW0O2DXKGVQAUSOXOK0OPWE1WNDF")
      expect(standIn.requestsTo("/oauth2/access_token")[0]!.form.get("client_secret")).toBe(CLIENT.clientSecret)
    },
  },
  {
    id: "freshbooks",
    factory: Freshbooks,
    authorize: "/oauth/authorize",
    token: {
      path: "/auth/oauth/token",
      reply: json({
        access_token: "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.fb",
        token_type: "Bearer",
        expires_in: 43200,
        refresh_token: "6c1d2e3f",
        scope: "user:profile:read",
        created_at: 1740000000,
      }),
    },
    userinfo: "/auth/api/v1/users/me",
    routes: [{ path: "/auth/api/v1/users/me", reply: json(F.FRESHBOOKS_ME) }],
    user: { name: "Bruce Wayne", email: "bruce@example.com", image: null },
    providerAccountId: "2192788",
    verify: (standIn) => {
      expect(standIn.requestsTo("/oauth/authorize")[0]!.query.get("scope")).toBe("user:profile:read")
      expect(standIn.requestsTo("/auth/oauth/token")[0]!.form.get("client_secret")).toBe(CLIENT.clientSecret)
    },
  },
]

describeOAuth2SignIns(OAUTH2)

const OIDC: OidcCase[] = [oidcCase({ id: "battlenet", factory: BattleNet, claims: F.BATTLENET_CLAIMS, user: { name: "Jaina#1142", email: null, image: null } })]

describeOidcSignIns(OIDC)

// ---- quirks ----

/** Signs in with `provider` at `standIn` and expects the sign-in page with OAuthCallbackError and a log matching `logged`. */
async function expectRefused(provider: OAuthConfig<any>, standIn: Awaited<ReturnType<typeof startProviderStandIn>>, logged: RegExp): Promise<void> {
  const { config } = recordingConfig(provider)
  const app = browser(config)
  const run = await signIn(app, standIn as unknown as OpenIdProvider, provider.id)
  const location = new URL(run.location!)
  expect(location.pathname).toBe("/auth/signin")
  expect(location.searchParams.get("error")).toBe("OAuthCallbackError")
  expect((await app.session()).body).toBeNull()
  expect(config.log.errors.map((error) => error.message).join()).toMatch(logged)
}

describe("Bungie's API key and its errors with HTTP 200", () => {
  const spec = (reply: unknown) => ({
    authorize: { path: "/en/OAuth/Authorize" },
    token: {
      path: "/Platform/App/OAuth/token/",
      reply: json({ access_token: "CKWiBBKGAgAg", token_type: "Bearer", expires_in: 3600, membership_id: "14325079" }),
    },
    routes: [{ path: "/Platform/User/GetMembershipsForCurrentUser/", reply: json(reply) }],
  })
  const configure = (standIn: Awaited<ReturnType<typeof startProviderStandIn>>, options: Record<string, unknown>) =>
    Bungie({
      ...CLIENT,
      ...options,
      authorization: { url: standIn.endpoint("/en/OAuth/Authorize") },
      token: standIn.endpoint("/Platform/App/OAuth/token/"),
      userinfo: { url: standIn.endpoint("/Platform/User/GetMembershipsForCurrentUser/") },
    })

  it("an error envelope answered with HTTP 200 refuses the sign-in", async () => {
    const standIn = await startProviderStandIn(spec(F.BUNGIE_API_KEY_ERROR))
    try {
      await expectRefused(configure(standIn, { apiKey: "revoked-key" }), standIn, /error 2101 \(ApiInvalidOrExpiredKey\)/)
    } finally {
      await standIn.close()
    }
  })

  it("without an API key the sign-in is refused before Bungie is called", async () => {
    const standIn = await startProviderStandIn(spec(F.BUNGIE_MEMBERSHIPS))
    try {
      await expectRefused(configure(standIn, {}), standIn, /API key/)
      expect(standIn.requestsTo("/Platform/User/GetMembershipsForCurrentUser/")).toHaveLength(0)
    } finally {
      await standIn.close()
    }
  })

  it("the key passed the @auth/core way (headers) is sent too", async () => {
    const standIn = await startProviderStandIn(spec(F.BUNGIE_MEMBERSHIPS))
    try {
      const outcome = await signInWith(configure(standIn, { headers: { "X-API-Key": "from-headers" } }), standIn, "bungie")
      expect(outcome.errors).toEqual([])
      expect(standIn.requestsTo("/Platform/User/GetMembershipsForCurrentUser/")[0]!.headers["x-api-key"]).toBe("from-headers")
    } finally {
      await standIn.close()
    }
    expect(bungieApiKey({ apiKey: "a", headers: { "x-api-key": "b" } })).toBe("a")
    expect(bungieApiKey({ headers: { Accept: "x" } })).toBeUndefined()
  })
})

describe("Foursquare's version date, meta.code and bare token response", () => {
  it("conform adds token_type to { access_token } alone, and leaves other answers as they are", async () => {
    const fixed = await conformFoursquareTokenResponse(Response.json({ access_token: "AO2ALFE4" }))
    expect(await fixed!.json()).toEqual({ access_token: "AO2ALFE4", token_type: "bearer" })
    expect(await conformFoursquareTokenResponse(Response.json({ access_token: "a", token_type: "Bearer" }))).toBeUndefined()
    expect(await conformFoursquareTokenResponse(Response.json({ error: "invalid_grant" }, { status: 400 }))).toBeUndefined()
    expect(await conformFoursquareTokenResponse(new Response("<html>", { status: 200 }))).toBeUndefined()
  })

  it("without the conform hook (a string token URL), the bare token response is refused", async () => {
    const standIn = await startProviderStandIn({
      authorize: { path: "/oauth2/authenticate" },
      token: { path: "/oauth2/access_token", reply: json({ access_token: "AO2ALFE4" }) },
      routes: [{ path: "/v2/users/self", reply: json(F.FOURSQUARE_SELF) }],
    })
    try {
      const provider = Foursquare({
        ...CLIENT,
        authorization: { url: standIn.endpoint("/oauth2/authenticate") },
        token: standIn.endpoint("/oauth2/access_token"),
        userinfo: { url: standIn.endpoint("/v2/users/self") },
      })
      await expectRefused(provider, standIn, /token_type/)
    } finally {
      await standIn.close()
    }
  })

  const spec = (reply: (request: { query: URLSearchParams }) => ReturnType<typeof json>) => ({
    authorize: { path: "/oauth2/authenticate" },
    token: { path: "/oauth2/access_token", reply: json({ access_token: "AO2ALFE4" }) },
    routes: [{ path: "/v2/users/self", reply }],
  })
  const configure = (standIn: Awaited<ReturnType<typeof startProviderStandIn>>, options: Record<string, unknown>) =>
    Foursquare({
      ...CLIENT,
      ...options,
      authorization: { url: standIn.endpoint("/oauth2/authenticate") },
      token: { url: standIn.endpoint("/oauth2/access_token") },
      userinfo: { url: standIn.endpoint("/v2/users/self") },
    })

  it("sends the apiVersion option as v", async () => {
    const standIn = await startProviderStandIn(spec(() => json(F.FOURSQUARE_SELF)))
    try {
      const outcome = await signInWith(configure(standIn, { apiVersion: "20240601" }), standIn, "foursquare")
      expect(outcome.errors).toEqual([])
      expect(standIn.requestsTo("/v2/users/self")[0]!.query.get("v")).toBe("20240601")
    } finally {
      await standIn.close()
    }
  })

  it("a meta.code other than 200 refuses the sign-in, even with HTTP 200", async () => {
    const standIn = await startProviderStandIn(spec(() => json({ meta: { code: 403, errorType: "not_authorized", requestId: "r" }, response: {} })))
    try {
      await expectRefused(configure(standIn, {}), standIn, /code 403 \(not_authorized\)/)
    } finally {
      await standIn.close()
    }
  })
})

describe("EVE Online's profile from its signed access token", () => {
  const run = async (accessToken: string, logged: RegExp) => {
    const standIn = await startProviderStandIn({
      authorize: { path: "/v2/oauth/authorize" },
      token: { path: "/v2/oauth/token", reply: json({ access_token: accessToken, expires_in: 1199, token_type: "Bearer", refresh_token: "r" }) },
      routes: [{ path: "/oauth/jwks", reply: json(eveJwks) }],
    })
    try {
      const provider = EVEOnline({
        ...CLIENT,
        authorization: { url: standIn.endpoint("/v2/oauth/authorize") },
        token: standIn.endpoint("/v2/oauth/token"),
        userinfo: { url: standIn.endpoint("/oauth/jwks") },
      })
      await expectRefused(provider, standIn, logged)
    } finally {
      await standIn.close()
    }
  }

  it("the profile carries the claims and @auth/core's field names", async () => {
    const standIn = await startProviderStandIn({
      authorize: { path: "/v2/oauth/authorize" },
      token: { path: "/v2/oauth/token", reply: json({ access_token: await eveAccessToken(), expires_in: 1199, token_type: "Bearer" }) },
      routes: [{ path: "/oauth/jwks", reply: json(eveJwks) }],
    })
    try {
      const provider = EVEOnline({
        ...CLIENT,
        authorization: { url: standIn.endpoint("/v2/oauth/authorize") },
        token: standIn.endpoint("/v2/oauth/token"),
        userinfo: { url: standIn.endpoint("/oauth/jwks") },
      })
      const outcome = await signInWith(provider, standIn, "eveonline")
      expect(outcome.errors).toEqual([])
      expect(outcome.profile).toMatchObject({
        sub: "CHARACTER:EVE:2112625428",
        CharacterID: 2112625428,
        CharacterName: "Some Bloke",
        CharacterOwnerHash: F.EVE_CLAIMS.owner,
        Scopes: "publicData",
        TokenType: "Character",
      })
    } finally {
      await standIn.close()
    }
  })

  it("a token signed by another key is refused", async () => {
    const other = await generateKeyPair("RS256")
    await run(await eveAccessToken(F.EVE_CLAIMS, other.privateKey), /signature verification failed/)
  })

  it("a token issued to another client is refused", async () => {
    await run(await eveAccessToken({ ...F.EVE_CLAIMS, aud: ["someone-else", "EVE Online"], azp: "someone-else" }), /another client/)
  })

  it("a token from another issuer is refused", async () => {
    await run(await eveAccessToken({ ...F.EVE_CLAIMS, iss: "https://login.evil.example" }), /iss/)
  })

  it("an expired token, or one without an expiry, is refused", async () => {
    await run(await eveAccessToken({ ...F.EVE_CLAIMS, exp: Math.floor(Date.now() / 1000) - 600 }), /"exp" claim timestamp check failed/)
    await run(await eveAccessToken({ ...F.EVE_CLAIMS, exp: undefined }), /missing required "exp" claim/)
  })

  it("a token that names no character is refused", async () => {
    await run(await eveAccessToken({ ...F.EVE_CLAIMS, sub: "CORPORATION:EVE:98000001" }), /names no character/)
  })
})

// ---- e-mail verification ----

const EMAIL_CASES: EmailVerifiedCase[] = [
  {
    name: "Eventbrite (the primary address's verified)",
    provider: Eventbrite(),
    verified: F.EVENTBRITE_ME,
    unverified: {
      ...F.EVENTBRITE_ME,
      emails: [
        { email: "ada@example.com", verified: false, primary: true },
        { email: "other@example.com", verified: true, primary: false },
      ],
    },
    expected: true,
  },
  // The OpenID Connect rule: only an email_verified claim for that address.
  {
    name: "FACEIT (email_verified claim)",
    provider: FACEIT(),
    verified: { ...F.FACEIT_USERINFO, email_verified: true },
    unverified: F.FACEIT_USERINFO,
    expected: true,
  },
  // Never verified: the provider documents no verification, or shares no address.
  { name: "42 (no statement)", provider: FortyTwo(), verified: { ...F.FORTY_TWO_ME, email_verified: true }, expected: false },
  {
    name: "Battle.net (no address)",
    provider: BattleNet({ issuer: "https://oauth.battle.net" }),
    verified: { ...F.BATTLENET_CLAIMS, email: "jaina@example.com", email_verified: true },
    expected: false,
  },
  { name: "Box (no statement on login)", provider: Box(), verified: F.BOX_USER, expected: false },
  { name: "Bungie (no address)", provider: Bungie(), verified: F.BUNGIE_MEMBERSHIPS, expected: false },
  { name: "ClickUp (no statement)", provider: ClickUp(), verified: F.CLICKUP_USER, expected: false },
  { name: "Coinbase (no statement)", provider: Coinbase(), verified: F.COINBASE_USER, expected: false },
  { name: "Concept2 (no statement)", provider: Concept2(), verified: F.CONCEPT2_ME, expected: false },
  { name: "Dribbble (no address)", provider: Dribbble(), verified: { ...F.DRIBBBLE_USER, email: "dan@example.com", email_verified: true }, expected: false },
  { name: "EVE Online (no address)", provider: EVEOnline(), verified: EVE_PROFILE, expected: false },
  { name: "Figma (no statement)", provider: Figma(), verified: { ...F.FIGMA_ME, email_verified: true }, expected: false },
  { name: "Foursquare (no statement)", provider: Foursquare(), verified: F.FOURSQUARE_SELF, expected: false },
  { name: "FreshBooks (no statement)", provider: Freshbooks(), verified: F.FRESHBOOKS_ME, expected: false },
]

describeEmailVerification(EMAIL_CASES)
