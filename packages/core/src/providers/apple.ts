/**
 * Sign in with Apple (OpenID Connect):
 * https://developer.apple.com/documentation/sign_in_with_apple/sign_in_with_apple_rest_api
 *
 * - Callback URL to register (a "Return URL" of your Services ID, https
 *   only): `{origin}{basePath}/callback/apple`.
 * - Environment: `AUTH_APPLE_ID` (the Services ID), `AUTH_APPLE_SECRET` (a
 *   client-secret JWT: see {@link createAppleClientSecret}).
 * - Scopes: `name email`; `response_mode=form_post`, so Apple POSTs the
 *   callback (its state and nonce cookies are `SameSite=None; Secure`).
 * - Client authentication: `client_secret_post`.
 * - Checks: `state` and `nonce`. No PKCE: Apple's authorization endpoint does
 *   not document `code_challenge`.
 * - Apple sends the user's name only once, on the first authorization, as a
 *   JSON `user` field posted beside the code; it is in the profile as
 *   `user` then, and later sign-ins only have the ID token's `email`.
 *
 * @module providers/apple
 */
import { importPKCS8, SignJWT } from "jose"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The `user` JSON Apple posts with the first authorization only. */
export interface AppleNonConformUser {
  name?: { firstName?: string; lastName?: string }
  email?: string
}

/** The claims of Apple's ID token (https://developer.apple.com/documentation/sign_in_with_apple/authenticating-users-with-sign-in-with-apple), plus `user`. */
export interface AppleProfile extends Record<string, any> {
  iss: "https://appleid.apple.com"
  aud: string
  iat: number
  exp: number
  sub: string
  nonce?: string
  nonce_supported?: boolean
  email?: string
  /** Apple has sent both the string `"true"` and the boolean. */
  email_verified?: "true" | "false" | boolean
  /** Whether `email` is a private relay address (`@privaterelay.appleid.com`). */
  is_private_email?: "true" | "false" | boolean
  real_user_status?: 0 | 1 | 2
  transfer_sub?: string
  at_hash?: string
  auth_time?: number
  /** The first authorization's `user` JSON (see the module notes). */
  user?: AppleNonConformUser
}

/** `profile.user`, accepted as an object or as the raw JSON text Apple posts. */
function appleUser(user: unknown): AppleNonConformUser | undefined {
  if (typeof user === "string") {
    try {
      return appleUser(JSON.parse(user))
    } catch {
      return undefined
    }
  }
  return typeof user === "object" && user !== null && !Array.isArray(user) ? (user as AppleNonConformUser) : undefined
}

/** "First Last" from the first authorization's `user`, or `undefined`. */
function fullName(user: AppleNonConformUser | undefined): string | undefined {
  const parts = [user?.name?.firstName, user?.name?.lastName].filter((part): part is string => typeof part === "string" && part.trim() !== "")
  return parts.length ? parts.join(" ") : undefined
}

/**
 * The Apple provider. Profile: `id` = `sub`, `name` = the first
 * authorization's "First Last", else the e-mail (as `@auth/core`), `email`,
 * `image` = null (Apple has no picture).
 */
export default function Apple(options: OIDCUserConfig<AppleProfile> = {}): OIDCConfig<AppleProfile> {
  return {
    id: "apple",
    name: "Apple",
    type: "oidc",
    issuer: "https://appleid.apple.com",
    authorization: { params: { scope: "name email", response_mode: "form_post" } },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state", "nonce"],
    profile(profile) {
      const email = typeof profile.email === "string" ? profile.email : undefined
      return { id: profile.sub, name: fullName(appleUser(profile.user)) ?? email ?? null, email: email ?? null, image: null }
    },
    style: { bg: "#000000", text: "#ffffff" },
    options,
  }
}

/** Apple's longest client-secret lifetime: 6 months (15777000 s). */
export const APPLE_MAX_SECRET_LIFETIME = 15_777_000

/** What {@link createAppleClientSecret} needs, from Apple's developer account. */
export interface AppleClientSecretOptions {
  /** The Team ID (10 characters). */
  teamId: string
  /** The Key ID of the "Sign in with Apple" private key. */
  keyId: string
  /** The Services ID, which is also `clientId`. */
  clientId: string
  /** The `.p8` private key: PKCS #8 PEM text (literal `\n` sequences, as env files store them, count as line breaks), or an ES256 `CryptoKey`. */
  privateKey: string | CryptoKey
  /** Lifetime in seconds; default and maximum {@link APPLE_MAX_SECRET_LIFETIME}. */
  expiresIn?: number
}

/**
 * Builds the client secret Apple expects: an ES256 JWT signed with your
 * "Sign in with Apple" key (`kid`), issued by your team, with subject the
 * Services ID and audience `https://appleid.apple.com`, valid for at most
 * 6 months. Use it as `clientSecret` (or `AUTH_APPLE_SECRET`), and make a new
 * one before it expires.
 *
 * Implements https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret
 * with `jose`. Throws `TypeError` for a missing field or an out-of-range
 * lifetime, and jose's error for a key that is not an EC P-256 PKCS #8 key.
 */
export async function createAppleClientSecret(options: AppleClientSecretOptions): Promise<string> {
  const { teamId, keyId, clientId, privateKey } = options
  for (const [name, value] of Object.entries({ teamId, keyId, clientId })) {
    if (typeof value !== "string" || !value.trim()) throw new TypeError(`createAppleClientSecret: \`${name}\` must be a non-empty string.`)
  }
  const expiresIn = options.expiresIn ?? APPLE_MAX_SECRET_LIFETIME
  if (!Number.isInteger(expiresIn) || expiresIn <= 0 || expiresIn > APPLE_MAX_SECRET_LIFETIME) {
    throw new TypeError(`createAppleClientSecret: \`expiresIn\` must be a whole number of seconds from 1 to ${APPLE_MAX_SECRET_LIFETIME} (6 months).`)
  }
  const key = typeof privateKey === "string" ? await importPKCS8(privateKey.replace(/\\n/g, "\n").trim(), "ES256") : privateKey
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: keyId })
    .setIssuer(teamId)
    .setSubject(clientId)
    .setAudience("https://appleid.apple.com")
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(key)
}
