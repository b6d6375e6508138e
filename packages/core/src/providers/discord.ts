/**
 * Sign in with Discord (OAuth 2.0): https://discord.com/developers/docs/topics/oauth2
 *
 * - Callback URL to register: `{origin}{basePath}/callback/discord`.
 * - Environment: `AUTH_DISCORD_ID`, `AUTH_DISCORD_SECRET`.
 * - Scopes: `identify email`.
 * - Checks: PKCE and `state`.
 * - Profile from `GET /users/@me`; the avatar URL is built from the avatar
 *   hash (animated `a_` hashes as GIF), or Discord's default avatar.
 * - The address counts as verified when the user object's `verified` is
 *   true (`isEmailVerified`; docs/account-linking.md).
 *
 * @module providers/discord
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** Discord's user object (https://discord.com/developers/docs/resources/user#user-object). */
export interface DiscordProfile extends Record<string, any> {
  /** A snowflake, as a string. */
  id: string
  username: string
  /** `"0"` for accounts on the unique-username system. */
  discriminator: string
  global_name: string | null
  avatar: string | null
  bot?: boolean
  system?: boolean
  mfa_enabled?: boolean
  banner?: string | null
  accent_color?: number | null
  locale?: string
  /** Whether the e-mail is verified. */
  verified?: boolean
  /** Needs the `email` scope. */
  email?: string | null
  flags?: number
  premium_type?: number
  public_flags?: number
  avatar_decoration_data?: unknown
}

const CDN = "https://cdn.discordapp.com"

/** The avatar URL Discord's clients show for `profile` (https://discord.com/developers/docs/reference#image-formatting). */
export function discordAvatarUrl(profile: Pick<DiscordProfile, "id" | "avatar" | "discriminator">): string {
  if (profile.avatar) {
    const format = profile.avatar.startsWith("a_") ? "gif" : "png"
    return `${CDN}/avatars/${profile.id}/${profile.avatar}.${format}`
  }
  // Default avatars: (id >> 22) % 6 on the new username system, discriminator % 5 on the legacy one.
  let index = 0
  if (profile.discriminator === "0" || !profile.discriminator) {
    if (/^\d+$/.test(profile.id)) index = Number((BigInt(profile.id) >> 22n) % 6n)
  } else {
    index = Number.parseInt(profile.discriminator, 10) % 5 || 0
  }
  return `${CDN}/embed/avatars/${index}.png`
}

/**
 * The Discord provider. Profile: `id`, `name` = `global_name` or
 * `username`, `email`, `image` = the avatar URL.
 */
export default function Discord(options: OAuthUserConfig<DiscordProfile> = {}): OAuthConfig<DiscordProfile> {
  return {
    id: "discord",
    name: "Discord",
    type: "oauth",
    authorization: { url: "https://discord.com/oauth2/authorize", params: { scope: "identify email" } },
    token: "https://discord.com/api/oauth2/token",
    userinfo: "https://discord.com/api/users/@me",
    checks: ["pkce", "state"],
    profile(profile) {
      return {
        id: profile.id,
        name: profile.global_name ?? profile.username,
        email: profile.email ?? null,
        image: discordAvatarUrl(profile),
      }
    },
    // Discord's user object: `verified` says whether the e-mail has been verified.
    isEmailVerified: (profile) => profile.verified === true,
    style: { bg: "#5865f2", text: "#ffffff" },
    options,
  }
}
