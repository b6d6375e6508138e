/**
 * The types of `@latchkey/hono`, named as `@hono/auth-js` names them so a
 * typed app keeps compiling after its imports change.
 */
import type { AuthConfig as CoreAuthConfig } from "@latchkey/core"
import type { JWT } from "@latchkey/core/jwt"
import type { Session, User } from "@latchkey/core/types"
import type { Context } from "hono"

/** Latchkey's configuration (`@latchkey/core`'s `AuthConfig`) without `raw`, which only `Auth()` serves. */
export interface AuthConfig extends Omit<CoreAuthConfig, "raw"> {}

/**
 * The environment {@link initAuthConfig}'s handlers read (`hono/adapter`'s
 * `env(c)`: `process.env` on Node, the bindings on Workers, `Deno.env` on Deno).
 */
export type AuthEnv = {
  AUTH_URL?: string
  AUTH_SECRET?: string
  AUTH_REDIRECT_PROXY_URL?: string
  [key: string]: string | undefined
}

/**
 * The signed-in user, as {@link getAuthUser} returns it and {@link verifyAuth}
 * stores it under `c.get("authUser")`.
 *
 * - `session`: what `GET {basePath}/session` answers (after your `session` callback).
 * - `token`: the decoded session JWT (JWT strategy only).
 * - `user`: the session's `user`, under the database strategy only.
 */
export type AuthUser = {
  session: Session
  token?: JWT
  user?: User
}

/** Computes the configuration for a request (see {@link initAuthConfig}). */
export type ConfigHandler = (c: Context) => AuthConfig | Promise<AuthConfig>

/**
 * Where the public origin of a request comes from (issue-free defaults: no
 * header is trusted unless you say so).
 */
export interface HonoAuthOptions {
  /**
   * The fixed public origin (`https://app.example`). Wins over `AUTH_URL`
   * and every header. Default: `AUTH_URL`'s origin, else the `Host` header
   * when `trustHost` is on.
   */
  origin?: string
  /**
   * Read `X-Forwarded-Host` and `X-Forwarded-Proto` as the request's host
   * and scheme. Only behind a proxy you control that overwrites them.
   * Default `false`.
   */
  trustProxy?: boolean
}

declare module "hono" {
  interface ContextVariableMap {
    /** Set by {@link verifyAuth}: the signed-in user. */
    authUser: AuthUser
    /** Set by {@link initAuthConfig}: the configuration of this request, as your handler returned it. */
    authConfig: AuthConfig
  }
}
