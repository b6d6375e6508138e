/**
 * The regional family of the catalog (Kakao, LINE, Mail.ru, Naver, Vipps,
 * VK, WeChat, Yandex) and its neighbours (Mailchimp, Webex, WordPress.com,
 * Zoho), through the harness: configuration, one sign-in over HTTP each
 * (a stand-in of the provider's endpoints answering its real shapes, or an
 * OpenID Provider signing its claims), and whether each vouches for its
 * addresses. Then what is unusual about them: errors answered with HTTP
 * 200 (Naver, Zoho, WeChat, VK's API), token answers without `token_type`
 * (VK, WeChat, Mailchimp), WeChat's GET token exchange with `appid` and
 * `secret`, the `OAuth` authorization scheme (Mailchimp, Yandex), and
 * LINE's HS256 ID token signed with the channel secret.
 */
import { SignJWT } from "jose"
import { describe, expect, it } from "vitest"
import type { AuthConfig } from "../../src/config/auth-config.js"
import { setEnvDefaults } from "../../src/config/env.js"
import { prepareConfig } from "../../src/config/prepare.js"
import Kakao from "../../src/providers/kakao.js"
import { errorStatusFromOk } from "../../src/providers/lib/token-response.js"
import LINE from "../../src/providers/line.js"
import Mailchimp, { conformMailchimpTokenResponse } from "../../src/providers/mailchimp.js"
import Mailru from "../../src/providers/mailru.js"
import Naver from "../../src/providers/naver.js"
import Vipps from "../../src/providers/vipps.js"
import VK from "../../src/providers/vk.js"
import Webex from "../../src/providers/webex.js"
import WeChat, { conformWeChatTokenResponse } from "../../src/providers/wechat.js"
import WordPress from "../../src/providers/wordpress.js"
import Yandex, { yandexAvatarUrl } from "../../src/providers/yandex.js"
import Zoho from "../../src/providers/zoho.js"
import { APP, appConfig, browser } from "../oauth/app.js"
import { type StandInReply, startProviderStandIn } from "../support/provider-standin.js"
import * as F from "./fixtures-regional.js"
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
  signInWith,
} from "./harness.js"

const CATALOG: CatalogEntry[] = [
  oauthEntry({
    factory: Kakao,
    id: "kakao",
    auth: "client_secret_post",
    authorization: { url: "https://kauth.kakao.com/oauth/authorize", params: { scope: "" } },
    token: "https://kauth.kakao.com/oauth/token",
    userinfo: "https://kapi.kakao.com/v2/user/me",
    fixture: F.KAKAO_USER,
    user: { id: "123456789", name: "라이언", email: "ryan@kakao.com", image: F.KAKAO_USER.kakao_account.profile.profile_image_url },
  }),
  oidcEntry({
    factory: LINE,
    id: "line",
    auth: "client_secret_post",
    issuer: "https://access.line.me",
    fixture: F.LINE_CLAIMS,
    user: { id: F.LINE_CLAIMS.sub, name: "Taro Line", email: "taro.line@example.com", image: F.LINE_CLAIMS.picture },
  }),
  oauthEntry({
    factory: Mailchimp,
    id: "mailchimp",
    authorization: { url: "https://login.mailchimp.com/oauth2/authorize", params: { scope: "" } },
    token: "https://login.mailchimp.com/oauth2/token",
    userinfo: "https://login.mailchimp.com/oauth2/metadata",
    fixture: F.MAILCHIMP_METADATA,
    user: { id: "87654321", name: "Freddie's Jokes", email: "freddie@example.com", image: null },
  }),
  oauthEntry({
    factory: Mailru,
    id: "mailru",
    authorization: { url: "https://oauth.mail.ru/login", params: { scope: "userinfo" } },
    token: "https://oauth.mail.ru/token",
    userinfo: "https://oauth.mail.ru/userinfo",
    fixture: F.MAILRU_USER,
    user: { id: "8125348756349", name: "Ivan Petrov", email: "ivan.petrov@mail.ru", image: F.MAILRU_USER.image },
  }),
  oauthEntry({
    factory: Naver,
    id: "naver",
    auth: "client_secret_post",
    authorization: { url: "https://nid.naver.com/oauth2.0/authorize", params: { scope: "" } },
    token: "https://nid.naver.com/oauth2.0/token",
    userinfo: "https://openapi.naver.com/v1/nid/me",
    fixture: F.NAVER_USER,
    user: { id: "32742776", name: "OpenAPI", email: "openapi@naver.com", image: F.NAVER_USER.response.profile_image },
  }),
  oidcEntry({
    factory: Vipps,
    id: "vipps",
    issuer: "https://api.vipps.no/access-management-1.0/access/",
    params: { scope: "openid name email" },
    fixture: F.VIPPS_USERINFO,
    user: { id: F.VIPPS_USERINFO.sub, name: "Ada Lovelace", email: "ada.lovelace@example.no", image: null },
  }),
  oauthEntry({
    factory: VK,
    id: "vk",
    auth: "client_secret_post",
    authorization: { url: "https://oauth.vk.com/authorize", params: { scope: "email", v: "5.131" } },
    token: "https://oauth.vk.com/access_token?v=5.131",
    userinfo: "https://api.vk.com/method/users.get?fields=photo_100&v=5.131",
    fixture: { ...F.VK_USERS_GET.response[0], email: "durov@example.com" },
    user: { id: "8492", name: "Pavel Durov", email: "durov@example.com", image: F.VK_USERS_GET.response[0]!.photo_100 },
  }),
  oauthEntry({
    factory: Webex,
    id: "webex",
    auth: "client_secret_post",
    authorization: { url: "https://webexapis.com/v1/authorize", params: { scope: "spark:kms spark:people_read" } },
    token: "https://webexapis.com/v1/access_token",
    userinfo: "https://webexapis.com/v1/people/me",
    fixture: F.WEBEX_PERSON,
    user: { id: F.WEBEX_PERSON.id, name: "John Andersen", email: "john.andersen@example.com", image: F.WEBEX_PERSON.avatar },
  }),
  {
    factory: WeChat,
    id: "wechat",
    type: "oauth",
    checks: ["state"],
    authorization: { url: "https://open.weixin.qq.com/connect/oauth2/authorize", params: { scope: "snsapi_userinfo" } },
    token: "https://api.weixin.qq.com/sns/oauth2/access_token",
    userinfo: "https://api.weixin.qq.com/sns/userinfo",
    fixture: F.WECHAT_USER,
    user: { id: F.WECHAT_USER.unionid, name: "Band", email: null, image: F.WECHAT_USER.headimgurl },
  },
  oauthEntry({
    factory: WordPress,
    id: "wordpress",
    auth: "client_secret_post",
    authorization: { url: "https://public-api.wordpress.com/oauth2/authorize", params: { scope: "auth" } },
    token: "https://public-api.wordpress.com/oauth2/token",
    userinfo: "https://public-api.wordpress.com/rest/v1/me",
    fixture: F.WORDPRESS_ME,
    user: { id: "18342963", name: "Ada Lovelace", email: "ada@example.com", image: F.WORDPRESS_ME.avatar_URL },
  }),
  oauthEntry({
    factory: Yandex,
    id: "yandex",
    authorization: { url: "https://oauth.yandex.ru/authorize", params: { scope: "login:info login:email login:avatar" } },
    token: "https://oauth.yandex.ru/token",
    userinfo: "https://login.yandex.ru/info?format=json",
    fixture: F.YANDEX_USER,
    user: {
      id: "1000034426",
      name: "Ivan",
      email: "test@yandex.ru",
      image: "https://avatars.yandex.net/get-yapic/131652443%2FkGgP6EA4YPcJ2bNjV5fYk0Xh1s-1/islands-200",
    },
  }),
  oauthEntry({
    factory: Zoho,
    id: "zoho",
    auth: "client_secret_post",
    authorization: { url: "https://accounts.zoho.com/oauth/v2/auth", params: { scope: "AaaServer.profile.Read" } },
    token: "https://accounts.zoho.com/oauth/v2/token",
    userinfo: "https://accounts.zoho.com/oauth/user/info",
    fixture: F.ZOHO_USER,
    user: { id: "87165488", name: "patricia.boyle", email: "patricia.boyle@zylker.com", image: null },
  }),
]

describeCatalog(CATALOG)

/** Accepts only Mailchimp's/Yandex's `Authorization: OAuth <token>` carrying the token the stand-in issued. */
function oauthScheme(token: string, body: unknown) {
  return (request: { headers: Record<string, unknown> }): StandInReply =>
    request.headers.authorization === `OAuth ${token}` ? json(body) : { status: 401, json: { error: "invalid_token" } }
}

const OAUTH2: OAuth2Case[] = [
  {
    id: "kakao",
    factory: Kakao,
    authorize: "/oauth/authorize",
    token: { path: "/oauth/token", reply: json(F.KAKAO_TOKENS) },
    userinfo: "/v2/user/me",
    routes: [{ path: "/v2/user/me", reply: json(F.KAKAO_USER) }],
    user: { name: "라이언", email: "ryan@kakao.com", image: F.KAKAO_USER.kakao_account.profile.profile_image_url },
    providerAccountId: "123456789",
    verify: (standIn) => {
      const token = standIn.requestsTo("/oauth/token")[0]!
      expect(token.form.get("client_secret")).toBe(CLIENT.clientSecret)
      expect(token.form.get("code_verifier")).toBeTruthy()
    },
  },
  {
    id: "mailchimp",
    factory: keepingTokenHooks(Mailchimp),
    authorize: "/oauth2/authorize",
    token: { path: "/oauth2/token", reply: json(F.MAILCHIMP_TOKENS) },
    userinfo: "/oauth2/metadata",
    routes: [{ path: "/oauth2/metadata", auth: "none", reply: oauthScheme(F.MAILCHIMP_TOKENS.access_token, F.MAILCHIMP_METADATA) }],
    user: { name: "Freddie's Jokes", email: "freddie@example.com", image: null },
    providerAccountId: "87654321",
  },
  {
    id: "mailru",
    factory: Mailru,
    authorize: "/login",
    token: { path: "/token", reply: json({ access_token: "a8b3c0e5d1f2", token_type: "bearer", expires_in: 3600, refresh_token: "r9f8e7d6c5b4" }) },
    userinfo: "/userinfo",
    routes: [
      {
        path: "/userinfo",
        reply: (request) => (request.query.get("access_token") === "a8b3c0e5d1f2" ? json(F.MAILRU_USER) : json({ error: "invalid_request" })),
      },
    ],
    user: { name: "Ivan Petrov", email: "ivan.petrov@mail.ru", image: F.MAILRU_USER.image },
    providerAccountId: "8125348756349",
  },
  {
    id: "naver",
    factory: keepingTokenHooks(Naver),
    authorize: "/oauth2.0/authorize",
    token: {
      path: "/oauth2.0/token",
      reply: json({
        access_token: "AAAAQosjWDJieBiQZc3to9YQp6HDLvrmyKC",
        refresh_token: "c8ceMEJisO4Se7uGisHoX0f5JEii7JnipglQipkOn5Zp3tyP7dHQoP0zNKHUq2gY",
        token_type: "bearer",
        expires_in: "3600",
      }),
    },
    userinfo: "/v1/nid/me",
    routes: [{ path: "/v1/nid/me", reply: json(F.NAVER_USER) }],
    user: { name: "OpenAPI", email: "openapi@naver.com", image: F.NAVER_USER.response.profile_image },
    providerAccountId: "32742776",
    verify: (standIn) => expect(standIn.requestsTo("/oauth2.0/token")[0]!.form.get("client_secret")).toBe(CLIENT.clientSecret),
  },
  {
    id: "vk",
    factory: keepingTokenHooks(VK),
    authorize: "/authorize",
    token: { path: "/access_token", reply: json(F.VK_TOKENS) },
    userinfo: "/method/users.get",
    routes: [
      {
        path: "/method/users.get",
        reply: (request) =>
          request.query.get("v") === "5.131" ? json(F.VK_USERS_GET) : json({ error: { error_code: 8, error_msg: "Invalid request: v is required" } }),
      },
    ],
    user: { name: "Pavel Durov", email: "durov@example.com", image: F.VK_USERS_GET.response[0]!.photo_100 },
    providerAccountId: "8492",
    verify: (standIn) => {
      expect(standIn.requestsTo("/authorize")[0]!.query.get("v")).toBe("5.131")
      expect(standIn.requestsTo("/access_token")[0]!.query.get("v")).toBe("5.131")
      expect(standIn.requestsTo("/method/users.get")[0]!.query.get("fields")).toBe("photo_100")
    },
  },
  {
    id: "webex",
    factory: Webex,
    authorize: "/v1/authorize",
    token: {
      path: "/v1/access_token",
      reply: json({
        access_token: "ZDI3MGEyYzQtNmFlNS00NDNhLWFlNzAtZGVjNjE0MGU1OGZmZWNmZDEwN2ItYTU3",
        expires_in: 1209600,
        refresh_token: "MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDEyMzQ1Njc4OTEyMzQ1Njc4",
        refresh_token_expires_in: 7776000,
        token_type: "Bearer",
        scope: "spark:kms spark:people_read",
      }),
    },
    userinfo: "/v1/people/me",
    routes: [{ path: "/v1/people/me", reply: json(F.WEBEX_PERSON) }],
    user: { name: "John Andersen", email: "john.andersen@example.com", image: F.WEBEX_PERSON.avatar },
    providerAccountId: F.WEBEX_PERSON.id,
  },
  {
    id: "wechat",
    factory: keepingTokenHooks(WeChat),
    authorize: "/connect/oauth2/authorize",
    // WeChat's exchange is a GET (a route below); a POST here would be the flow ignoring token.request.
    token: { path: "/sns/oauth2/access_token", reply: { status: 405, json: { errcode: 43001, errmsg: "require GET method" } } },
    userinfo: "/sns/userinfo",
    routes: [
      {
        path: "/sns/oauth2/access_token",
        auth: "none",
        reply: (request) =>
          request.query.get("appid") === CLIENT.clientId &&
          request.query.get("secret") === CLIENT.clientSecret &&
          request.query.get("code") &&
          request.query.get("grant_type") === "authorization_code"
            ? json(F.WECHAT_TOKENS)
            : json({ errcode: 40029, errmsg: "invalid code" }),
      },
      {
        path: "/sns/userinfo",
        auth: "none",
        reply: (request) =>
          request.query.get("access_token") === F.WECHAT_TOKENS.access_token && request.query.get("openid") === F.WECHAT_TOKENS.openid
            ? json(F.WECHAT_USER)
            : json({ errcode: 40003, errmsg: "invalid openid" }),
      },
    ],
    user: { name: "Band", email: null, image: F.WECHAT_USER.headimgurl },
    providerAccountId: F.WECHAT_USER.unionid,
    verify: (standIn) => {
      expect(standIn.requestsTo("/connect/oauth2/authorize")[0]!.query.get("appid")).toBe(CLIENT.clientId)
      expect(standIn.requests.filter((request) => request.path === "/sns/oauth2/access_token").map((request) => request.method)).toEqual(["GET"])
    },
  },
  {
    id: "wordpress",
    factory: WordPress,
    authorize: "/oauth2/authorize",
    token: { path: "/oauth2/token", reply: json({ access_token: "YOUR_API_TOKEN", blog_id: "0", blog_url: null, token_type: "bearer", scope: "auth" }) },
    userinfo: "/rest/v1/me",
    routes: [{ path: "/rest/v1/me", reply: json(F.WORDPRESS_ME) }],
    user: { name: "Ada Lovelace", email: "ada@example.com", image: F.WORDPRESS_ME.avatar_URL },
    providerAccountId: "18342963",
  },
  {
    id: "yandex",
    factory: Yandex,
    authorize: "/authorize",
    token: {
      path: "/token",
      reply: json({ access_token: "y0_AgAAAAAAxxxx", token_type: "bearer", expires_in: 31536000, refresh_token: "1:GN686QVt0mmakDd9:A4pYuW9LGk0_UnlrMIWklk" }),
    },
    userinfo: "/info",
    routes: [{ path: "/info", auth: "none", reply: oauthScheme("y0_AgAAAAAAxxxx", F.YANDEX_USER) }],
    user: { name: "Ivan", email: "test@yandex.ru", image: yandexAvatarUrl(F.YANDEX_USER) },
    providerAccountId: "1000034426",
  },
  {
    id: "zoho",
    factory: keepingTokenHooks(Zoho),
    authorize: "/oauth/v2/auth",
    token: {
      path: "/oauth/v2/token",
      reply: json({
        access_token: "1000.41d9xxxxxxxxxxxxxxxxxxxxxxxxc2d1.8fccxxxxxxxxxxxxxxxxxxxxxxxx125f",
        api_domain: "https://www.zohoapis.com",
        token_type: "Bearer",
        expires_in: 3600,
      }),
    },
    userinfo: "/oauth/user/info",
    routes: [{ path: "/oauth/user/info", reply: json(F.ZOHO_USER) }],
    user: { name: "patricia.boyle", email: "patricia.boyle@zylker.com", image: null },
    providerAccountId: "87165488",
  },
]

describeOAuth2SignIns(OAUTH2)

const OIDC: OidcCase[] = [
  // The signing OpenID Provider signs with RS256; LINE's own HS256 tokens are signed in the quirk test below.
  {
    id: "line",
    factory: LINE,
    claims: F.LINE_CLAIMS,
    options: { client: { id_token_signed_response_alg: "RS256" } },
    user: { name: "Taro Line", email: "taro.line@example.com", image: F.LINE_CLAIMS.picture },
    auth: "client_secret_post",
    nonce: true,
    pkce: true,
  },
  oidcCase({ id: "vipps", factory: Vipps, claims: F.VIPPS_USERINFO, user: { name: "Ada Lovelace", email: "ada.lovelace@example.no", image: null } }),
]

describeOidcSignIns(OIDC, (op) => {
  it("Vipps reads the profile from userinfo (idToken: false)", async () => {
    op().reset()
    op().setAccount({ ...F.VIPPS_USERINFO })
    const outcome = await signInWith(Vipps({ ...CLIENT, issuer: op().issuer }), op(), "vipps")
    expect(outcome.errors).toEqual([])
    expect(op().requestsTo("userinfo")).toHaveLength(1)
  })
})

const EMAIL: EmailVerifiedCase[] = [
  {
    name: "Kakao (is_email_valid and is_email_verified)",
    provider: Kakao(),
    verified: F.KAKAO_USER,
    unverified: { ...F.KAKAO_USER, kakao_account: { ...F.KAKAO_USER.kakao_account, is_email_verified: false } },
    expected: true,
  },
  {
    name: "Kakao (an address no longer valid)",
    provider: Kakao(),
    verified: { ...F.KAKAO_USER, kakao_account: { ...F.KAKAO_USER.kakao_account, is_email_valid: false } },
    expected: false,
  },
  { name: "LINE (never)", provider: LINE(), verified: { ...F.LINE_CLAIMS, email_verified: true }, expected: false },
  { name: "Mailchimp (never)", provider: Mailchimp(), verified: F.MAILCHIMP_METADATA, expected: false },
  { name: "Mail.ru (never)", provider: Mailru(), verified: F.MAILRU_USER, expected: false },
  { name: "Naver (never)", provider: Naver(), verified: F.NAVER_USER, expected: false },
  { name: "Vipps (email_verified)", provider: Vipps(), verified: F.VIPPS_USERINFO, unverified: { ...F.VIPPS_USERINFO, email_verified: false }, expected: true },
  { name: "VK (never)", provider: VK(), verified: { ...F.VK_USERS_GET.response[0], email: "durov@example.com" }, expected: false },
  { name: "Webex (never)", provider: Webex(), verified: F.WEBEX_PERSON, expected: false },
  { name: "WeChat (no address)", provider: WeChat(), verified: F.WECHAT_USER, expected: false },
  {
    name: "WordPress.com (email_verified)",
    provider: WordPress(),
    verified: F.WORDPRESS_ME,
    unverified: { ...F.WORDPRESS_ME, email_verified: false },
    expected: true,
  },
  { name: "Yandex (never)", provider: Yandex(), verified: F.YANDEX_USER, expected: false },
  { name: "Zoho (never)", provider: Zoho(), verified: F.ZOHO_USER, expected: false },
]

describeEmailVerification(EMAIL)

// ---- what is unusual about them ----

/** One sign-in against a stand-in with the given routes; the outcome, the stand-in closed. */
async function signInAgainst(
  id: string,
  factory: (options: any) => unknown,
  spec: Parameters<typeof startProviderStandIn>[0],
  endpoints: { authorize: string; token: string; userinfo: string },
) {
  const standIn = await startProviderStandIn(spec)
  try {
    const provider = factory({
      ...CLIENT,
      authorization: { url: standIn.endpoint(endpoints.authorize) },
      token: { url: standIn.endpoint(endpoints.token) },
      userinfo: { url: standIn.endpoint(endpoints.userinfo) },
    })
    return { outcome: await signInWith(provider, standIn, id), standIn }
  } finally {
    await standIn.close()
  }
}

const REFUSED = `${APP.origin}/auth/signin?error=OAuthCallbackError`
const messages = (errors: Error[]) => errors.map((error) => error.message).join("\n")

describe("errors answered with HTTP 200", () => {
  it.each([
    ["naver", Naver, "/oauth2.0/authorize", "/oauth2.0/token", "/v1/nid/me", { error: "invalid_request", error_description: "no valid data in session" }],
    ["zoho", Zoho, "/oauth/v2/auth", "/oauth/v2/token", "/oauth/user/info", { error: "invalid_code" }],
  ] as const)(
    "%s: a refused token request answered 200 { error } fails the sign-in with that error",
    async (id, factory, authorize, token, userinfo, refusal) => {
      const { outcome, standIn } = await signInAgainst(
        id,
        factory,
        { authorize: { path: authorize }, token: { path: token, reply: json(refusal) } },
        { authorize, token, userinfo },
      )
      expect(outcome.location).toBe(REFUSED)
      expect(outcome.session.user).toBeUndefined()
      expect(messages(outcome.errors)).toContain(`the token response failed: ${refusal.error}`)
      expect(standIn.requestsTo(userinfo)).toHaveLength(0)
    },
  )

  it("errorStatusFromOk turns only a 200 { error } without a token into a 400", async () => {
    const refused = (await errorStatusFromOk(Response.json({ error: "invalid_client" })))!
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: "invalid_client" })
    expect(await errorStatusFromOk(Response.json({ access_token: "t", token_type: "Bearer" }))).toBeUndefined()
    expect(await errorStatusFromOk(Response.json({ error: "invalid_grant" }, { status: 400 }))).toBeUndefined()
    expect(await errorStatusFromOk(new Response("<html>", { status: 200 }))).toBeUndefined()
  })

  it("VK: users.get answering 200 { error } fails the sign-in", async () => {
    const { outcome } = await signInAgainst(
      "vk",
      VK,
      {
        authorize: { path: "/authorize" },
        token: { path: "/access_token", reply: json(F.VK_TOKENS) },
        routes: [{ path: "/method/users.get", reply: json({ error: { error_code: 5, error_msg: "User authorization failed: invalid access_token (4)." } }) }],
      },
      { authorize: "/authorize", token: "/access_token", userinfo: "/method/users.get" },
    )
    expect(outcome.location).toBe(REFUSED)
    expect(messages(outcome.errors)).toContain("users.get answered the error 5: User authorization failed")
  })

  it("VK: without the email scope granted the token answer has no email, and the user none", async () => {
    const { email: _email, ...tokens } = F.VK_TOKENS
    const { outcome } = await signInAgainst(
      "vk",
      VK,
      {
        authorize: { path: "/authorize" },
        token: { path: "/access_token", reply: json(tokens) },
        routes: [{ path: "/method/users.get", reply: json(F.VK_USERS_GET) }],
      },
      { authorize: "/authorize", token: "/access_token", userinfo: "/method/users.get" },
    )
    expect(outcome.errors).toEqual([])
    expect(outcome.session.user).toEqual({ name: "Pavel Durov", email: null, image: F.VK_USERS_GET.response[0]!.photo_100 })
    expect(outcome.account).toMatchObject({ token_type: "bearer" })
  })
})

describe("WeChat", () => {
  const wechatSpec = (tokenReply: unknown, userReply: unknown = F.WECHAT_USER) => ({
    authorize: { path: "/connect/qrconnect" },
    routes: [
      { path: "/sns/oauth2/access_token", auth: "none" as const, reply: json(tokenReply) },
      { path: "/sns/userinfo", auth: "none" as const, reply: json(userReply) },
    ],
  })
  const endpoints = { authorize: "/connect/qrconnect", token: "/sns/oauth2/access_token", userinfo: "/sns/userinfo" }

  it("a refused code (200 { errcode: 40029 }) fails the sign-in, the profile never asked for", async () => {
    const { outcome, standIn } = await signInAgainst("wechat", WeChat, wechatSpec({ errcode: 40029, errmsg: "invalid code, rid: 6543a1b2" }), endpoints)
    expect(outcome.location).toBe(REFUSED)
    expect(messages(outcome.errors)).toContain("invalid_grant: 40029: invalid code")
    expect(standIn.requestsTo("/sns/userinfo")).toHaveLength(0)
  })

  it("an errcode answer of /sns/userinfo fails the sign-in", async () => {
    const { outcome } = await signInAgainst("wechat", WeChat, wechatSpec(F.WECHAT_TOKENS, { errcode: 40003, errmsg: "invalid openid" }), endpoints)
    expect(outcome.location).toBe(REFUSED)
    expect(messages(outcome.errors)).toContain("40003: invalid openid")
  })

  it("without a unionid (an app not bound to an Open Platform account) the account id is the openid", async () => {
    const { unionid: _u, ...tokens } = F.WECHAT_TOKENS
    const { unionid: _v, ...user } = F.WECHAT_USER
    const { outcome } = await signInAgainst("wechat", WeChat, wechatSpec(tokens, user), endpoints)
    expect(outcome.errors).toEqual([])
    expect(outcome.account).toMatchObject({ providerAccountId: F.WECHAT_USER.openid, token_type: "bearer" })
  })

  it("the authorization URL carries appid and ends in #wechat_redirect; WebsiteApp uses qrconnect and snsapi_login", async () => {
    for (const [platformType, path, scope] of [
      [undefined, "/connect/oauth2/authorize", "snsapi_userinfo"],
      ["WebsiteApp", "/connect/qrconnect", "snsapi_login"],
    ] as const) {
      const config = appConfig([WeChat({ ...CLIENT, platformType }) as unknown as Record<string, unknown>])
      const app = browser(config)
      const start = await app.send("/auth/signin/wechat", { form: { csrfToken: await app.csrfToken() } })
      const location = new URL(start.headers.get("location")!)
      expect(`${location.origin}${location.pathname}`).toBe(`https://open.weixin.qq.com${path}`)
      expect(location.hash).toBe("#wechat_redirect")
      expect(location.searchParams.get("appid")).toBe(CLIENT.clientId)
      expect(location.searchParams.get("scope")).toBe(scope)
      expect(location.searchParams.get("code_challenge")).toBeNull()
    }
  })

  it("passed uncalled, it gets its appid from AUTH_WECHAT_ID through setEnvDefaults", () => {
    const config: AuthConfig = { providers: [WeChat], secret: "s".repeat(32) }
    setEnvDefaults({ AUTH_WECHAT_ID: "wx-from-env", AUTH_WECHAT_SECRET: "secret-from-env" }, config)
    const [provider] = prepareConfig(config).providers as unknown as Record<string, any>[]
    expect(provider!.authorization.params.appid).toBe("wx-from-env")
    expect(provider!.clientSecret).toBe("secret-from-env")
  })

  it("conformWeChatTokenResponse: errcode → 400 invalid_grant; success → token_type bearer", async () => {
    const refused = (await conformWeChatTokenResponse(Response.json({ errcode: 40163, errmsg: "code been used" })))!
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: "invalid_grant", error_description: "40163: code been used" })
    const ok = (await conformWeChatTokenResponse(Response.json(F.WECHAT_TOKENS)))!
    expect(await ok.json()).toEqual({ ...F.WECHAT_TOKENS, token_type: "bearer" })
  })
})

describe("Mailchimp", () => {
  it("a token that never expires (expires_in: 0) is stored without an expiry; scope null is dropped", async () => {
    const conformed = (await conformMailchimpTokenResponse(Response.json(F.MAILCHIMP_TOKENS)))!
    expect(await conformed.json()).toEqual({ access_token: F.MAILCHIMP_TOKENS.access_token, token_type: "bearer" })
    const { outcome } = await signInAgainst(
      "mailchimp",
      Mailchimp,
      {
        authorize: { path: "/oauth2/authorize" },
        token: { path: "/oauth2/token", reply: json(F.MAILCHIMP_TOKENS) },
        routes: [{ path: "/oauth2/metadata", auth: "none", reply: oauthScheme(F.MAILCHIMP_TOKENS.access_token, F.MAILCHIMP_METADATA) }],
      },
      { authorize: "/oauth2/authorize", token: "/oauth2/token", userinfo: "/oauth2/metadata" },
    )
    expect(outcome.errors).toEqual([])
    expect(outcome.account?.expires_at).toBeUndefined()
  })
})

describe("LINE: the ID token of a web login, HS256-signed with the channel secret", () => {
  async function lineSignIn(signingSecret: string) {
    const ISSUER_PATH = "/line"
    let issuer = ""
    const standIn = await startProviderStandIn({
      authorize: { path: "/oauth2/v2.1/authorize" },
      token: {
        path: "/oauth2/v2.1/token",
        reply: async (request) => {
          // LINE reads the client from the form body.
          if (request.form.get("client_secret") !== CLIENT.clientSecret) return { status: 400, json: { error: "invalid_client" } }
          const nonce = standIn.requestsTo("/oauth2/v2.1/authorize")[0]!.query.get("nonce")!
          const { iss: _iss, aud: _aud, exp: _exp, iat: _iat, ...claims } = F.LINE_CLAIMS
          const idToken = await new SignJWT({ ...claims, nonce })
            .setProtectedHeader({ alg: "HS256", typ: "JWT" })
            .setIssuer(issuer)
            .setAudience(CLIENT.clientId)
            .setIssuedAt()
            .setExpirationTime("1h")
            .sign(new TextEncoder().encode(signingSecret))
          return json({
            access_token: "bNl4YEFPI/hjFWhTqexp4MuEw5YPs",
            expires_in: 2592000,
            id_token: idToken,
            refresh_token: "Aa1FdeggRhTnPNNpxr8p",
            scope: "openid profile email",
            token_type: "Bearer",
          })
        },
      },
      routes: [
        {
          path: `${ISSUER_PATH}/.well-known/openid-configuration`,
          auth: "none",
          reply: () =>
            json({
              issuer,
              authorization_endpoint: standIn.endpoint("/oauth2/v2.1/authorize"),
              token_endpoint: standIn.endpoint("/oauth2/v2.1/token"),
              jwks_uri: standIn.endpoint("/oauth2/v2.1/certs"),
              response_types_supported: ["code"],
              subject_types_supported: ["pairwise"],
              id_token_signing_alg_values_supported: ["ES256"],
              code_challenge_methods_supported: ["S256"],
            }),
        },
      ],
    })
    issuer = standIn.endpoint(ISSUER_PATH)
    try {
      return { outcome: await signInWith(LINE({ ...CLIENT, issuer }), standIn, "line"), standIn }
    } finally {
      await standIn.close()
    }
  }

  it("is verified with the channel secret and signs in; PKCE, state and nonce sent", async () => {
    const { outcome, standIn } = await lineSignIn(CLIENT.clientSecret)
    expect(outcome.errors).toEqual([])
    expect(outcome.session.user).toEqual({ name: "Taro Line", email: "taro.line@example.com", image: F.LINE_CLAIMS.picture })
    expect(outcome.account).toMatchObject({ provider: "line", type: "oidc", providerAccountId: F.LINE_CLAIMS.sub })
    const authorize = standIn.requestsTo("/oauth2/v2.1/authorize")[0]!
    expect(authorize.query.get("scope")).toBe("openid profile email")
    expect(authorize.query.get("code_challenge_method")).toBe("S256")
    expect(authorize.query.get("nonce")).toBeTruthy()
  })

  it("signed with another secret, it is refused", async () => {
    const { outcome } = await lineSignIn("not-the-channel-secret")
    expect(outcome.location).toBe(REFUSED)
    expect(outcome.session.user).toBeUndefined()
    expect(messages(outcome.errors)).toContain("signature")
  })
})

describe("Kakao, Yandex, Zoho: small things", () => {
  it("Kakao: a user who gave no consent to the e-mail or the image gets null, not undefined", async () => {
    const user = await Kakao().profile!({ id: 7, kakao_account: { profile: { nickname: "무지" } } } as never, {})
    expect(user).toEqual({ id: "7", name: "무지", email: null, image: null })
  })

  it("Yandex: no avatar when is_avatar_empty; the first of emails without a default one", async () => {
    const user = await Yandex().profile!({ ...F.YANDEX_USER, is_avatar_empty: true, default_email: undefined, display_name: undefined } as never, {})
    expect(user).toEqual({ id: "1000034426", name: "Ivan Ivanov", email: "test@yandex.ru", image: null })
  })

  it("Zoho: another data centre with baseUrl; no display name gives first and last", async () => {
    const provider = Zoho({ baseUrl: "https://accounts.zoho.eu/" })
    expect((provider.authorization as { url: string }).url).toBe("https://accounts.zoho.eu/oauth/v2/auth")
    expect((provider.token as { url: string }).url).toBe("https://accounts.zoho.eu/oauth/v2/token")
    expect(provider.userinfo).toBe("https://accounts.zoho.eu/oauth/user/info")
    expect(await provider.profile!({ ...F.ZOHO_USER, Display_Name: undefined } as never, {})).toMatchObject({ name: "Patricia Boyle" })
  })
})
