/**
 * The answer of a plain JWT session read (`GET /session`), kept with the
 * opened token it was computed from (session/opened-token-cache.ts), so
 * later reads of the same cookie answer without parsing the payload, calling
 * the callbacks, formatting the expiry and serialising the session again.
 * It is computed at a token's second read (the first one opened it): a token
 * read once, as when many users come in turn, gets none.
 *
 * Only when the answer depends on the token alone: the built-in codec, the
 * default `jwt` and `session` callbacks, no `events.session` (all of which
 * would see or shape every read). What is checked again on every reuse, so
 * a reuse answers exactly what a full read would:
 *
 * - the time claims (`exp`, `nbf`, with the same clock tolerance as a full
 *   read); a token that ran out takes the full path, which ends the session;
 * - that the token is not due for re-issue (`session.updateAge` since its
 *   `iat`): once it is, the full path re-issues the cookie;
 * - the `session.maxAge` the reported expiry was computed with.
 *
 * - nothing about the session's validity by its Latchkey claims (revocation,
 *   `session.maxLifetime`): the caller asks session/jwt-session-validity.ts
 *   with {@link rememberedInternalClaims} before using the answer.
 *
 * It lives and goes with the remembered token (at most the cache's bound),
 * so it adds no unbounded state.
 */
import { defaultCallbacks } from "../config/defaults.js"
import type { PreparedConfig } from "../config/prepare.js"
import type { JWT } from "../jwt.js"
import type { InternalClaims } from "./internal-claims.js"
import { CLOCK_TOLERANCE_SECONDS, nowInSeconds } from "./jwe.js"
import type { OpenedToken } from "./opened-token-cache.js"

/** What a read of one token answered, and the claims and option that answer depends on. */
class RememberedAnswer {
  constructor(
    /** The session, serialised as the answer's JSON body. */
    readonly body: string,
    /** The `session.maxAge` the answer's `expires` was computed with. */
    readonly maxAge: number,
    readonly iat: number,
    readonly exp: number,
    readonly nbf: number | undefined,
    /** The token's Latchkey claims, whose validity every reuse checks again. */
    readonly internal: InternalClaims | undefined,
  ) {}
}

/**
 * Whether a session read under `config` answers from the token alone: the
 * built-in codec, the default `jwt` and `session` callbacks, and no
 * `events.session`.
 */
export function answersFromTokenAlone(config: PreparedConfig): boolean {
  return (
    config.jwt.decode === undefined &&
    config.callbacks.jwt === defaultCallbacks.jwt &&
    config.callbacks.session === defaultCallbacks.session &&
    config.events.session === undefined
  )
}

/**
 * The JSON answer remembered with `opened`, if a full read would answer the
 * same now: its time claims hold, it is not due for re-issue, and
 * `session.maxAge` is the one it was computed with. Callers check
 * {@link answersFromTokenAlone} first.
 */
export function rememberedAnswer(config: PreparedConfig, opened: OpenedToken): string | undefined {
  const answer = opened.derived
  if (!(answer instanceof RememberedAnswer) || answer.maxAge !== config.session.maxAge) return undefined
  const now = nowInSeconds()
  if (answer.exp <= now - CLOCK_TOLERANCE_SECONDS) return undefined
  if (answer.nbf !== undefined && answer.nbf > now + CLOCK_TOLERANCE_SECONDS) return undefined
  if (now - answer.iat >= config.session.updateAge) return undefined
  return answer.body
}

/**
 * Keeps `body`, the JSON answer a full read computed from `token` (which was
 * not re-issued), with the remembered entry of the token, if there is one.
 */
export function rememberAnswer(config: PreparedConfig, opened: OpenedToken | undefined, token: JWT, body: string, internal: InternalClaims | undefined): void {
  const { iat, exp, nbf } = token
  if (opened === undefined || typeof iat !== "number" || typeof exp !== "number") return
  if (nbf !== undefined && typeof nbf !== "number") return
  opened.derived = new RememberedAnswer(body, config.session.maxAge, iat, exp, nbf, internal)
}

/** The Latchkey claims of the token whose answer `opened` keeps (call after {@link rememberedAnswer} gave one). */
export function rememberedInternalClaims(opened: OpenedToken): InternalClaims | undefined {
  return opened.derived instanceof RememberedAnswer ? opened.derived.internal : undefined
}
