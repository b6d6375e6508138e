/**
 * One happy-path sign-in per catalog provider, over HTTP only, through
 * `Auth()`: `POST /signin/{id}`, the provider's part played by a local
 * stand-in, the callback, and the session. OAuth 2 providers run against
 * support/provider-standin.ts answering with the provider's real response
 * shapes (fixtures.ts), their own endpoint paths and `userinfo.request`
 * hooks included; OpenID Connect providers against the (honest) hostile
 * provider of support/hostile-provider.ts, which signs ID tokens carrying
 * the provider's real claims. X's OAuth 1.0a flow ends in a session too.
 */
import { describe, expect, it } from "vitest"
import Apple from "../../src/providers/apple.js"
import Atlassian from "../../src/providers/atlassian.js"
import Auth0 from "../../src/providers/auth0.js"
import Authentik from "../../src/providers/authentik.js"
import Bitbucket from "../../src/providers/bitbucket.js"
import Cognito from "../../src/providers/cognito.js"
import Discord from "../../src/providers/discord.js"
import Dropbox from "../../src/providers/dropbox.js"
import Facebook from "../../src/providers/facebook.js"
import GitHub from "../../src/providers/github.js"
import GitLab from "../../src/providers/gitlab.js"
import Google from "../../src/providers/google.js"
import Keycloak from "../../src/providers/keycloak.js"
import LinkedIn from "../../src/providers/linkedin.js"
import MicrosoftEntraID from "../../src/providers/microsoft-entra-id.js"
import Notion from "../../src/providers/notion.js"
import Okta from "../../src/providers/okta.js"
import Reddit from "../../src/providers/reddit.js"
import Salesforce from "../../src/providers/salesforce.js"
import Slack from "../../src/providers/slack.js"
import Spotify from "../../src/providers/spotify.js"
import Twitch from "../../src/providers/twitch.js"
import Twitter from "../../src/providers/twitter.js"
import Zitadel from "../../src/providers/zitadel.js"
import Zoom from "../../src/providers/zoom.js"
import { browser, deliver, signIn } from "../oauth/app.js"
import type { OpenIdProvider } from "../support/openid-provider.js"
import { startProviderStandIn } from "../support/provider-standin.js"
import * as F from "./fixtures.js"
import { account, CLIENT, describeOAuth2SignIns, describeOidcSignIns, json, type OAuth2Case, type OidcCase, recordingConfig, signInWith } from "./harness.js"

const OAUTH2: OAuth2Case[] = [
  {
    id: "github",
    factory: GitHub,
    authorize: "/login/oauth/authorize",
    // GitHub answers form-encoded unless asked for JSON.
    token: {
      path: "/login/oauth/access_token",
      reply: (request) => {
        const tokens = { access_token: "gho_16C7e42F292c6912E7710c838347Ae178B4a", token_type: "bearer", scope: "read:user,user:email" }
        return String(request.headers.accept ?? "").includes("application/json") ? { json: tokens } : { form: tokens }
      },
    },
    userinfo: "/user",
    routes: [
      { path: "/user", reply: json(F.GITHUB_USER) },
      { path: "/user/emails", reply: json(F.GITHUB_EMAILS) },
    ],
    user: { name: "The Octocat", email: "octocat@github.com", image: F.GITHUB_USER.avatar_url },
    providerAccountId: "583231",
    verify: (standIn) => {
      expect(standIn.requestsTo("/user/emails")).toHaveLength(1)
      expect(standIn.requestsTo("/user")[0]!.headers["user-agent"]).toBeTruthy()
    },
  },
  {
    id: "discord",
    factory: Discord,
    authorize: "/oauth2/authorize",
    token: {
      path: "/api/oauth2/token",
      reply: json({
        access_token: "6qrZcUqja7812RVdnEKjpzOL4CvHBFG",
        token_type: "Bearer",
        expires_in: 604800,
        refresh_token: "D43f5y0ahjqew82jZ4NViEr2YafMKhue",
        scope: "identify email",
      }),
    },
    userinfo: "/api/users/@me",
    routes: [{ path: "/api/users/@me", reply: json(F.DISCORD_USER) }],
    user: { name: "Nelly", email: "nelly@discord.com", image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png" },
    providerAccountId: "80351110224678912",
  },
  {
    id: "gitlab",
    factory: GitLab,
    authorize: "/oauth/authorize",
    token: {
      path: "/oauth/token",
      reply: json({
        access_token: "de6780bc506a0446309bd9362820ba8aed28aa506c71eedbe1c5c4f9dd350e54",
        token_type: "Bearer",
        expires_in: 7200,
        refresh_token: "8257e65c97202ed1726cf9571600918f3bffb2544b26e00a61df9897668c33a1",
        scope: "read_user",
        created_at: 1607635748,
      }),
    },
    userinfo: "/api/v4/user",
    routes: [{ path: "/api/v4/user", reply: json(F.GITLAB_USER) }],
    user: { name: "John Smith", email: "john@example.com", image: F.GITLAB_USER.avatar_url },
    providerAccountId: "1",
  },
  {
    id: "facebook",
    factory: Facebook,
    authorize: "/v19.0/dialog/oauth",
    token: { path: "/v19.0/oauth/access_token", reply: json({ access_token: "EAAGm0PX4ZCpsBA", token_type: "bearer", expires_in: 5183944 }) },
    userinfo: "/v19.0/me",
    routes: [
      { path: "/v19.0/me", reply: (request) => json(request.query.get("fields") === "id,name,email,picture" ? F.FACEBOOK_USER : { id: F.FACEBOOK_USER.id }) },
    ],
    user: { name: "Ada Lovelace", email: "ada@example.com", image: F.FACEBOOK_USER.picture.data.url },
    providerAccountId: F.FACEBOOK_USER.id,
  },
  {
    id: "spotify",
    factory: Spotify,
    authorize: "/authorize",
    token: {
      path: "/api/token",
      reply: json({ access_token: "BQDFCd1", token_type: "Bearer", scope: "user-read-email", expires_in: 3600, refresh_token: "AQCv7W" }),
    },
    userinfo: "/v1/me",
    routes: [{ path: "/v1/me", reply: json(F.SPOTIFY_USER) }],
    user: { name: "JM Wizzler", email: "email@example.com", image: F.SPOTIFY_USER.images[0]!.url },
    providerAccountId: "wizzler",
  },
  {
    id: "reddit",
    factory: Reddit,
    authorize: "/api/v1/authorize",
    token: { path: "/api/v1/access_token", reply: json({ access_token: "eyJhbGciOiJSUzI1NiIs", token_type: "bearer", expires_in: 86400, scope: "identity" }) },
    userinfo: "/api/v1/me",
    routes: [{ path: "/api/v1/me", reply: json(F.REDDIT_USER) }],
    user: {
      name: "spez",
      email: null,
      image: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_snoo.png?width=256&height=256&crop=256:256,smart&s=6f0a",
    },
    providerAccountId: "1w72",
  },
  {
    id: "zoom",
    factory: Zoom,
    authorize: "/oauth/authorize",
    token: {
      path: "/oauth/token",
      reply: json({
        access_token: "eyJzdiI6IjAwMDAwMSIs",
        token_type: "bearer",
        refresh_token: "eyJzdiI6IjAwMDAwMiIs",
        expires_in: 3599,
        scope: "user:read:user",
        api_url: "https://api.zoom.us",
      }),
    },
    userinfo: "/v2/users/me",
    routes: [{ path: "/v2/users/me", reply: json(F.ZOOM_USER) }],
    user: { name: "Jill Chill", email: "jchill@example.com", image: F.ZOOM_USER.pic_url },
    providerAccountId: F.ZOOM_USER.id,
  },
  {
    id: "dropbox",
    factory: Dropbox,
    authorize: "/oauth2/authorize",
    token: {
      path: "/oauth2/token",
      reply: json({
        access_token: "sl.BPZ2f3",
        expires_in: 14400,
        token_type: "bearer",
        scope: "account_info.read",
        refresh_token: "Ddz8KZ",
        account_id: F.DROPBOX_ACCOUNT.account_id,
        uid: "12345",
      }),
    },
    userinfo: "/2/users/get_current_account",
    // An RPC endpoint: POST only.
    routes: [{ method: "POST", path: "/2/users/get_current_account", reply: json(F.DROPBOX_ACCOUNT) }],
    user: { name: "Franz Ferdinand (Personal)", email: "franz@dropbox.com", image: F.DROPBOX_ACCOUNT.profile_photo_url },
    providerAccountId: F.DROPBOX_ACCOUNT.account_id,
  },
  {
    id: "atlassian",
    factory: Atlassian,
    authorize: "/authorize",
    token: {
      path: "/oauth/token",
      reply: json({ access_token: "eyJraWQiOiJhdXRoLmF0bGFzc2lhbi5jb20t", expires_in: 3600, scope: "read:me", token_type: "Bearer" }),
    },
    userinfo: "/me",
    routes: [{ path: "/me", reply: json(F.ATLASSIAN_ME) }],
    user: { name: "Mia Krystof", email: "mia@example.com", image: F.ATLASSIAN_ME.picture },
    providerAccountId: F.ATLASSIAN_ME.account_id,
    verify: (standIn) => {
      // client_secret_post: the secret in the body, no Basic header.
      const [token] = standIn.requestsTo("/oauth/token")
      expect(token!.form.get("client_secret")).toBe(CLIENT.clientSecret)
      expect(token!.headers.authorization).toBeUndefined()
    },
  },
  {
    id: "bitbucket",
    factory: Bitbucket,
    authorize: "/site/oauth2/authorize",
    token: {
      path: "/site/oauth2/access_token",
      reply: json({ access_token: "ACyfFyYdD8", scopes: "account email", expires_in: 7200, refresh_token: "Rn8Ck", token_type: "bearer" }),
    },
    userinfo: "/2.0/user",
    routes: [
      { path: "/2.0/user", reply: json(F.BITBUCKET_USER) },
      { path: "/2.0/user/emails", reply: json(F.BITBUCKET_EMAILS) },
    ],
    user: { name: "Ada Lovelace", email: "ada@example.com", image: F.BITBUCKET_USER.links.avatar.href },
    providerAccountId: F.BITBUCKET_USER.account_id,
  },
  {
    id: "notion",
    factory: Notion,
    authorize: "/v1/oauth/authorize",
    token: {
      path: "/v1/oauth/token",
      reply: json({
        access_token: "secret_abc",
        token_type: "bearer",
        bot_id: F.NOTION_BOT.id,
        workspace_name: "Ada's Notion",
        workspace_icon: null,
        workspace_id: "b4c1e4f5-0000-4000-8000-000000000000",
        owner: { type: "user", user: F.NOTION_OWNER },
        duplicated_template_id: null,
        request_id: "r1",
      }),
    },
    userinfo: "/v1/users/me",
    // Notion refuses API calls without a Notion-Version header.
    routes: [
      {
        path: "/v1/users/me",
        reply: (request) => (request.headers["notion-version"] ? json(F.NOTION_BOT) : { status: 400, json: { object: "error", code: "missing_version" } }),
      },
    ],
    user: { name: "Ada Lovelace", email: "ada@example.com", image: F.NOTION_OWNER.avatar_url },
    providerAccountId: F.NOTION_OWNER.id,
  },
  {
    id: "twitter",
    factory: Twitter,
    authorize: "/i/oauth2/authorize",
    token: {
      path: "/2/oauth2/token",
      reply: json({
        token_type: "bearer",
        expires_in: 7200,
        access_token: "VGNibzFWSWREZm01bjN1N3dicWlNUG1oa2xRRVNNdmVHelJGY2hQN1",
        scope: "users.read tweet.read offline.access",
        refresh_token: "bWRWa3gzdnk3WHRGU1o0bmRRcTJ5VUxWX1lZTDdJSUtmaWcxbTVxdEFXcW5tOjE2MjIxNDc",
      }),
    },
    userinfo: "/2/users/me",
    routes: [
      {
        path: "/2/users/me",
        reply: (request) =>
          json(
            request.query.get("user.fields") === "profile_image_url" ? F.X_USER : { data: { id: "2244994945", name: "Developers", username: "XDevelopers" } },
          ),
      },
    ],
    user: { name: "Developers", email: null, image: F.X_USER.data.profile_image_url },
    providerAccountId: "2244994945",
    verify: (standIn) => {
      // PKCE S256 and the default scopes went to X; the refresh token (offline.access) reached the account.
      const authorize = standIn.requestsTo("/i/oauth2/authorize")[0]!
      expect(authorize.query.get("code_challenge_method")).toBe("S256")
      expect(authorize.query.get("scope")).toBe("users.read tweet.read offline.access")
      expect(standIn.requestsTo("/2/oauth2/token")[0]!.form.get("code_verifier")).toMatch(/^[\w-]{43}$/)
    },
  },
]

describeOAuth2SignIns(OAUTH2)

describe("the built-in userinfo.request hooks when the provider's API fails", () => {
  const githubToken = { path: "/login/oauth/access_token", reply: json({ access_token: "gho_x", token_type: "bearer", scope: "read:user" }) }

  it("GitHub without the user:email scope: /user/emails refused, the user signs in without an e-mail", async () => {
    const standIn = await startProviderStandIn({
      authorize: { path: "/login/oauth/authorize" },
      token: githubToken,
      routes: [
        { path: "/user", reply: json(F.GITHUB_USER) },
        { path: "/user/emails", reply: { status: 404, json: { message: "Not Found" } } },
      ],
    })
    try {
      const provider = GitHub({
        ...CLIENT,
        authorization: { url: standIn.endpoint("/login/oauth/authorize") },
        token: standIn.endpoint(githubToken.path),
        userinfo: { url: standIn.endpoint("/user") },
      })
      const outcome = await signInWith(provider, standIn, "github")
      expect(outcome.errors).toEqual([])
      expect(outcome.session.user).toEqual({ name: "The Octocat", email: null, image: F.GITHUB_USER.avatar_url })
    } finally {
      await standIn.close()
    }
  })

  it("GitHub's /user answering 500: back to the sign-in page with OAuthCallbackError, no session", async () => {
    const standIn = await startProviderStandIn({
      authorize: { path: "/login/oauth/authorize" },
      token: githubToken,
      routes: [{ path: "/user", reply: { status: 500, text: "<html>Unicorn!</html>" } }],
    })
    try {
      const provider = GitHub({
        ...CLIENT,
        authorization: { url: standIn.endpoint("/login/oauth/authorize") },
        token: standIn.endpoint(githubToken.path),
        userinfo: { url: standIn.endpoint("/user") },
      })
      const { config } = recordingConfig(provider)
      const app = browser(config)
      const run = await signIn(app, standIn as unknown as OpenIdProvider, "github")
      const location = new URL(run.location!)
      expect(location.pathname).toBe("/auth/signin")
      expect(location.searchParams.get("error")).toBe("OAuthCallbackError")
      expect((await app.session()).body).toBeNull()
      expect(config.log.errors.map((error) => error.message).join()).toMatch(/HTTP 500/)
    } finally {
      await standIn.close()
    }
  })
})

const OIDC: OidcCase[] = [
  {
    id: "google",
    factory: Google,
    claims: F.GOOGLE_CLAIMS,
    user: { name: "Ada Lovelace", email: "ada@example.com", image: F.GOOGLE_CLAIMS.picture },
    auth: "client_secret_basic",
    nonce: true,
    pkce: true,
  },
  // Apple sends an ID token for `name email` alone; a standard OP (this one) only for the `openid` scope.
  {
    id: "apple",
    factory: Apple,
    claims: F.APPLE_CLAIMS,
    user: { name: F.APPLE_CLAIMS.email, email: F.APPLE_CLAIMS.email, image: null },
    auth: "client_secret_post",
    nonce: true,
    pkce: false,
    options: { authorization: { params: { scope: "openid name email" } } },
  },
  {
    id: "microsoft-entra-id",
    factory: MicrosoftEntraID,
    claims: F.ENTRA_CLAIMS,
    user: { name: "Ada Lovelace", email: "ada@contoso.com", image: null },
    auth: "client_secret_basic",
    nonce: true,
    pkce: true,
  },
  {
    id: "linkedin",
    factory: LinkedIn,
    claims: F.LINKEDIN_CLAIMS,
    user: { name: "John Doe", email: "doe@email.com", image: F.LINKEDIN_CLAIMS.picture },
    auth: "client_secret_post",
    nonce: false,
    pkce: false,
  },
  {
    id: "slack",
    factory: Slack,
    claims: F.SLACK_CLAIMS,
    user: { name: "krane", email: "krane@slack-corp.com", image: F.SLACK_CLAIMS.picture },
    auth: "client_secret_basic",
    nonce: true,
    pkce: false,
  },
  {
    id: "auth0",
    factory: Auth0,
    claims: F.AUTH0_CLAIMS,
    user: { name: "Ada Lovelace", email: "ada@example.com", image: F.AUTH0_CLAIMS.picture },
    auth: "client_secret_basic",
    nonce: true,
    pkce: true,
  },
  {
    id: "okta",
    factory: Okta,
    claims: F.OKTA_CLAIMS,
    user: { name: "John Doe", email: "john.doe@example.com" },
    auth: "client_secret_basic",
    nonce: true,
    pkce: true,
  },
  {
    id: "keycloak",
    factory: Keycloak,
    claims: F.KEYCLOAK_CLAIMS,
    user: { name: "Ada Lovelace", email: "ada@example.com" },
    auth: "client_secret_basic",
    nonce: true,
    pkce: true,
  },
  {
    id: "cognito",
    factory: Cognito,
    claims: F.COGNITO_CLAIMS,
    user: { name: "Ada Lovelace", email: "ada@example.com" },
    auth: "client_secret_basic",
    nonce: true,
    pkce: true,
  },
  {
    id: "twitch",
    factory: Twitch,
    claims: F.TWITCH_CLAIMS,
    user: { name: "middleditch", email: "middleditch@example.com", image: F.TWITCH_CLAIMS.picture },
    auth: "client_secret_post",
    nonce: true,
    pkce: true,
  },
  // idToken: false — the profile is the userinfo answer, whose sub must be the ID token's.
  {
    id: "salesforce",
    factory: Salesforce,
    claims: F.SALESFORCE_USERINFO,
    user: { name: "Ada Lovelace", email: "ada@example.com", image: F.SALESFORCE_USERINFO.picture },
    auth: "client_secret_basic",
    nonce: true,
    pkce: true,
  },
  {
    id: "zitadel",
    factory: Zitadel,
    claims: F.ZITADEL_CLAIMS,
    user: { name: "Ada Lovelace", email: "ada@example.com" },
    auth: "client_secret_basic",
    nonce: true,
    pkce: true,
  },
  {
    id: "authentik",
    factory: Authentik,
    claims: F.AUTHENTIK_CLAIMS,
    user: { name: "Ada Lovelace", email: "ada@example.com" },
    auth: "client_secret_basic",
    nonce: true,
    pkce: true,
  },
]

describeOidcSignIns(OIDC, (getOp) => {
  it("apple: the first authorization's posted user name reaches profile() (form_post)", async () => {
    const op = getOp()
    op.reset()
    op.setAccount(account(F.APPLE_CLAIMS))
    const { config } = recordingConfig(Apple({ ...CLIENT, issuer: op.issuer, authorization: { params: { scope: "openid name email" } } }))
    const app = browser(config)
    const csrfToken = await app.csrfToken()
    const start = await app.send("/auth/signin/apple", { form: { csrfToken } })
    const outcome = await op.authorize(start.headers.get("location")!)
    expect(outcome.mode).toBe("form_post")
    outcome.params.set("user", F.APPLE_USER_FIELD)
    await deliver(app, outcome)
    const { body } = await app.session()
    expect(body.user).toMatchObject({ name: "Ada Lovelace", email: F.APPLE_CLAIMS.email })
  })
})

describe("X's OAuth 1.0a flow over HTTP", () => {
  it("signs in with version 1.0a and stores oauth_token and oauth_token_secret", async () => {
    const standIn = await startProviderStandIn({
      oauth1: {
        requestToken: "/oauth/request_token",
        authorize: "/oauth/authenticate",
        accessToken: "/oauth/access_token",
        accessTokenReply: { user_id: "2244994945", screen_name: "XDevelopers" },
      },
      routes: [
        {
          path: "/1.1/account/verify_credentials.json",
          auth: "oauth1",
          reply: json({
            id: 2244994945,
            id_str: "2244994945",
            name: "Developers",
            screen_name: "XDevelopers",
            profile_image_url_https: "https://pbs.twimg.com/profile_images/1/a_normal.png",
            email: "devs@x.example",
          }),
        },
      ],
    })
    try {
      const real = Twitter({ version: "1.0a", ...CLIENT })
      const provider = {
        ...real,
        requestTokenUrl: standIn.endpoint("/oauth/request_token"),
        authorization: standIn.endpoint("/oauth/authenticate"),
        token: standIn.endpoint("/oauth/access_token"),
        userinfo: { ...(real.userinfo as object), url: `${standIn.endpoint("/1.1/account/verify_credentials.json")}?include_email=true` },
      }
      const outcome = await signInWith(provider, standIn, "twitter")
      expect(outcome.errors).toEqual([])
      expect(outcome.session.user).toEqual({ name: "Developers", email: "devs@x.example", image: "https://pbs.twimg.com/profile_images/1/a.png" })
      expect(outcome.account).toMatchObject({
        provider: "twitter",
        type: "oauth",
        providerAccountId: "2244994945",
        oauth_token: expect.any(String),
        oauth_token_secret: expect.any(String),
      })
      expect(outcome.profile).toMatchObject({ data: { id: "2244994945", username: "XDevelopers" } })
    } finally {
      await standIn.close()
    }
  })
})
