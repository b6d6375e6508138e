/**
 * Sign in with GitHub (OAuth 2.0 authorization code, OAuth apps and GitHub
 * apps): https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
 *
 * - Callback URL to register: `{origin}{basePath}/callback/github`.
 * - Environment: `AUTH_GITHUB_ID`, `AUTH_GITHUB_SECRET`.
 * - Scopes: `read:user user:email`.
 * - Checks: PKCE (S256) and `state` (GitHub supports both; `@auth/core`
 *   sends PKCE only).
 * - A user whose e-mail is private has `email: null` on `GET /user`; the
 *   address is then read from `GET /user/emails` (needs `user:email`): the
 *   primary address when it is verified, else the first verified one, never
 *   an unverified one (`@auth/core` takes the primary or the first,
 *   verified or not).
 * - GitHub does not document the public e-mail of `GET /user` as verified,
 *   so `GET /user/emails` is read for it too: the profile's `email_verified`
 *   (added by Latchkey) is true only for an address found verified there,
 *   and `isEmailVerified` reads it (docs/account-linking.md).
 * - GitHub Enterprise Server: `enterprise: { baseUrl: "https://github.example.com" }`.
 *
 * @example
 * ```ts
 * import GitHub from "@latchkey/core/providers/github"
 * const providers = [GitHub({ clientId: process.env.AUTH_GITHUB_ID, clientSecret: process.env.AUTH_GITHUB_SECRET })]
 * ```
 * @module providers/github
 */
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** One entry of `GET /user/emails` (https://docs.github.com/en/rest/users/emails). */
export interface GitHubEmail {
  email: string
  primary: boolean
  verified: boolean
  visibility: "public" | "private" | null
}

/** `GET /user` for the signed-in user (https://docs.github.com/en/rest/users/users#get-the-authenticated-user). */
export interface GitHubProfile extends Record<string, any> {
  login: string
  /** Numeric; the account's id (`providerAccountId`) is its decimal string. */
  id: number
  node_id: string
  avatar_url: string
  gravatar_id: string | null
  url: string
  html_url: string
  type: string
  site_admin: boolean
  name: string | null
  company: string | null
  blog: string | null
  location: string | null
  /** The public e-mail, or (after the `/user/emails` lookup) the verified primary one. */
  email: string | null
  /**
   * Added by Latchkey, not sent by GitHub: whether `email` is a verified
   * entry of `GET /user/emails` (false when that list could not be read).
   */
  email_verified?: boolean
  hireable: boolean | null
  bio: string | null
  twitter_username?: string | null
  public_repos: number
  public_gists: number
  followers: number
  following: number
  created_at: string
  updated_at: string
  private_gists?: number
  total_private_repos?: number
  owned_private_repos?: number
  two_factor_authentication?: boolean
}

/** Options of the GitHub provider beyond the common OAuth ones. */
export interface GitHubOptions extends OAuthUserConfig<GitHubProfile> {
  /** GitHub Enterprise Server: its base URL, e.g. `https://github.example.com`. */
  enterprise?: { baseUrl?: string }
}

const API_VERSION = "2022-11-28"

/** The verified address to use from GitHub's list: the primary one if verified, else the first verified one. */
export function pickGitHubEmail(emails: unknown): string | null {
  if (!Array.isArray(emails)) return null
  const verified = emails.filter(
    (entry): entry is GitHubEmail => typeof entry === "object" && entry !== null && entry.verified === true && typeof entry.email === "string",
  )
  return (verified.find((entry) => entry.primary) ?? verified[0])?.email ?? null
}

/**
 * The address to use and whether it is verified: the public e-mail of
 * `GET /user` when there is one (verified only when `emails` lists it as
 * verified), else {@link pickGitHubEmail}'s choice, verified by construction.
 * `emails` is `GET /user/emails`, or undefined when it could not be read.
 */
export function gitHubEmail(publicEmail: unknown, emails: unknown): { email: string | null; verified: boolean } {
  if (typeof publicEmail === "string" && publicEmail) {
    const wanted = publicEmail.toLowerCase()
    const verified =
      Array.isArray(emails) &&
      emails.some(
        (entry) =>
          typeof entry === "object" && entry !== null && entry.verified === true && typeof entry.email === "string" && entry.email.toLowerCase() === wanted,
      )
    return { email: publicEmail, verified }
  }
  const picked = pickGitHubEmail(emails)
  return { email: picked, verified: picked !== null }
}

/** `GET /user`, then `GET /user/emails`: to find a private address, and to tell whether the address is verified. */
async function requestGitHubUser(context: UserinfoRequestContext): Promise<GitHubProfile> {
  const headers = { "x-github-api-version": API_VERSION }
  const userUrl = userinfoUrl(context.provider, "https://api.github.com/user")
  const profile = (await requestProviderJson(context, userUrl, { headers })) as GitHubProfile
  if (typeof profile !== "object" || profile === null || Array.isArray(profile)) return profile
  // GitHub's layout: the list lives under the user resource (`/user/emails`).
  const emailsUrl = new URL(userUrl)
  emailsUrl.pathname = `${emailsUrl.pathname.replace(/\/+$/, "")}/emails`
  emailsUrl.search = ""
  let emails: unknown
  try {
    emails = await requestProviderJson(context, emailsUrl.href, { headers })
  } catch {
    // Without the user:email scope the list is refused: no private address, and the public one stays unverified.
    emails = undefined
  }
  const { email, verified } = gitHubEmail(profile.email, emails)
  profile.email = email
  profile.email_verified = verified
  return profile
}

/**
 * The GitHub provider. Profile: `id` = the numeric id as a string, `name` =
 * `name` or `login`, `email` as above, `image` = `avatar_url`.
 */
export default function GitHub(options: GitHubOptions = {}): OAuthConfig<GitHubProfile> {
  const baseUrl = (options.enterprise?.baseUrl ?? "https://github.com").replace(/\/+$/, "")
  const apiUrl = options.enterprise?.baseUrl ? `${baseUrl}/api/v3` : "https://api.github.com"
  return {
    id: "github",
    name: "GitHub",
    type: "oauth",
    // Not discovered: GitHub has no discovery document. Kept as @auth/core sets it (the `iss` GitHub would send).
    issuer: `${baseUrl}/login/oauth`,
    authorization: { url: `${baseUrl}/login/oauth/authorize`, params: { scope: "read:user user:email" } },
    token: `${baseUrl}/login/oauth/access_token`,
    userinfo: { url: `${apiUrl}/user`, request: requestGitHubUser },
    checks: ["pkce", "state"],
    profile(profile) {
      return {
        id: String(profile.id),
        name: profile.name ?? profile.login,
        email: profile.email,
        image: profile.avatar_url,
      }
    },
    // Set by requestGitHubUser from GET /user/emails.
    isEmailVerified: (profile) => profile.email_verified === true,
    style: { bg: "#24292f", text: "#ffffff" },
    options,
  }
}
