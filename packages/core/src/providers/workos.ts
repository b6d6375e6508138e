/**
 * Sign in with WorkOS SSO (OAuth 2.0 in front of your customers' SAML and
 * OIDC identity providers): https://workos.com/docs/reference/sso
 *
 * - Callback URL to register (WorkOS dashboard → Redirects):
 *   `{origin}{basePath}/callback/workos`.
 * - Environment: `AUTH_WORKOS_ID` (the client id, `client_…`),
 *   `AUTH_WORKOS_SECRET` (the API key, `sk_…`).
 * - Which connection signs the user in: the `connection`, `organization` or
 *   `provider` option (one of them; WorkOS refuses a request with none), or
 *   the same name as an authorization parameter per sign-in
 *   (`signIn("workos", {}, { organization: "org_…" })`).
 * - `issuer`: the API's base URL, default `https://api.workos.com`.
 * - Scopes: none (an empty `scope` is sent so that no OpenID default is added).
 * - Client authentication `client_secret_post`.
 * - WorkOS's token response (`{ access_token, profile }`) has no
 *   `token_type`, which RFC 6749 §5.1 requires; `token.conform` adds
 *   `token_type: "bearer"` (the access token is a bearer token for
 *   `GET /sso/profile`).
 * - Checks: PKCE (WorkOS supports it since May 2024) and `state`
 *   (`@auth/core`: PKCE only).
 * - Profile from `GET /sso/profile`: `id`, `name` = "first last" (the parts
 *   present), `email`, `image` = the identity provider's `picture` attribute.
 * - WorkOS passes on the address the customer's identity provider asserted
 *   without verifying it: it never counts as verified (docs/account-linking.md).
 *
 * @module providers/workos
 */
import { instanceBase } from "./lib/instance-url.js"
import { addMissingBearerType } from "./lib/token-response.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** WorkOS's SSO Profile (https://workos.com/docs/reference/sso/profile). */
export interface WorkOSProfile extends Record<string, any> {
  object: "profile" | string
  id: string
  organization_id: string | null
  connection_id: string
  connection_type: string
  idp_id: string
  email: string
  first_name: string | null
  last_name: string | null
  role?: { slug: string } | null
  groups?: string[]
  custom_attributes?: Record<string, unknown>
  /** The identity provider's own attributes, as it sent them. */
  raw_attributes?: { picture?: string; [attribute: string]: unknown }
}

/** Options of the WorkOS provider beyond the common OAuth ones. */
export interface WorkOSOptions extends OAuthUserConfig<WorkOSProfile> {
  /** A connection id (`conn_…`): sign in through that connection. */
  connection?: string
  /** An organization id (`org_…`): sign in through that organization's connection. */
  organization?: string
  /** An OAuth provider of WorkOS, e.g. `"GoogleOAuth"`. */
  provider?: string
}

/**
 * Adds `token_type: "bearer"` to a successful WorkOS token response that
 * has an `access_token` but no `token_type`; `undefined` (unchanged) for
 * anything else.
 */
export function conformWorkOSTokenResponse(response: Response): Promise<Response | undefined> {
  return addMissingBearerType(response)
}

/**
 * The WorkOS provider. Profile: `id`, `name` = "first last", `email`,
 * `image` = `raw_attributes.picture` (null when absent).
 */
export default function WorkOS(options: WorkOSOptions = {}): OAuthConfig<WorkOSProfile> {
  const base = instanceBase("WorkOS", "issuer", options.issuer) ?? "https://api.workos.com"
  // An empty scope: WorkOS SSO has none, and the flow would otherwise add OpenID's default.
  const params: Record<string, string> = { scope: "" }
  for (const name of ["connection", "organization", "provider"] as const) {
    if (options[name]) params[name] = options[name]!
  }
  return {
    id: "workos",
    name: "WorkOS",
    type: "oauth",
    authorization: { url: `${base}/sso/authorize`, params },
    token: { url: `${base}/sso/token`, conform: conformWorkOSTokenResponse },
    userinfo: `${base}/sso/profile`,
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      const name = [profile.first_name, profile.last_name].filter((part) => typeof part === "string" && part).join(" ")
      const picture = profile.raw_attributes?.picture
      return { id: profile.id, name: name || null, email: profile.email ?? null, image: typeof picture === "string" ? picture : null }
    },
    // The address is the identity provider's assertion, which WorkOS does not verify.
    isEmailVerified: false,
    style: { bg: "#6363f1", text: "#ffffff" },
    options,
  }
}
