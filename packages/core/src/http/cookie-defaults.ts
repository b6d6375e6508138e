/**
 * Default names and attributes of every cookie Latchkey sets, identical to
 * `@auth/core` 0.41 (wire compatibility): `authjs.*` names, the `__Secure-`
 * prefix in secure mode except `__Host-` for the CSRF cookie, HttpOnly,
 * SameSite=Lax, Path=/, and 15-minute lifetimes for the OAuth check cookies.
 */
import type { CookieOption, CookiesOptions } from "../model/cookies.js"

/** The cookie table with every entry complete. */
export type ResolvedCookies = { [K in keyof CookiesOptions]-?: CookieOption }

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
    // Latchkey's own (session.cache); Auth.js has no such cookie and ignores it.
    sessionCache: { name: `${prefix}latchkey.session-cache`, options: { ...base } },
    // Latchkey's own (federatedSignOut): the RP-initiated logout's state until the provider sends the browser back.
    signOutState: { name: `${prefix}latchkey.signout-state`, options: { ...base, maxAge: CHECK_COOKIE_MAX_AGE } },
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

/**
 * Why a cookie table breaks the rules browsers enforce for prefixed names
 * (RFC 6265bis §4.1.3, matched case-insensitively), or `undefined`: a
 * `__Secure-` or `__Host-` name needs `Secure`, and `__Host-` also needs
 * `Path=/` and no `Domain`. A browser silently drops a cookie that breaks
 * them, so the session (or CSRF token) would never stick. `plain` says
 * whether this is the table for http origins.
 */
function prefixProblem(table: ResolvedCookies, plain: boolean): string | undefined {
  for (const [key, { name, options }] of Object.entries(table) as [keyof ResolvedCookies, CookieOption][]) {
    const host = /^__Host-/i.test(name)
    if (!host && !/^__Secure-/i.test(name)) continue
    const prefix = host ? "__Host-" : "__Secure-"
    const where = `\`cookies.${key}\` (name "${name}")`
    if (host && options.domain !== undefined) {
      return `${where}: a ${prefix} cookie cannot have a domain, or browsers drop it. Remove \`options.domain\`, or use a name without the prefix if the cookie must be shared with subdomains.`
    }
    if (host && options.path !== "/") {
      return `${where}: a ${prefix} cookie needs \`path: "/"\`, or browsers drop it; got ${JSON.stringify(options.path)}.`
    }
    if (options.secure !== true) {
      return plain
        ? `${where}: a ${prefix} cookie needs Secure, and over http it would be sent without it, so browsers drop it. Set \`useSecureCookies: true\` (or \`options.secure: true\`) and serve the app over https.`
        : `${where}: a ${prefix} cookie needs \`secure: true\`, or browsers drop it.`
    }
  }
  return undefined
}

/**
 * Checks the cookie tables a configuration can use (`useSecureCookies`
 * true: the https one; false: the http one; unset: both, since either
 * scheme may serve requests) for prefixed names that browsers would refuse.
 * Returns a message naming the cookie and the fix, or `undefined`.
 */
export function cookiePrefixProblem(overrides: Partial<CookiesOptions> | undefined, useSecureCookies: boolean | undefined): string | undefined {
  if (!overrides) return undefined // The defaults follow the rules.
  return (
    (useSecureCookies === false ? undefined : prefixProblem(resolveCookies(true, overrides), false)) ??
    (useSecureCookies === true ? undefined : prefixProblem(resolveCookies(false, overrides), true))
  )
}
