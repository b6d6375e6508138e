/**
 * Sign in with Eventbrite (OAuth 2.0): https://www.eventbrite.com/platform/docs/authentication
 *
 * - Callback URL to register (the API key's "OAuth Redirect URI"):
 *   `{origin}{basePath}/callback/eventbrite`.
 * - Environment: `AUTH_EVENTBRITE_ID` (the API key), `AUTH_EVENTBRITE_SECRET`
 *   (the client secret).
 * - Scopes: `user.profile`, as `@auth/core` sends (Eventbrite grants the
 *   whole API to the token whatever is asked).
 * - Client authentication: `client_secret_post`.
 * - Checks: PKCE and `state` (`@auth/core`: PKCE only). Eventbrite
 *   documents neither; both are sent, and `state` is checked on return.
 * - Profile from `GET https://www.eventbriteapi.com/v3/users/me/`; the
 *   address is the `primary` entry of `emails`.
 * - The address counts as verified when that entry's `verified` is true
 *   (`isEmailVerified`; docs/account-linking.md).
 *
 * @module providers/eventbrite
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** One address of an Eventbrite user. */
export interface EventbriteEmail {
  email: string
  verified: boolean
  primary: boolean
}

/** `GET /v3/users/me/` (https://www.eventbrite.com/platform/api#/reference/user). */
export interface EventbriteProfile extends Record<string, any> {
  id: string
  name: string
  first_name: string
  last_name: string
  emails: EventbriteEmail[]
  is_public?: boolean
  image_id: string | null
}

/** The primary entry of an Eventbrite user's `emails`, if any. */
export function primaryEventbriteEmail(profile: Pick<EventbriteProfile, "emails">): EventbriteEmail | undefined {
  if (!Array.isArray(profile.emails)) return undefined
  return profile.emails.find((entry) => typeof entry === "object" && entry !== null && entry.primary === true && typeof entry.email === "string")
}

/** The picture URL Eventbrite's image service serves for an `image_id`. */
export function eventbriteImageUrl(imageId: unknown): string | null {
  if (typeof imageId !== "string" || !/^[\w-]+$/.test(imageId)) return null
  const original = `https://cdn.evbuc.com/images/${imageId}/1/original.jpg`
  return `https://img.evbuc.com/${encodeURIComponent(original)}`
}

/**
 * The Eventbrite provider. Profile: `id`, `name`, `email` = the primary
 * address, `image` from `image_id`.
 */
export default function Eventbrite(options: OAuthUserConfig<EventbriteProfile> = {}): OAuthConfig<EventbriteProfile> {
  return {
    id: "eventbrite",
    name: "Eventbrite",
    type: "oauth",
    authorization: { url: "https://www.eventbrite.com/oauth/authorize", params: { scope: "user.profile" } },
    token: "https://www.eventbrite.com/oauth/token",
    userinfo: "https://www.eventbriteapi.com/v3/users/me/",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile) {
      const name = profile.name || [profile.first_name, profile.last_name].filter(Boolean).join(" ") || null
      return { id: profile.id, name, email: primaryEventbriteEmail(profile)?.email ?? null, image: eventbriteImageUrl(profile.image_id) }
    },
    // The `verified` of the primary address, the one profile() returns.
    isEmailVerified: (profile) => primaryEventbriteEmail(profile)?.verified === true,
    style: { bg: "#f05537", text: "#000000" },
    options,
  }
}
