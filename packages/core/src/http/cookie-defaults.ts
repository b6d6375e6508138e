/**
 * Default names and attributes of every cookie Latchkey sets, identical to
 * `@auth/core` 0.41 (wire compatibility): `authjs.*` names, the `__Secure-`
 * prefix in secure mode except `__Host-` for the CSRF cookie, HttpOnly,
 * SameSite=Lax, Path=/, and 15-minute lifetimes for the OAuth check cookies.
 */
import type { CookieOption, CookiesOptions } from "../types.js"

/** The cookie table with every entry complete. */
export type ResolvedCookies = { [K in keyof CookiesOptions]: CookieOption }

/** Lifetime of the PKCE, state, nonce and WebAuthn challenge cookies: 15 minutes. */
export const CHECK_COOKIE_MAX_AGE = 15 * 60

/** The default cookie table, for secure (https) or plain (http) origins. */
export function defaultCookies(useSecureCookies: boolean): ResolvedCookies {
  const prefix = useSecureCookies ? "__Secure-" : ""
  const base = { httpOnly: true, sameSite: "lax" as const, path: "/", secure: useSecureCookies }
  return {
    sessionToken: { name: `${prefix}authjs.session-token`, options: { ...base } },
    callbackUrl: { name: `${prefix}authjs.callback-url`, options: { ...base } },
    csrfToken: { name: `${useSecureCookies ? "__Host-" : ""}authjs.csrf-token`, options: { ...base } },
    pkceCodeVerifier: { name: `${prefix}authjs.pkce.code_verifier`, options: { ...base, maxAge: CHECK_COOKIE_MAX_AGE } },
    state: { name: `${prefix}authjs.state`, options: { ...base, maxAge: CHECK_COOKIE_MAX_AGE } },
    nonce: { name: `${prefix}authjs.nonce`, options: { ...base } },
    webauthnChallenge: { name: `${prefix}authjs.challenge`, options: { ...base, maxAge: CHECK_COOKIE_MAX_AGE } },
  }
}

/** The default table with the user's overrides merged in (name and options per entry). */
export function resolveCookies(useSecureCookies: boolean, overrides: Partial<CookiesOptions> | undefined): ResolvedCookies {
  const table = defaultCookies(useSecureCookies)
  if (!overrides) return table
  for (const key of Object.keys(table) as (keyof ResolvedCookies)[]) {
    const override = overrides[key]
    if (!override) continue
    table[key] = {
      name: override.name ?? table[key].name,
      options: { ...table[key].options, ...override.options },
    }
  }
  return table
}
