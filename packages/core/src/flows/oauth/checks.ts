/**
 * The checks that bind an authorization response to the browser that asked
 * for it: PKCE (RFC 7636, S256), `state` (RFC 6749 §10.12) and `nonce`
 * (OpenID Connect Core §15.5.2). Each value is sealed in its own encrypted
 * cookie, exactly as `@auth/core` 0.41.3 does, so a flow started by one
 * library can finish in the other:
 *
 * - cookies `authjs.pkce.code_verifier`, `authjs.state`, `authjs.nonce`
 *   (`__Secure-` on https), each sealed for the provider
 *   (security/provider-cookie.ts);
 * - the `state` value is itself a JWE (salt `encodedState`) of
 *   `{ origin?, random }`: `origin` is set when a redirect proxy must
 *   forward the callback (redirect-proxy.ts).
 *
 * With `response_mode=form_post` the provider's page POSTs across sites, so
 * the state and nonce cookies are `SameSite=None; Secure` (as `@auth/core`).
 * Any problem with a check cookie is {@link InvalidCheck}.
 */
import * as oauth from "oauth4webapi"
import type { RequestContext } from "../../context.js"
import { InvalidCheck } from "../../errors.js"
import { CHECK_COOKIE_MAX_AGE } from "../../http/cookie-defaults.js"
import { timingSafeEqualStrings } from "../../security/constant-time.js"
import { clearProviderCookie, openProviderCookie, sealProviderCookie } from "../../security/provider-cookie.js"
import { openJwt, sealJwt } from "../../session/jwe.js"
import type { Cookie, CookieOption } from "../../types.js"
import type { OAuthSettings } from "./settings.js"

/** The salt of the state value's own encryption (as `@auth/core`). */
export const STATE_SALT = "encodedState"

/** The cookie-table keys of the three checks. */
export type CheckCookie = "pkceCodeVerifier" | "state" | "nonce"

/** What the state value carries. */
export interface StatePayload {
  /** The origin to forward the callback to (redirect proxy). */
  origin?: string
  random: string
}

function cookieOption(ctx: RequestContext, name: CheckCookie, settings: OAuthSettings): CookieOption {
  const { name: cookieName, options } = ctx.cookieTable[name]
  if (settings.formPost && name !== "pkceCodeVerifier") {
    return { name: cookieName, options: { ...options, sameSite: "none", secure: true } }
  }
  return { name: cookieName, options }
}

async function seal(ctx: RequestContext, name: CheckCookie, settings: OAuthSettings, value: string): Promise<Cookie> {
  return sealProviderCookie(ctx, cookieOption(ctx, name, settings), settings.id, { value })
}

/** Opens check cookie `name`; throws {@link InvalidCheck} when missing, unreadable, expired or minted for another provider. */
async function open(ctx: RequestContext, name: CheckCookie, settings: OAuthSettings): Promise<string> {
  return (await openProviderCookie(ctx, ctx.cookieTable[name].name, settings.id)).value
}

/** What the authorization request carries, and the cookies that remember it. */
export interface CreatedChecks {
  params: Record<string, string>
  cookies: Cookie[]
}

/**
 * Creates the provider's checks for a new authorization request. `origin`
 * is sealed into the state when a redirect proxy is used.
 */
export async function createChecks(ctx: RequestContext, settings: OAuthSettings, origin?: string): Promise<CreatedChecks> {
  const params: Record<string, string> = {}
  const cookies: Cookie[] = []
  if (settings.checks.has("state")) {
    const payload: StatePayload = { ...(origin ? { origin } : {}), random: oauth.generateRandomState() }
    const key = await ctx.config.keyRing!.encryptionKey(STATE_SALT)
    const state = await sealJwt(payload as unknown as Record<string, unknown>, key, CHECK_COOKIE_MAX_AGE)
    params.state = state
    cookies.push(await seal(ctx, "state", settings, state))
  } else if (origin) {
    throw new InvalidCheck(`Provider "${settings.id}": a redirect proxy needs the state check.`)
  }
  if (settings.checks.has("pkce")) {
    const verifier = oauth.generateRandomCodeVerifier()
    params.code_challenge = await oauth.calculatePKCECodeChallenge(verifier)
    params.code_challenge_method = "S256"
    cookies.push(await seal(ctx, "pkceCodeVerifier", settings, verifier))
  }
  if (settings.checks.has("nonce")) {
    const nonce = oauth.generateRandomNonce()
    params.nonce = nonce
    cookies.push(await seal(ctx, "nonce", settings, nonce))
  }
  return { params, cookies }
}

/** The values the callback verifies against. */
export interface UsedChecks {
  /** The state the response must echo, or undefined when the state check is off. */
  state: string | undefined
  codeVerifier: string | undefined
  nonce: string | undefined
}

const ALL: readonly CheckCookie[] = ["state", "pkceCodeVerifier", "nonce"]
const CHECK_OF: Record<CheckCookie, "state" | "pkce" | "nonce"> = { state: "state", pkceCodeVerifier: "pkce", nonce: "nonce" }

/**
 * Queues the deletion of every check cookie the request carries or the
 * provider uses, whatever happens next: a check is single use.
 */
export function clearChecks(ctx: RequestContext, settings: OAuthSettings): void {
  for (const name of ALL) {
    if (settings.checks.has(CHECK_OF[name]) || ctx.request.cookies[ctx.cookieTable[name].name] !== undefined) {
      ctx.responseCookies.push(clearProviderCookie(cookieOption(ctx, name, settings)))
    }
  }
}

/**
 * Reads the provider's check cookies. `responseState` is the `state` the
 * provider sent back: it must equal the sealed one. Throws
 * {@link InvalidCheck}.
 */
export async function useChecks(ctx: RequestContext, settings: OAuthSettings, responseState: string | null): Promise<UsedChecks> {
  let state: string | undefined
  if (settings.checks.has("state")) {
    state = await open(ctx, "state", settings)
    if (responseState === null) throw new InvalidCheck("The authorization response carries no state, but one was sent.")
    if (!timingSafeEqualStrings(state, responseState)) throw new InvalidCheck("The authorization response's state is not the one this browser sent.")
  }
  const codeVerifier = settings.checks.has("pkce") ? await open(ctx, "pkceCodeVerifier", settings) : undefined
  const nonce = settings.checks.has("nonce") ? await open(ctx, "nonce", settings) : undefined
  return { state, codeVerifier, nonce }
}

/**
 * Opens a state value (the proxy reads the origin from it). Throws
 * {@link InvalidCheck} when it is not a current state sealed with this
 * configuration's secret.
 */
export async function decodeState(ctx: RequestContext, state: string): Promise<StatePayload> {
  const ring = ctx.config.keyRing!
  try {
    const { payload } = await openJwt(state, ({ enc, kid }) => ring.decryptionKey(STATE_SALT, enc, kid))
    if (typeof payload.random !== "string") throw new Error("no random part")
    if (payload.origin !== undefined && typeof payload.origin !== "string") throw new Error("origin is not a string")
    return payload as unknown as StatePayload
  } catch (error) {
    throw new InvalidCheck("The state could not be decoded.", error as Error)
  }
}
