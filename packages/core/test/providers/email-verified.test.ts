/**
 * Which catalog providers vouch for their e-mail addresses
 * (docs/account-linking.md, "Verified email addresses"): each provider's
 * `isEmailVerified` (or the default `email_verified` rule) applied to its
 * real profile shape (fixtures.ts), verified and not; GitHub's choice of a
 * verified address; and a GitHub sign-in through a stand-in whose public
 * address GitHub lists as unverified.
 */
import { describe, expect, it } from "vitest"
import { MemoryAdapter } from "../../src/adapters/memory.js"
import Apple from "../../src/providers/apple.js"
import Atlassian from "../../src/providers/atlassian.js"
import Auth0 from "../../src/providers/auth0.js"
import Bitbucket from "../../src/providers/bitbucket.js"
import Discord from "../../src/providers/discord.js"
import Dropbox from "../../src/providers/dropbox.js"
import Facebook from "../../src/providers/facebook.js"
import GitHub, { gitHubEmail } from "../../src/providers/github.js"
import GitLab from "../../src/providers/gitlab.js"
import Google from "../../src/providers/google.js"
import Keycloak from "../../src/providers/keycloak.js"
import { emailVerifiedClaim, isEmailVerifiedBy } from "../../src/providers/lib/email-verified.js"
import MicrosoftEntraID from "../../src/providers/microsoft-entra-id.js"
import Notion from "../../src/providers/notion.js"
import Reddit from "../../src/providers/reddit.js"
import Spotify from "../../src/providers/spotify.js"
import Twitch from "../../src/providers/twitch.js"
import Twitter from "../../src/providers/twitter.js"
import Zoom from "../../src/providers/zoom.js"
import { appConfig, browser, signIn } from "../oauth/app.js"
import type { OpenIdProvider } from "../support/openid-provider.js"
import { startProviderStandIn } from "../support/provider-standin.js"
import * as F from "./fixtures.js"

import { describeEmailVerification, type EmailVerifiedCase } from "./harness.js"

const CASES: EmailVerifiedCase[] = [
  { name: "Google (email_verified)", provider: Google(), verified: F.GOOGLE_CLAIMS, unverified: { ...F.GOOGLE_CLAIMS, email_verified: false }, expected: true },
  {
    name: 'Apple (email_verified "true")',
    provider: Apple(),
    verified: F.APPLE_CLAIMS,
    unverified: { ...F.APPLE_CLAIMS, email_verified: "false" },
    expected: true,
  },
  {
    name: "Auth0 (email_verified)",
    provider: Auth0({ issuer: "https://tenant.example" }),
    verified: F.AUTH0_CLAIMS,
    unverified: { ...F.AUTH0_CLAIMS, email_verified: false },
    expected: true,
  },
  {
    name: "Keycloak (email_verified)",
    provider: Keycloak({ issuer: "https://kc.example/realms/r" }),
    verified: F.KEYCLOAK_CLAIMS,
    unverified: { ...F.KEYCLOAK_CLAIMS, email_verified: undefined },
    expected: true,
  },
  { name: "Twitch (email_verified)", provider: Twitch(), verified: F.TWITCH_CLAIMS, unverified: { ...F.TWITCH_CLAIMS, email_verified: false }, expected: true },
  {
    name: "Dropbox (email_verified)",
    provider: Dropbox(),
    verified: F.DROPBOX_ACCOUNT,
    unverified: { ...F.DROPBOX_ACCOUNT, email_verified: false },
    expected: true,
  },
  { name: "Discord (verified)", provider: Discord(), verified: F.DISCORD_USER, unverified: { ...F.DISCORD_USER, verified: false }, expected: true },
  { name: "Zoom (verified: 1)", provider: Zoom(), verified: F.ZOOM_USER, unverified: { ...F.ZOOM_USER, verified: 0 }, expected: true },
  {
    name: "Bitbucket (confirmed addresses only)",
    provider: Bitbucket(),
    verified: { ...F.BITBUCKET_USER, email: "ada@example.com" },
    unverified: { ...F.BITBUCKET_USER, email: null },
    expected: true,
  },
  {
    name: "GitHub (email_verified from /user/emails)",
    provider: GitHub(),
    verified: { ...F.GITHUB_USER, email: "octocat@github.com", email_verified: true },
    unverified: { ...F.GITHUB_USER, email: "octocat@github.com", email_verified: false },
    expected: true,
  },
  {
    name: "X, OAuth 2.0 (confirmed_email)",
    provider: Twitter({ includeEmail: true }),
    verified: F.X_USER_WITH_EMAIL,
    unverified: { data: { ...F.X_USER.data, email: "devs@x.example" } },
    expected: true,
  },
  {
    name: "X, OAuth 1.0a (verified addresses only)",
    provider: Twitter({ version: "1.0a" }) as never,
    verified: { data: { ...F.X_USER.data, email: "devs@x.example" } },
    expected: true,
  },
  // Never verified: nothing in the profile can make them so.
  {
    name: "Microsoft Entra ID (email claim unverified)",
    provider: MicrosoftEntraID({ tenantId: "common" }),
    verified: { ...F.ENTRA_CLAIMS, email: "ada@example.com", email_verified: true },
    expected: false,
  },
  { name: "Spotify (does not verify)", provider: Spotify(), verified: { ...F.SPOTIFY_USER, email_verified: true }, expected: false },
  // Nothing declared and no claim: unverified.
  { name: "Facebook (no statement)", provider: Facebook(), verified: F.FACEBOOK_USER, expected: false },
  { name: "GitLab (no statement)", provider: GitLab(), verified: F.GITLAB_USER, expected: false },
  { name: "Notion (no statement)", provider: Notion(), verified: F.NOTION_OWNER, expected: false },
  { name: "Atlassian (no claim in /me)", provider: Atlassian(), verified: F.ATLASSIAN_ME, expected: false },
  { name: "Reddit (no address at all)", provider: Reddit(), verified: F.REDDIT_USER, expected: false },
]

describeEmailVerification(CASES)

describe("the default rule (OpenID Connect Core 1.0 §5.1 email_verified)", () => {
  it('accepts true and the string "true", nothing else', () => {
    for (const claim of [true, "true"]) expect(emailVerifiedClaim({ email_verified: claim })).toBe(true)
    for (const claim of [false, "false", "TRUE", 1, "1", null, undefined, {}]) expect(emailVerifiedClaim({ email_verified: claim })).toBe(false)
  })

  it("vouches only for the address of the email claim, compared case-insensitively, and never for no address", () => {
    const profile = { email: "Ada@Example.com", email_verified: true }
    expect(isEmailVerifiedBy(undefined, profile, "ada@example.com")).toBe(true)
    expect(isEmailVerifiedBy(undefined, profile, "someone@else.example")).toBe(false)
    expect(isEmailVerifiedBy(undefined, { email_verified: true }, "ada@example.com")).toBe(false)
    for (const email of [null, undefined, ""]) expect(isEmailVerifiedBy(true, profile, email)).toBe(false)
  })

  it("lets a function decide, counting only a return of true", () => {
    const profile = { email: "ada@example.com", email_verified: true }
    expect(isEmailVerifiedBy(() => true, {}, "ada@example.com")).toBe(true)
    expect(isEmailVerifiedBy(() => "yes" as never, profile, "ada@example.com")).toBe(false)
    expect(isEmailVerifiedBy(() => false, profile, "ada@example.com")).toBe(false)
  })
})

describe("GitHub's address", () => {
  it("a public address is verified only when /user/emails lists it verified", () => {
    expect(gitHubEmail("Octocat@github.com", F.GITHUB_EMAILS)).toEqual({ email: "Octocat@github.com", verified: true })
    expect(gitHubEmail("old@example.com", F.GITHUB_EMAILS)).toEqual({ email: "old@example.com", verified: false })
    expect(gitHubEmail("elsewhere@example.com", F.GITHUB_EMAILS)).toEqual({ email: "elsewhere@example.com", verified: false })
    expect(gitHubEmail("octocat@github.com", undefined)).toEqual({ email: "octocat@github.com", verified: false })
  })

  it("a private address comes from the verified entries, else there is none", () => {
    expect(gitHubEmail(null, F.GITHUB_EMAILS)).toEqual({ email: "Octocat@GitHub.com", verified: true })
    expect(gitHubEmail(null, [{ email: "old@example.com", primary: true, verified: false, visibility: null }])).toEqual({ email: null, verified: false })
    expect(gitHubEmail(null, undefined)).toEqual({ email: null, verified: false })
  })

  it("signs in with an unverified public address as a user whose emailVerified is null; a verified one sets it", async () => {
    const token = { path: "/login/oauth/access_token", reply: { json: { access_token: "gho_x", token_type: "bearer", scope: "read:user,user:email" } } }
    for (const [address, expected] of [
      ["old@example.com", null],
      ["octocat@github.com", expect.any(Date)],
    ] as const) {
      const standIn = await startProviderStandIn({
        authorize: { path: "/login/oauth/authorize" },
        token,
        routes: [
          { path: "/user", reply: { json: { ...F.GITHUB_USER, email: address } } },
          { path: "/user/emails", reply: { json: F.GITHUB_EMAILS } },
        ],
      })
      try {
        const adapter = MemoryAdapter()
        const provider = GitHub({
          clientId: "catalog-client",
          clientSecret: "catalog-secret",
          authorization: { url: standIn.endpoint("/login/oauth/authorize") },
          token: standIn.endpoint(token.path),
          userinfo: { url: standIn.endpoint("/user") },
        })
        const config = appConfig([provider as unknown as Record<string, unknown>], { adapter })
        await signIn(browser(config), standIn as unknown as OpenIdProvider, "github")
        expect(config.log.errors).toEqual([])
        expect(await adapter.getUserByAccount({ provider: "github", providerAccountId: String(F.GITHUB_USER.id) })).toMatchObject({
          email: address,
          emailVerified: expected,
        })
      } finally {
        await standIn.close()
      }
    }
  })
})
