/**
 * Sign in with Mastodon (OAuth 2.0), on the server (instance) you name:
 * https://docs.joinmastodon.org/spec/oauth/
 *
 * - `issuer` (required): the instance's URL, e.g. `https://mastodon.social`.
 *   Mastodon has no central server: an app (client id and secret) is
 *   registered on one instance (Preferences → Development, or
 *   `POST /api/v1/apps`) and signs in that instance's users only. Without
 *   `issuer` the configuration is refused (`InvalidEndpoints`).
 * - Callback URL to register (the app's "Redirect URI"):
 *   `{origin}{basePath}/callback/mastodon`.
 * - Environment: `AUTH_MASTODON_ID`, `AUTH_MASTODON_SECRET`, and
 *   `AUTH_MASTODON_ISSUER` when the factory is passed uncalled
 *   (`providers: [Mastodon]`); a called factory needs `issuer` in its options.
 * - Scopes: `read:accounts` (enough for `verify_credentials`; `@auth/core`
 *   asks for all of `read`).
 * - Checks: PKCE (Mastodon 4.3 and later; earlier servers ignore it) and `state`.
 * - Profile from `GET /api/v1/accounts/verify_credentials`: `id`, `name` =
 *   `display_name`, else `username`, `image` = `avatar_static`. `email` is
 *   null: Mastodon does not give apps the address.
 *
 * @module providers/mastodon
 */
import { instanceBase, instanceEndpoints } from "./lib/instance-url.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** Mastodon's CredentialAccount (https://docs.joinmastodon.org/entities/Account/). */
export interface MastodonProfile extends Record<string, any> {
  /** A numeric id, as a string. */
  id: string
  username: string
  /** `username`, or `username@domain` for remote accounts. */
  acct: string
  display_name: string
  locked: boolean
  bot: boolean
  group?: boolean
  discoverable?: boolean | null
  created_at: string
  note: string
  url: string
  uri?: string
  avatar: string
  avatar_static: string
  header: string
  header_static: string
  followers_count: number
  following_count: number
  statuses_count: number
  last_status_at: string | null
  source?: Record<string, unknown>
  role?: Record<string, unknown>
}

/** Options of the Mastodon provider beyond the common OAuth ones. */
export interface MastodonOptions extends OAuthUserConfig<MastodonProfile> {
  /** The Mastodon server (instance) whose users sign in, e.g. `https://mastodon.social`. Required: without it the configuration is refused (`InvalidEndpoints`). Also read from `AUTH_MASTODON_ISSUER` when the factory is passed uncalled. */
  issuer?: string
}

/**
 * The Mastodon provider for the instance at `issuer`. Profile: `id`,
 * `name` = `display_name` or `username`, `email` = null, `image` = `avatar_static`.
 */
export default function Mastodon(options: MastodonOptions = {}): OAuthConfig<MastodonProfile> {
  const base = instanceBase("Mastodon", "issuer", options.issuer)
  return {
    id: "mastodon",
    name: "Mastodon",
    type: "oauth",
    ...instanceEndpoints(base, {
      authorization: "/oauth/authorize",
      scope: "read:accounts",
      token: "/oauth/token",
      userinfo: "/api/v1/accounts/verify_credentials",
    }),
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: profile.id, name: profile.display_name || profile.username, email: null, image: profile.avatar_static ?? profile.avatar ?? null }
    },
    // Mastodon never gives apps an address, so there is nothing to vouch for.
    isEmailVerified: false,
    // Mastodon's dark purple: white text on its lighter #6364ff stays under 4.5:1.
    style: { bg: "#563acc", text: "#ffffff" },
    options,
  }
}
