/**
 * The provider catalog as configuration: each factory's id, type, endpoints,
 * scopes, checks and client authentication match the provider's real API;
 * its `profile()` maps the provider's real response shape (fixtures.ts) to
 * the right user; `AUTH_{ID}_ID/SECRET/ISSUER` fill it through
 * `setEnvDefaults`; its button is readable (4.5:1) with its brand mark (4.5:1 too); and
 * a configuration with it is accepted.
 * (The checks themselves are in harness.ts.)
 */
import { expect, it } from "vitest"
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
import * as F from "./fixtures.js"
import { type CatalogEntry, describeCatalog } from "./harness.js"

const CATALOG: CatalogEntry[] = [
  {
    factory: GitHub,
    id: "github",
    type: "oauth",
    checks: ["pkce", "state"],
    authorization: { url: "https://github.com/login/oauth/authorize", params: { scope: "read:user user:email" } },
    token: "https://github.com/login/oauth/access_token",
    userinfo: "https://api.github.com/user",
    fixture: { ...F.GITHUB_USER, email: "octocat@github.com" },
    user: { id: "583231", name: "The Octocat", email: "octocat@github.com", image: F.GITHUB_USER.avatar_url },
  },
  {
    factory: Google,
    id: "google",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    issuer: "https://accounts.google.com",
    fixture: F.GOOGLE_CLAIMS,
    user: { id: F.GOOGLE_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: F.GOOGLE_CLAIMS.picture },
  },
  {
    factory: Apple,
    id: "apple",
    type: "oidc",
    checks: ["state", "nonce"],
    auth: "client_secret_post",
    issuer: "https://appleid.apple.com",
    params: { scope: "name email", response_mode: "form_post" },
    fixture: { ...F.APPLE_CLAIMS, user: F.APPLE_USER_FIELD },
    user: { id: F.APPLE_CLAIMS.sub, name: "Ada Lovelace", email: F.APPLE_CLAIMS.email, image: null },
  },
  {
    factory: MicrosoftEntraID,
    id: "microsoft-entra-id",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    params: { scope: "openid profile email User.Read" },
    fixture: F.ENTRA_CLAIMS,
    user: { id: F.ENTRA_CLAIMS.sub, name: "Ada Lovelace", email: "Ada@Contoso.com", image: null },
  },
  {
    factory: Discord,
    id: "discord",
    type: "oauth",
    checks: ["pkce", "state"],
    authorization: { url: "https://discord.com/oauth2/authorize", params: { scope: "identify email" } },
    token: "https://discord.com/api/oauth2/token",
    userinfo: "https://discord.com/api/users/@me",
    fixture: F.DISCORD_USER,
    user: {
      id: "80351110224678912",
      name: "Nelly",
      email: "nelly@discord.com",
      image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
    },
  },
  {
    factory: GitLab,
    id: "gitlab",
    type: "oauth",
    checks: ["pkce", "state"],
    authorization: { url: "https://gitlab.com/oauth/authorize", params: { scope: "read_user" } },
    token: "https://gitlab.com/oauth/token",
    userinfo: "https://gitlab.com/api/v4/user",
    fixture: F.GITLAB_USER,
    user: { id: "1", name: "John Smith", email: "john@example.com", image: F.GITLAB_USER.avatar_url },
  },
  {
    factory: Facebook,
    id: "facebook",
    type: "oauth",
    checks: ["pkce", "state"],
    authorization: { url: "https://www.facebook.com/v19.0/dialog/oauth", params: { scope: "email" } },
    token: "https://graph.facebook.com/v19.0/oauth/access_token",
    userinfo: "https://graph.facebook.com/v19.0/me?fields=id%2Cname%2Cemail%2Cpicture",
    fixture: F.FACEBOOK_USER,
    user: { id: F.FACEBOOK_USER.id, name: "Ada Lovelace", email: "ada@example.com", image: F.FACEBOOK_USER.picture.data.url },
  },
  {
    factory: LinkedIn,
    id: "linkedin",
    type: "oidc",
    checks: ["state"],
    auth: "client_secret_post",
    issuer: "https://www.linkedin.com/oauth",
    fixture: F.LINKEDIN_CLAIMS,
    user: { id: "782bbtaQ", name: "John Doe", email: "doe@email.com", image: F.LINKEDIN_CLAIMS.picture },
  },
  {
    factory: Slack,
    id: "slack",
    type: "oidc",
    checks: ["nonce", "state"],
    issuer: "https://slack.com",
    fixture: F.SLACK_CLAIMS,
    user: { id: "U0R7JM", name: "krane", email: "krane@slack-corp.com", image: F.SLACK_CLAIMS.picture },
  },
  {
    factory: Auth0,
    id: "auth0",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    fixture: F.AUTH0_CLAIMS,
    user: { id: F.AUTH0_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: F.AUTH0_CLAIMS.picture },
  },
  {
    factory: Okta,
    id: "okta",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    fixture: F.OKTA_CLAIMS,
    user: { id: F.OKTA_CLAIMS.sub, name: "John Doe", email: "john.doe@example.com", image: undefined },
  },
  {
    factory: Keycloak,
    id: "keycloak",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    fixture: F.KEYCLOAK_CLAIMS,
    user: { id: F.KEYCLOAK_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: undefined },
  },
  {
    factory: Cognito,
    id: "cognito",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    fixture: F.COGNITO_CLAIMS,
    user: { id: F.COGNITO_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: undefined },
  },
  {
    factory: Twitch,
    id: "twitch",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    auth: "client_secret_post",
    issuer: "https://id.twitch.tv/oauth2",
    params: { scope: "openid user:read:email", claims: { id_token: { email: null, email_verified: null, picture: null, preferred_username: null } } },
    fixture: F.TWITCH_CLAIMS,
    user: { id: "713936733", name: "middleditch", email: "middleditch@example.com", image: F.TWITCH_CLAIMS.picture },
  },
  {
    factory: Spotify,
    id: "spotify",
    type: "oauth",
    checks: ["pkce", "state"],
    authorization: { url: "https://accounts.spotify.com/authorize", params: { scope: "user-read-email" } },
    token: "https://accounts.spotify.com/api/token",
    userinfo: "https://api.spotify.com/v1/me",
    fixture: F.SPOTIFY_USER,
    user: { id: "wizzler", name: "JM Wizzler", email: "email@example.com", image: F.SPOTIFY_USER.images[0]!.url },
  },
  {
    factory: Reddit,
    id: "reddit",
    type: "oauth",
    checks: ["state"],
    authorization: { url: "https://www.reddit.com/api/v1/authorize", params: { scope: "identity" } },
    token: "https://www.reddit.com/api/v1/access_token",
    userinfo: "https://oauth.reddit.com/api/v1/me",
    fixture: F.REDDIT_USER,
    user: {
      id: "1w72",
      name: "spez",
      email: null,
      image: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_snoo.png?width=256&height=256&crop=256:256,smart&s=6f0a",
    },
  },
  {
    factory: Zoom,
    id: "zoom",
    type: "oauth",
    checks: ["pkce", "state"],
    authorization: { url: "https://zoom.us/oauth/authorize", params: { scope: "" } },
    token: "https://zoom.us/oauth/token",
    userinfo: "https://api.zoom.us/v2/users/me",
    fixture: F.ZOOM_USER,
    user: { id: F.ZOOM_USER.id, name: "Jill Chill", email: "jchill@example.com", image: F.ZOOM_USER.pic_url },
  },
  {
    factory: Dropbox,
    id: "dropbox",
    type: "oauth",
    checks: ["pkce", "state"],
    authorization: { url: "https://www.dropbox.com/oauth2/authorize", params: { token_access_type: "offline", scope: "account_info.read" } },
    token: "https://api.dropboxapi.com/oauth2/token",
    userinfo: "https://api.dropboxapi.com/2/users/get_current_account",
    fixture: F.DROPBOX_ACCOUNT,
    user: { id: F.DROPBOX_ACCOUNT.account_id, name: "Franz Ferdinand (Personal)", email: "franz@dropbox.com", image: F.DROPBOX_ACCOUNT.profile_photo_url },
  },
  {
    factory: Atlassian,
    id: "atlassian",
    type: "oauth",
    checks: ["state"],
    auth: "client_secret_post",
    authorization: { url: "https://auth.atlassian.com/authorize", params: { audience: "api.atlassian.com", scope: "read:me", prompt: "consent" } },
    token: "https://auth.atlassian.com/oauth/token",
    userinfo: "https://api.atlassian.com/me",
    fixture: F.ATLASSIAN_ME,
    user: { id: F.ATLASSIAN_ME.account_id, name: "Mia Krystof", email: "mia@example.com", image: F.ATLASSIAN_ME.picture },
  },
  {
    factory: Bitbucket,
    id: "bitbucket",
    type: "oauth",
    checks: ["pkce", "state"],
    authorization: { url: "https://bitbucket.org/site/oauth2/authorize", params: { scope: "account email" } },
    token: "https://bitbucket.org/site/oauth2/access_token",
    userinfo: "https://api.bitbucket.org/2.0/user",
    fixture: { ...F.BITBUCKET_USER, email: "ada@example.com" },
    user: { id: F.BITBUCKET_USER.account_id, name: "Ada Lovelace", email: "ada@example.com", image: F.BITBUCKET_USER.links.avatar.href },
  },
  {
    factory: Notion,
    id: "notion",
    type: "oauth",
    checks: ["pkce", "state"],
    authorization: { url: "https://api.notion.com/v1/oauth/authorize", params: { owner: "user", scope: "" } },
    token: "https://api.notion.com/v1/oauth/token",
    userinfo: "https://api.notion.com/v1/users/me",
    fixture: F.NOTION_OWNER,
    user: { id: F.NOTION_OWNER.id, name: "Ada Lovelace", email: "ada@example.com", image: F.NOTION_OWNER.avatar_url },
  },
  {
    factory: Salesforce,
    id: "salesforce",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    issuer: "https://login.salesforce.com",
    fixture: F.SALESFORCE_USERINFO,
    user: { id: F.SALESFORCE_USERINFO.sub, name: "Ada Lovelace", email: "ada@example.com", image: F.SALESFORCE_USERINFO.picture },
  },
  {
    factory: Zitadel,
    id: "zitadel",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    fixture: F.ZITADEL_CLAIMS,
    user: { id: F.ZITADEL_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: undefined },
  },
  {
    factory: Authentik,
    id: "authentik",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    fixture: F.AUTHENTIK_CLAIMS,
    user: { id: F.AUTHENTIK_CLAIMS.sub, name: "Ada Lovelace", email: "ada@example.com", image: undefined },
  },
  {
    factory: Twitter,
    id: "twitter",
    type: "oauth",
    checks: ["pkce", "state"],
    authorization: { url: "https://x.com/i/oauth2/authorize", params: { scope: "users.read tweet.read offline.access" } },
    token: "https://api.x.com/2/oauth2/token",
    userinfo: "https://api.x.com/2/users/me?user.fields=profile_image_url",
    fixture: F.X_USER,
    user: { id: "2244994945", name: "Developers", email: null, image: F.X_USER.data.profile_image_url },
  },
]

it("has at least 25 providers, ids unique", () => {
  expect(CATALOG.length).toBeGreaterThanOrEqual(25)
  expect(new Set(CATALOG.map((entry) => entry.id)).size).toBe(CATALOG.length)
})

describeCatalog(CATALOG)
