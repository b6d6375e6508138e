/**
 * Sign in with GitLab (OAuth 2.0), on gitlab.com or a self-managed instance:
 * https://docs.gitlab.com/api/oauth2/
 *
 * - Callback URL to register: `{origin}{basePath}/callback/gitlab`.
 * - Environment: `AUTH_GITLAB_ID`, `AUTH_GITLAB_SECRET`.
 * - Scopes: `read_user`.
 * - Checks: PKCE and `state`.
 * - Self-managed GitLab: `baseUrl: "https://gitlab.example.com"`.
 *
 * @module providers/gitlab
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET /api/v4/user` (https://docs.gitlab.com/api/users/#for-normal-users-1). */
export interface GitLabProfile extends Record<string, any> {
  id: number
  username: string
  name: string
  email: string
  state: string
  avatar_url: string
  web_url: string
  created_at: string
  bio: string
  location?: string
  public_email: string
  website_url: string
  organization: string
  job_title: string
  pronouns?: string
  bot: boolean
  locked?: boolean
  confirmed_at?: string
  last_sign_in_at?: string
  two_factor_enabled: boolean
  external: boolean
  private_profile: boolean
  commit_email?: string
}

/** Options of the GitLab provider beyond the common OAuth ones. */
export interface GitLabOptions extends OAuthUserConfig<GitLabProfile> {
  /** A self-managed instance; default `https://gitlab.com`. */
  baseUrl?: string | URL
}

/**
 * The GitLab provider. Profile: `id` = the numeric id as a string, `name` =
 * `name` or `username`, `email`, `image` = `avatar_url`.
 */
export default function GitLab(options: GitLabOptions = {}): OAuthConfig<GitLabProfile> {
  const base = String(options.baseUrl ?? "https://gitlab.com").replace(/\/+$/, "")
  return {
    id: "gitlab",
    name: "GitLab",
    type: "oauth",
    authorization: { url: `${base}/oauth/authorize`, params: { scope: "read_user" } },
    token: `${base}/oauth/token`,
    userinfo: `${base}/api/v4/user`,
    checks: ["pkce", "state"],
    profile(profile) {
      // `sub` first, as @auth/core: the same account id if the profile came from GitLab's OpenID userinfo.
      const id = (profile.sub as string | number | undefined) ?? profile.id
      return { id: String(id), name: profile.name ?? profile.username, email: profile.email, image: profile.avatar_url }
    },
    style: { bg: "#fc6d26", text: "#000000" },
    options,
  }
}
