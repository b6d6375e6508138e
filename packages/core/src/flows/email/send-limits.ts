/**
 * The rate limits on sending sign-in email (docs/providers/email.md, "Rate
 * limits"): per client IP first, then per address, in the order
 * docs/rate-limiting.md recommends (a client past its own limit spends
 * nothing of a victim address's limit). The limiter lives in a slot of the
 * prepared configuration, over `rateLimit.store` or a memory store of its own.
 */
import type { RequestContext } from "../../context.js"
import type { RateLimitWindow } from "../../config/auth-config.js"
import type { ConfigSlot } from "../../config/per-config.js"
import { type PreparedConfig, perConfig } from "../../config/prepare.js"
import { EmailSendRefused } from "../../errors.js"
import { clientIpOf } from "../../security/client-ip.js"
import { createRateLimiter, type RateLimitDecision, type RateLimiter, type RateLimitRule } from "../../security/rate-limit/limiter.js"

/** Default messages to one address: 1 per minute, 5 per hour. */
export const DEFAULT_PER_ADDRESS: readonly RateLimitWindow[] = [
  { limit: 1, window: 60 },
  { limit: 5, window: 3600 },
]
/** Default messages asked for by one client IP: 20 per hour. */
export const DEFAULT_PER_CLIENT: readonly RateLimitWindow[] = [{ limit: 20, window: 3600 }]

const EMAIL_LIMITER: ConfigSlot<RateLimiter, PreparedConfig> = {
  name: "email send limiter",
  create: (config) => createRateLimiter({ store: config.rateLimit.store }),
}

const byWindow = (a: RateLimitWindow, b: RateLimitWindow) => a.window - b.window

/** The rules for one send, IP first, shortest window first within a key. */
function sendRules(ctx: RequestContext, address: string): RateLimitRule[] {
  const options = ctx.config.rateLimit
  const rules: RateLimitRule[] = []
  const ip = clientIpOf(ctx.request, options.clientIpHeader?.toLowerCase())
  if (ip !== undefined) {
    for (const { limit, window } of [...(options.email?.perClient ?? DEFAULT_PER_CLIENT)].sort(byWindow)) {
      rules.push({ key: `email-send:ip:${ip}`, limit, window })
    }
  }
  for (const { limit, window } of [...(options.email?.perAddress ?? DEFAULT_PER_ADDRESS)].sort(byWindow)) {
    rules.push({ key: `email-send:address:${address}`, limit, window })
  }
  return rules
}

/**
 * Counts one send to `address` (under every provider: one inbox, one
 * limit) against the limits; `true` when it may go.
 * A refusal, and a store that fails (Redis down), are logged as
 * {@link EmailSendRefused} and answer `false`: nothing is sent without a limit.
 */
export async function admitSend(ctx: RequestContext, providerId: string, address: string): Promise<boolean> {
  const limiter = perConfig(ctx.config, EMAIL_LIMITER)
  let decision: RateLimitDecision
  try {
    decision = await limiter.check(sendRules(ctx, address))
  } catch (error) {
    ctx.config.logger.error(
      new EmailSendRefused(`The rate-limit store failed, so no sign-in email was sent through provider "${providerId}".`, error as Error),
    )
    return false
  }
  if (decision.ok) return true
  const rule = decision.refusedBy!
  const who = rule.key.startsWith("email-send:ip:") ? "this client IP" : "this address"
  ctx.config.logger.error(
    new EmailSendRefused(
      `No sign-in email was sent through provider "${providerId}": ${who} reached its limit of ${rule.limit} per ${rule.window} s (again in ${decision.retryAfter} s).`,
    ),
  )
  return false
}
