/**
 * Sign in with Spotify (OAuth 2.0 authorization code):
 * https://developer.spotify.com/documentation/web-api/tutorials/code-flow
 *
 * - Callback URL to register ("Redirect URIs"; Spotify wants https, or
 *   `http://127.0.0.1` loopback for development):
 *   `{origin}{basePath}/callback/spotify`.
 * - Environment: `AUTH_SPOTIFY_ID`, `AUTH_SPOTIFY_SECRET`.
 * - Scopes: `user-read-email`.
 * - Checks: PKCE and `state`.
 * - Spotify does not verify e-mail addresses: `isEmailVerified: false`
 *   (docs/account-linking.md).
 *
 * @module providers/spotify
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** An image of a Spotify user. */
export interface SpotifyImage {
  url: string
  height: number | null
  width: number | null
}

/** `GET /v1/me` (https://developer.spotify.com/documentation/web-api/reference/get-current-users-profile). */
export interface SpotifyProfile extends Record<string, any> {
  id: string
  display_name: string | null
  /** Needs `user-read-email`; not verified by Spotify. */
  email?: string
  images: SpotifyImage[]
  country?: string
  product?: string
  explicit_content?: { filter_enabled: boolean; filter_locked: boolean }
  external_urls: { spotify: string }
  followers: { href: string | null; total: number }
  href: string
  type: "user"
  uri: string
}

/**
 * The Spotify provider. Profile: `id`, `name` = `display_name`, `email`,
 * `image` = the first image's URL.
 */
export default function Spotify(options: OAuthUserConfig<SpotifyProfile> = {}): OAuthConfig<SpotifyProfile> {
  return {
    id: "spotify",
    name: "Spotify",
    type: "oauth",
    authorization: { url: "https://accounts.spotify.com/authorize", params: { scope: "user-read-email" } },
    token: "https://accounts.spotify.com/api/token",
    userinfo: "https://api.spotify.com/v1/me",
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: profile.id, name: profile.display_name, email: profile.email, image: profile.images?.[0]?.url }
    },
    // Spotify does not verify addresses.
    isEmailVerified: false,
    style: { bg: "#1db954", text: "#000000" },
    options,
  }
}
