/**
 * The rate limits on sending sign-in email (docs/providers/email.md, "Rate
 * limits"), consulted in this order, as docs/rate-limiting.md recommends
 * (whoever asks pays first, so a client past its own limit spends nothing
 * of anyone else's):
 *
 * 1. per client IP (`perClient`): everything one client asks for;
 * 2. per address and asker (`perAddress`): the messages to one address
 *    that one client IP asked for, or one browser, when it carries the live
 *    cookie of an earlier send of its own to that address (sender-cookie.ts).
 *    So another client's requests for an address never spend a victim's own;
 * 3. per address, whoever asks (`perAddressTotal`): the backstop that bounds
 *    how much mail any number of clients can send one inbox.
 *
 * A browser id becomes live on a real send from a request without one, at
 * most once per client and address in the longest `perAddress` window, and
 * that send is the first its windows count: one client can therefore reach
 * an address fewer than twice its `perAddress` limit (9 an hour by
 * default: its own 5, and 4 more from the one browser), well below the
 * backstop (20).
 *
 * The counts are made before the message is sent, so that parallel
 * requests cannot pass a limit; a send that fails gives back exactly what
 * it took ({@link SendAdmission.refund}). The limiter lives in a slot of the
 * prepared configuration, over `rateLimit.store`, or else the configuration's
 * `store` (config/rate-limit-store.ts).
 */

import type { RateLimitOptions, RateLimitWindow } from "../../config/auth-config.js"
import type { ConfigSlot } from "../../config/per-config.js"
import { type PreparedConfig, perConfig } from "../../config/prepare.js"
import { rateLimitStoreOf } from "../../config/rate-limit-store.js"
import type { RequestContext } from "../../context.js"
import { EmailSendRefused } from "../../errors.js"
import { clientIpOf } from "../../security/client-ip.js"
import { randomHex } from "../../security/random.js"
import { createRateLimiter, type RateLimitDecision, type RateLimiter, type RateLimitRule } from "../../security/rate-limit/limiter.js"
import type { Cookie } from "../../types.js"
import { sendClock } from "./send-timing.js"
import { liveSenderOf, sealSenderCookie } from "./sender-cookie.js"

/** Default messages to one address asked for by one client IP (or one browser): 1 per minute, 5 per hour. */
export const DEFAULT_PER_ADDRESS: readonly RateLimitWindow[] = [
  { limit: 1, window: 60 },
  { limit: 5, window: 3600 },
]
/** Default messages to one address, whoever asks: 20 per hour (the backstop). */
export const DEFAULT_PER_ADDRESS_TOTAL: readonly RateLimitWindow[] = [{ limit: 20, window: 3600 }]
/** Default messages asked for by one client IP: 20 per hour. */
export const DEFAULT_PER_CLIENT: readonly RateLimitWindow[] = [{ limit: 20, window: 3600 }]

/** What the email flows keep per prepared configuration. */
interface EmailSendState {
  readonly limiter: RateLimiter
  /** Whether the `no-client-ip` warning was logged (once per configuration). */
  warnedNoClientIp: boolean
}

const EMAIL_SEND_STATE: ConfigSlot<EmailSendState, PreparedConfig> = {
  name: "email send limiter",
  create: (config) => ({ limiter: createRateLimiter({ store: rateLimitStoreOf(config) }), warnedNoClientIp: false }),
}

/** The limiter of the email flows for `config`, over its rate-limit store (codes count their decoy tries in it too). */
export function emailLimiter(config: PreparedConfig): RateLimiter {
  return perConfig(config, EMAIL_SEND_STATE).limiter
}

const byWindow = (a: RateLimitWindow, b: RateLimitWindow) => a.window - b.window

/** `rateLimit.email`, defaults filled, each list shortest window first. */
function emailLimits(options: RateLimitOptions) {
  const email = options.email
  return {
    perClient: [...(email?.perClient ?? DEFAULT_PER_CLIENT)].sort(byWindow),
    perAddress: [...(email?.perAddress ?? DEFAULT_PER_ADDRESS)].sort(byWindow),
    perAddressTotal: [...(email?.perAddressTotal ?? DEFAULT_PER_ADDRESS_TOTAL)].sort(byWindow),
  }
}

const rulesOf = (key: string, windows: readonly RateLimitWindow[]): RateLimitRule[] => windows.map(({ limit, window }) => ({ key, limit, window }))

/** What {@link admitSend} decided for one send. */
export interface SendAdmission {
  /** Whether the message may go. */
  readonly admitted: boolean
  /** When the check began ({@link sendClock}): a send's duration is measured from here. */
  readonly startedAt: number
  /**
   * Gives back everything this send took, for a send that failed: its
   * counts (atomically, in the store) and its browser cookie. Never
   * rejects: a store that fails is logged.
   */
  refund(): Promise<void>
}

/**
 * Counts one send to `address` (under every provider: one inbox, one
 * limit) against the limits, and queues the browser cookie, alike whether
 * it may go or not. A refusal, and a store that fails (Redis down), are
 * logged as {@link EmailSendRefused} and answer `admitted: false`: nothing
 * is sent without a limit.
 */
export async function admitSend(ctx: RequestContext, providerId: string, address: string): Promise<SendAdmission> {
  const startedAt = sendClock()
  const { config } = ctx
  const state = perConfig(config, EMAIL_SEND_STATE)
  const limits = emailLimits(config.rateLimit)
  const client = clientIpOf(ctx.request, { clientIpHeader: config.rateLimit.clientIpHeader?.toLowerCase(), ipv6Subnet: config.rateLimit.ipv6Subnet })
  if (client === undefined && !state.warnedNoClientIp && limits.perClient.length > 0) {
    state.warnedNoClientIp = true
    config.logger.warn("no-client-ip")
  }
  const clientPart = client === undefined ? "unknown" : `ip:${client}`
  // The browser cookie matters only while there are per-address windows to count under it.
  const browserWindow = limits.perAddress.at(-1)?.window
  const browser = browserWindow === undefined ? undefined : await liveSenderOf(ctx, providerId, address)
  const asker = browser === undefined ? clientPart : `browser:${browser}`

  const rules = [
    ...(client === undefined ? [] : rulesOf(`email-send:ip:${client}`, limits.perClient)),
    // JSON keeps the two parts apart whatever characters the address has.
    ...rulesOf(`email-send:asker:${JSON.stringify([asker, address])}`, limits.perAddress),
    ...rulesOf(`email-send:address:${address}`, limits.perAddressTotal),
  ]
  const taken: RateLimitDecision[] = []
  let admitted = false
  try {
    const decision = await state.limiter.check(rules)
    admitted = decision.ok
    // A refused send keeps what it counted before the refusing rule: the client did ask.
    if (decision.ok) taken.push(decision)
    else logRefusal(ctx, providerId, decision, browser !== undefined)
  } catch (error) {
    config.logger.error(new EmailSendRefused(`The rate-limit store failed, so no sign-in email was sent through provider "${providerId}".`, error as Error))
  }

  let cookie: Cookie | undefined
  if (browserWindow !== undefined) {
    const id = browser ?? randomHex(16)
    let live = browser !== undefined
    if (admitted && !live) {
      // A new browser id becomes live once per client and address in the longest window (see the module comment),
      // its windows counting this send as their first.
      try {
        const started = await state.limiter.check([
          { key: `email-send:browser-start:${JSON.stringify([clientPart, address])}`, limit: 1, window: browserWindow },
          ...rulesOf(`email-send:asker:${JSON.stringify([`browser:${id}`, address])}`, limits.perAddress),
        ])
        taken.push(started)
        live = started.ok
      } catch {
        // The browser simply stays unbound; the send itself was admitted.
      }
    }
    cookie = await sealSenderCookie(ctx, providerId, address, { id, live }, browserWindow)
    ctx.responseCookies.push(cookie)
  }

  return {
    admitted,
    startedAt,
    async refund() {
      if (cookie) {
        const index = ctx.responseCookies.indexOf(cookie)
        if (index !== -1) ctx.responseCookies.splice(index, 1)
      }
      try {
        const given = await Promise.all(taken.map((decision) => decision.refund()))
        if (given.includes(false))
          config.logger.debug("email sign-in: the rate-limit store has no refund(); the failed send keeps counting", { provider: providerId })
      } catch (error) {
        config.logger.error(
          new EmailSendRefused(`The rate-limit store failed to give back the counts of a failed send through provider "${providerId}".`, error as Error),
        )
      }
    },
  }
}

/** Logs which limit refused a send (never the address). */
function logRefusal(ctx: RequestContext, providerId: string, decision: RateLimitDecision, byBrowser: boolean): void {
  const rule = decision.refusedBy!
  const who = rule.key.startsWith("email-send:ip:")
    ? "this client IP reached its limit"
    : rule.key.startsWith("email-send:asker:")
      ? `${byBrowser ? "this browser" : "this client"} reached its limit for this address`
      : "this address reached its overall limit"
  ctx.config.logger.error(
    new EmailSendRefused(
      `No sign-in email was sent through provider "${providerId}": ${who} of ${rule.limit} per ${rule.window} s (again in ${decision.retryAfter} s).`,
    ),
  )
}
