/**
 * The configuration `NextAuth()` takes, and how it is completed from the
 * environment the way `next-auth` 5 does it.
 */
import { type AuthConfig, setEnvDefaults as setCoreEnvDefaults } from "@latchkey/core"
import type { Session } from "@latchkey/core/types"
import type { NextRequest, NextResponse } from "next/server.js"

type Awaitable<T> = T | PromiseLike<T>

/**
 * {@link AuthConfig} plus the `authorized` callback that `auth` runs when it
 * is used as middleware (`middleware.ts`, Next 16's `proxy.ts`).
 *
 * `basePath` defaults to `/api/auth` (the path of `AUTH_URL` when it has one),
 * as in `next-auth` 5, so the route handlers go in `app/api/auth/[...nextauth]/route.ts`.
 */
export interface NextAuthConfig extends Omit<AuthConfig, "raw"> {
  callbacks?: AuthConfig["callbacks"] & {
    /**
     * Decides whether a request that passes through `auth` as middleware may
     * continue. `true` (or `undefined`): it continues; `false`: the user is
     * sent to the sign-in page (`pages.signIn`, else `{basePath}/signin`) with
     * `callbackUrl` set to the requested URL; a `Response`: that response is
     * sent instead (a redirect to the same auth action is ignored, to avoid a
     * loop). Not run by `auth()` in server components.
     */
    authorized?: (params: { request: NextRequest; auth: Session | null }) => Awaitable<boolean | NextResponse | Response | undefined>
  }
}

/** What `NextAuth()` accepts: a configuration, or a function building one per request (`undefined` outside a request, e.g. in a server action). */
export type NextAuthConfigInput = NextAuthConfig | ((request: NextRequest | undefined) => Awaitable<NextAuthConfig>)

/** The environment variables `NextAuth()` reads. */
export type Env = Record<string, string | undefined>

/**
 * Completes `config` from `env` in place, as `next-auth` 5 does before
 * `@auth/core`'s own `setEnvDefaults`: `secret` from `AUTH_SECRET` (or the v4
 * name `NEXTAUTH_SECRET`), `basePath` from the path of `AUTH_URL`/`NEXTAUTH_URL`,
 * else `/api/auth`. Then core fills the rest (`AUTH_TRUST_HOST`,
 * `AUTH_<PROVIDER>_ID`/`_SECRET`/`_ISSUER`, the `AUTH_URL` origin); see
 * docs/configuration.md.
 */
export function setEnvDefaults(config: NextAuthConfig, env: Env = process.env): void {
  const hasSecret = Array.isArray(config.secret) ? config.secret.length > 0 : !!config.secret
  // AUTH_SECRET (and AUTH_SECRET_1…3) are core's to read; only the v4 name is added here.
  if (!hasSecret && !env.AUTH_SECRET && env.NEXTAUTH_SECRET) config.secret = env.NEXTAUTH_SECRET
  // Core reads only AUTH_URL; the v4 name still counts here, as in next-auth.
  const url = env.AUTH_URL ?? env.NEXTAUTH_URL
  if (!config.basePath) config.basePath = pathOf(url) ?? "/api/auth"
  const coreEnv = env.AUTH_URL === undefined && url !== undefined ? { ...env, AUTH_URL: url } : env
  // `true`: a basePath that repeats AUTH_URL's path is expected here, no warning.
  setCoreEnvDefaults(coreEnv, config as AuthConfig, true)
}

/** The path of `url` when it is a URL with a path other than `/`. */
function pathOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const { pathname } = new URL(url)
    return pathname === "/" ? undefined : pathname
  } catch {
    // Core reports a malformed AUTH_URL on every request; the default path stands meanwhile.
    return undefined
  }
}

/**
 * The configuration for one use: the object itself (completed once by
 * {@link NextAuth}), or the lazy function's result for `request`, completed
 * each time since the function may build a new object per request.
 */
export async function configFor(input: NextAuthConfigInput, request: NextRequest | undefined, env: Env = process.env): Promise<NextAuthConfig> {
  if (typeof input !== "function") return input
  const config = await input(request)
  if (config === null || typeof config !== "object") {
    throw new TypeError("NextAuth(): the configuration function must return a configuration object (or a promise of one).")
  }
  setEnvDefaults(config, env)
  return config
}
