/**
 * Sign in with LinkedIn (OpenID Connect, "Sign In with LinkedIn using
 * OpenID Connect"): https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2
 *
 * - Callback URL to register: `{origin}{basePath}/callback/linkedin`.
 * - Environment: `AUTH_LINKEDIN_ID`, `AUTH_LINKEDIN_SECRET`.
 * - Issuer `https://www.linkedin.com/oauth`; scopes `openid profile email`.
 * - Client authentication: `client_secret_post` (LinkedIn's token endpoint
 *   reads the secret from the body).
 * - Checks: `state` only: LinkedIn offers PKCE to native apps only, and its
 *   ID tokens are not documented to echo a `nonce`.
 *
 * @module providers/linkedin
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** LinkedIn's ID token / userinfo claims. */
export interface LinkedInProfile extends Record<string, any> {
  sub: string
  name: string
  given_name: string
  family_name: string
  picture?: string
  locale?: string | { country: string; language: string }
  email?: string
  email_verified?: boolean
}

/**
 * The LinkedIn provider. Profile: `id` = `sub`, `name`, `email`, `image` =
 * `picture`.
 */
export default function LinkedIn(options: OIDCUserConfig<LinkedInProfile> = {}): OIDCConfig<LinkedInProfile> {
  return {
    id: "linkedin",
    name: "LinkedIn",
    type: "oidc",
    issuer: "https://www.linkedin.com/oauth",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile) {
      return { id: profile.sub, name: profile.name, email: profile.email, image: profile.picture }
    },
    style: { bg: "#006699", text: "#ffffff" },
    options,
  }
}
