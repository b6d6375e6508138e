/**
 * Sign in with Atlassian (OAuth 2.0 "3LO" apps): https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/
 *
 * - Callback URL to register (the app's "Callback URL"):
 *   `{origin}{basePath}/callback/atlassian`.
 * - Environment: `AUTH_ATLASSIAN_ID`, `AUTH_ATLASSIAN_SECRET`.
 * - Scopes: `read:me`, with `audience=api.atlassian.com` and `prompt=consent`
 *   as Atlassian requires. Add `offline_access` for a refresh token.
 * - Client authentication: `client_secret_post` (Atlassian's token endpoint
 *   reads the secret from the body).
 * - Checks: `state` only: Atlassian's 3LO does not support PKCE for
 *   confidential apps.
 *
 * @module providers/atlassian
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `GET https://api.atlassian.com/me` (https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/#how-do-i-retrieve-the-public-profile-of-the-authenticated-user-). */
export interface AtlassianProfile extends Record<string, any> {
  account_type: string
  account_id: string
  email: string
  email_verified?: boolean
  name: string
  picture: string
  account_status: string
  nickname?: string
  zoneinfo?: string
  locale?: string
  extended_profile?: { job_title?: string; organization?: string; department?: string; location?: string }
}

/**
 * The Atlassian provider. Profile: `id` = `account_id`, `name`, `email`,
 * `image` = `picture`.
 */
export default function Atlassian(options: OAuthUserConfig<AtlassianProfile> = {}): OAuthConfig<AtlassianProfile> {
  return {
    id: "atlassian",
    name: "Atlassian",
    type: "oauth",
    authorization: {
      url: "https://auth.atlassian.com/authorize",
      params: { audience: "api.atlassian.com", scope: "read:me", prompt: "consent" },
    },
    token: "https://auth.atlassian.com/oauth/token",
    userinfo: "https://api.atlassian.com/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile) {
      return { id: profile.account_id, name: profile.name, email: profile.email, image: profile.picture }
    },
    style: { bg: "#0052cc", text: "#ffffff" },
    options,
  }
}
