/**
 * The session token of the JWT strategy: its claims, and the options and
 * parameters of the functions that seal and open it (`@latchkey/core/jwt`).
 */
import type { Awaitable } from "./common.js"

/** Claims Latchkey puts in a session token by default. */
export interface DefaultJWT extends Record<string, unknown> {
  name?: string | null
  email?: string | null
  picture?: string | null
  /** The user id. */
  sub?: string
  /** Issued at (seconds). */
  iat?: number
  /** Expires at (seconds). */
  exp?: number
  /** Unique token id. */
  jti?: string
}

/** The decoded session token; extend it by module augmentation. */
export interface JWT extends Record<string, unknown>, DefaultJWT {}

/** Parameters of `encode` (`@latchkey/core/jwt`). */
export interface JWTEncodeParams<Payload = JWT> {
  /** The claims. `iat`, `exp` and `jti` are (re)set. */
  token?: Payload
  /** Key-derivation salt: the session cookie's name. */
  salt: string
  /** The secret, or secrets (the first encrypts). */
  secret: string | string[]
  /** Lifetime in seconds. Default 30 days. */
  maxAge?: number
}

/** Parameters of `decode` (`@latchkey/core/jwt`). */
export interface JWTDecodeParams {
  token?: string
  salt: string
  secret: string | string[]
}

/** The `jwt` option of the configuration. */
export interface JWTOptions {
  /** Lifetime of the session token in seconds. Default: `session.maxAge` (30 days). */
  maxAge: number
  /** Replaces the built-in encoder for the session token. */
  encode: (params: JWTEncodeParams) => Awaitable<string>
  /** Replaces the built-in decoder for the session token; return `null` for "no session". */
  decode: (params: JWTDecodeParams) => Awaitable<JWT | null>
}
