/**
 * Sign in with Slack (OpenID Connect): https://api.slack.com/authentication/sign-in-with-slack
 *
 * - Callback URL to register (a "Redirect URL", https only):
 *   `{origin}{basePath}/callback/slack`.
 * - Environment: `AUTH_SLACK_ID`, `AUTH_SLACK_SECRET`.
 * - Issuer `https://slack.com`; scopes `openid profile email`.
 * - Checks: `nonce` and `state` (`@auth/core`: nonce only). No PKCE: Sign
 *   in with Slack does not document it for confidential clients.
 * - The workspace is in the `https://slack.com/team_id` claim: check it in
 *   the `signIn` callback to admit one workspace only.
 *
 * @module providers/slack
 */
import type { IdTokenClaims } from "./lib/oidc-defaults.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Claims of Slack's ID token (https://api.slack.com/authentication/sign-in-with-slack#response). */
export interface SlackProfile extends IdTokenClaims {
  aud: string
  "https://slack.com/user_id": string
  "https://slack.com/team_id": string
  "https://slack.com/team_name"?: string
  "https://slack.com/team_domain"?: string
  "https://slack.com/user_image_24"?: string
  "https://slack.com/user_image_48"?: string
  "https://slack.com/user_image_192"?: string
  "https://slack.com/user_image_512"?: string
  "https://slack.com/team_image_default"?: boolean
  email: string
  email_verified: boolean
  date_email_verified?: number
  name: string
  picture: string
  given_name?: string
  family_name?: string
  locale?: string
}

/**
 * The Slack provider. Profile: `id` = `sub`, `name`, `email`, `image` =
 * `picture`.
 */
export default function Slack(options: OIDCUserConfig<SlackProfile> = {}): OIDCConfig<SlackProfile> {
  return {
    id: "slack",
    name: "Slack",
    type: "oidc",
    issuer: "https://slack.com",
    checks: ["nonce", "state"],
    profile(profile) {
      return { id: profile.sub, name: profile.name, email: profile.email, image: profile.picture }
    },
    style: { bg: "#611f69", text: "#ffffff" },
    options,
  }
}
