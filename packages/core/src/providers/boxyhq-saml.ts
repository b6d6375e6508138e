/**
 * Sign in with SAML single sign-on through BoxyHQ SAML Jackson, which
 * turns a customer's SAML identity provider into OAuth 2.0:
 * https://boxyhq.com/docs/jackson/sso-flow
 *
 * - Callback URL to register (the "Allowed redirect URLs" of Jackson and
 *   the connection's `redirectUrl`): `{origin}{basePath}/callback/boxyhq-saml`.
 * - Environment: `AUTH_BOXYHQ_SAML_ID`, `AUTH_BOXYHQ_SAML_SECRET`,
 *   `AUTH_BOXYHQ_SAML_ISSUER`.
 * - `issuer`: Jackson's base URL, e.g. `https://jackson.example.com`; the
 *   endpoints are `{issuer}/api/oauth/authorize`, `/api/oauth/token` and
 *   `/api/oauth/userinfo` (so `issuer` must be given to the factory, or the
 *   factory passed uncalled so that `setEnvDefaults` gives it).
 * - The authorization request carries `provider=saml` and an empty `scope`
 *   (the OAuth 2.0 flow; `openid` would ask Jackson for an ID token, which
 *   needs its OpenID signing keys); pick the connection
 *   with `tenant` and `product` (or the `client_id` Jackson issued for it),
 *   e.g. `signIn("boxyhq-saml", {}, { tenant, product })`.
 * - Checks: PKCE and `state` (Jackson verifies the PKCE verifier).
 * - Client authentication: `client_secret_post` (Jackson reads the client
 *   id and secret from the token request's body; Basic only in later
 *   versions). Its errors come as plain text with an HTTP error status,
 *   which ends the sign-in with `OAuthCallbackError`.
 * - `isEmailVerified: false`: the address is what the customer's SAML
 *   identity provider asserted; Jackson does not verify it
 *   (docs/account-linking.md).
 *
 * @module providers/boxyhq-saml
 */
import { userFrom } from "./lib/standard-profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** Jackson's `GET /api/oauth/userinfo` (https://boxyhq.com/docs/jackson/sso-flow#3-fetch-user-profile). */
export interface BoxyHQSAMLProfile extends Record<string, any> {
  /** The user's id at the SAML identity provider (its NameID). */
  id: string
  email: string
  firstName?: string
  lastName?: string
  roles?: string[]
  groups?: string[]
  /** The authorization request's `tenant`, `product`, … */
  requested?: Record<string, string>
  /** Every attribute of the SAML assertion. */
  raw?: Record<string, unknown>
}

/** Jackson's endpoints under `issuer`, or none without one. */
function jacksonEndpoints(issuer: string | undefined): Pick<OAuthConfig<BoxyHQSAMLProfile>, "authorization" | "token" | "userinfo"> {
  // An empty scope: with `openid` Jackson answers as an OpenID Provider, which needs signing keys configured there.
  const authorization = { params: { provider: "saml", scope: "" } }
  if (!issuer) return { authorization }
  const base = issuer.replace(/\/+$/, "")
  return {
    authorization: { url: `${base}/api/oauth/authorize`, ...authorization },
    token: `${base}/api/oauth/token`,
    userinfo: `${base}/api/oauth/userinfo`,
  }
}

/**
 * The BoxyHQ SAML provider. Profile: `id`, `name` = "firstName lastName"
 * (null without either), `email`, `image` = null.
 */
export default function BoxyHQSAML(options: OAuthUserConfig<BoxyHQSAMLProfile> = {}): OAuthConfig<BoxyHQSAMLProfile> {
  return {
    id: "boxyhq-saml",
    name: "BoxyHQ SAML",
    type: "oauth",
    ...jacksonEndpoints(options.issuer),
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ")
      return userFrom({ id: profile.id, name, email: profile.email, image: null })
    },
    isEmailVerified: false,
    style: { bg: "#25c2a0", text: "#000000" },
    options,
  }
}
