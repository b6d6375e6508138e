/**
 * Reading and issuing the JWT session cookie for a request. The built-in
 * codec uses the configuration's {@link KeyRing} (keys derived once); custom
 * `jwt.encode`/`jwt.decode` from the config are honoured instead when set.
 */
import type { RequestContext } from "../context.js"
import { expireCookies, writeChunkedCookie } from "../http/session-cookie.js"
import type { JWT } from "../jwt.js"
import type { Cookie } from "../types.js"
import { runSteps, type Steps, wait } from "../util/steps.js"
import { assertTimeClaims, nowInSeconds, openJwt, sealJwt } from "./jwe.js"
import type { OpenedTokenCache } from "./opened-token-cache.js"

/** A decoded session token; `json` is set when the built-in codec decoded it. */
export interface DecodedSession {
  token: JWT
  json?: string
}

/** A token this process opened before: parsed afresh, its time claims checked again. */
function rememberedSession(cache: OpenedTokenCache, token: string, json: string): DecodedSession {
  const payload = JSON.parse(json) as JWT
  try {
    assertTimeClaims(payload)
  } catch (error) {
    cache.delete(token)
    throw error
  }
  return { token: payload, json }
}

/**
 * Decodes the session token. Throws when it is invalid; gives `null` when a
 * custom decoder says so. Synchronous with the built-in codec on Node once
 * the key is derived; a promise otherwise.
 */
export function decodeSessionToken(ctx: RequestContext, token: string): DecodedSession | null | Promise<DecodedSession | null> {
  return runSteps(decodeSessionTokenSteps(ctx, token))
}

/** {@link decodeSessionToken} as steps, for maybe-async callers. */
export function* decodeSessionTokenSteps(ctx: RequestContext, token: string): Steps<DecodedSession | null> {
  const { config } = ctx
  const salt = ctx.cookieTable.sessionToken.name
  if (config.jwt.decode) {
    const decoded = yield* wait(config.jwt.decode({ token, salt, secret: [...config.secrets] }))
    return decoded ? { token: decoded } : null
  }
  const remembered = config.openedSessions.get(salt, token)
  if (remembered !== undefined) return rememberedSession(config.openedSessions, token, remembered)
  const ring = config.keyRing!
  const { payload, json } = yield* wait(openJwt(token, ({ enc, kid }) => ring.decryptionKey(salt, enc, kid)))
  config.openedSessions.set(salt, token, json)
  return { token: payload as JWT, json }
}

/** Encodes `token` as a session JWT valid for `jwt.maxAge` seconds. */
export async function encodeSessionToken(ctx: RequestContext, token: JWT): Promise<string> {
  const { config } = ctx
  const salt = ctx.cookieTable.sessionToken.name
  if (config.jwt.encode) {
    return config.jwt.encode({ token, salt, secret: [...config.secrets], maxAge: config.jwt.maxAge })
  }
  const key = await config.keyRing!.encryptionKey(salt)
  return sealJwt(token, key, config.jwt.maxAge)
}

/** The cookies that store `encoded` as the session (chunked if needed), replacing the request's. */
export function sessionCookies(ctx: RequestContext, encoded: string, expires: Date): Cookie[] {
  return writeChunkedCookie(ctx.cookieTable.sessionToken, encoded, expires, ctx.sessionCookie.names, (chunks) =>
    ctx.config.logger.debug("CHUNKING_SESSION_COOKIE", { valueSize: encoded.length, chunks }),
  )
}

/** Encodes `token` and returns its cookies with `Expires` = now + `session.maxAge`. */
export async function issueJwtSession(ctx: RequestContext, token: JWT): Promise<{ cookies: Cookie[]; exp: number }> {
  const encoded = await encodeSessionToken(ctx, token)
  const now = nowInSeconds()
  const cookieExpires = now + ctx.config.session.maxAge
  // The cookie lives session.maxAge, the token jwt.maxAge: the session ends at the earlier one.
  const exp = Math.min(cookieExpires, now + ctx.config.jwt.maxAge)
  return { cookies: sessionCookies(ctx, encoded, new Date(cookieExpires * 1000)), exp }
}

/** Cookies that remove every piece of the request's session cookie. */
export function clearSessionCookies(ctx: RequestContext): Cookie[] {
  return expireCookies(ctx.sessionCookie.names, ctx.cookieTable.sessionToken)
}
