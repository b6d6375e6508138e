/**
 * Sign in with Facebook (Facebook Login, manual flow):
 * https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow
 *
 * - Callback URL to register ("Valid OAuth Redirect URIs"):
 *   `{origin}{basePath}/callback/facebook`.
 * - Environment: `AUTH_FACEBOOK_ID`, `AUTH_FACEBOOK_SECRET`.
 * - Scopes: `email` (plus `public_profile`, which Facebook always grants).
 * - Checks: PKCE and `state`.
 * - Profile from the Graph API `GET /me?fields=id,name,email,picture`; ask
 *   for more with `userinfo: { params: { fields: "id,name,email,picture.width(400)" } }`.
 * - `email` is missing for accounts registered with a phone number only.
 *
 * @module providers/facebook
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The Graph API user with the default fields (https://developers.facebook.com/docs/graph-api/reference/user). */
export interface FacebookProfile extends Record<string, any> {
  /** App-scoped user id. */
  id: string
  name: string
  email?: string
  picture?: { data: { url: string; height?: number; width?: number; is_silhouette?: boolean } }
}

const GRAPH_VERSION = "v19.0"

/**
 * The Facebook provider. Profile: `id`, `name`, `email`, `image` =
 * `picture.data.url`.
 */
export default function Facebook(options: OAuthUserConfig<FacebookProfile> = {}): OAuthConfig<FacebookProfile> {
  return {
    id: "facebook",
    name: "Facebook",
    type: "oauth",
    authorization: { url: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`, params: { scope: "email" } },
    token: `https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token`,
    userinfo: { url: `https://graph.facebook.com/${GRAPH_VERSION}/me`, params: { fields: "id,name,email,picture" } },
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: profile.id, name: profile.name, email: profile.email ?? null, image: profile.picture?.data?.url ?? null }
    },
    style: { bg: "#006aff", text: "#ffffff" },
    options,
  }
}
