/**
 * Latchkey's own claims in a session JWT, kept under one reserved claim,
 * `lk`, and only when a feature that needs them is on (docs/sessions.md):
 * the session id that revocation and the registry name, the sign-in time
 * that `session.maxLifetime` counts from, the provider's `sid`/`sub` that a
 * back-channel logout names, the `id_token` RP-initiated logout sends, and
 * the provider tokens that `refresh` keeps. With none of those on, a token
 * carries no `lk` and is byte for byte what it was before.
 *
 * The `jwt` and `session` callbacks never see `lk`: it is taken off before
 * they run and put back after, so a callback that builds a fresh token
 * (`return { sub: token.sub, role }`) cannot drop the session id and slip
 * past revocation, and the provider tokens never reach an answer by
 * accident. The JWE encrypts the whole token, so nothing here is readable
 * from the cookie.
 *
 * @module session/internal-claims
 */
import type { JWT } from "../model/jwt.js"

/** The reserved claim name. An app's own `lk` claim is replaced by Latchkey's. */
export const INTERNAL_CLAIM = "lk"

/** The tokens of one provider that `refresh: true` keeps in the session. */
export interface KeptProviderTokens {
  /** `access_token`. */
  at: string
  /** `refresh_token`, when the provider issued one. */
  rt?: string
  /** `expires_at`, seconds since the epoch. */
  exp?: number
  /** `token_type` as the provider spelled it (e.g. `bearer`). */
  tt?: string
  /** `scope`. */
  sc?: string
  /** The provider's account id (`providerAccountId`), for `events.refreshToken`. */
  aid?: string
  /**
   * The error of the last refresh that ended this grant (`invalid_grant`):
   * the tokens are gone and the session reports `error: "RefreshTokenError"`
   * until the user signs in with the provider again.
   */
  err?: string
}

/** What Latchkey keeps in a session JWT for itself, under {@link INTERNAL_CLAIM}. */
export interface InternalClaims {
  /** Session id: 128 random bits, base64url. Names the session for revocation and the registry. */
  sid?: string
  /** When the user signed in (seconds): `session.maxLifetime` counts from here. */
  auth?: number
  /** The provider the user signed in with. */
  p?: string
  /** The provider's session id (the ID token's `sid`), for back-channel logout. */
  psid?: string
  /** The provider's subject (the ID token's `sub`), for back-channel logout without `sid`. */
  psub?: string
  /** The ID token of the sign-in, for RP-initiated logout's `id_token_hint`. */
  idt?: string
  /** Provider tokens by provider id, for `refresh`. */
  tok?: Record<string, KeptProviderTokens>
}

/** A decoded token split into what callbacks see and Latchkey's own claims. */
export interface SplitToken {
  /** The token without `lk`: what the `jwt` and `session` callbacks get. */
  token: JWT
  /** Latchkey's claims, or `undefined` when the token had none. */
  internal: InternalClaims | undefined
}

function isClaims(value: unknown): value is InternalClaims {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/**
 * Takes `lk` off `token`. A token without it is returned as it is (no copy:
 * the session read of an app that uses none of these features allocates
 * nothing more).
 */
export function splitInternalClaims(token: JWT): SplitToken {
  if (!(INTERNAL_CLAIM in token)) return { token, internal: undefined }
  const { [INTERNAL_CLAIM]: claims, ...visible } = token
  return { token: visible as JWT, internal: isClaims(claims) ? claims : undefined }
}

/**
 * `token` with `internal` under `lk` (last, so a token that went through
 * unchanged serialises as it was read). An empty or missing `internal`
 * leaves `lk` out; an `lk` a callback added is replaced.
 */
export function joinInternalClaims(token: JWT, internal: InternalClaims | undefined): JWT {
  const hasClaims = internal !== undefined && Object.keys(internal).length > 0
  if (!hasClaims && !(INTERNAL_CLAIM in token)) return token
  const { [INTERNAL_CLAIM]: _dropped, ...rest } = token
  return hasClaims ? { ...rest, [INTERNAL_CLAIM]: internal } : (rest as JWT)
}
