/**
 * The time a send takes, so that a limited send answers no sooner than a
 * sent one (docs/providers/email.md, "How long an answer takes").
 *
 * A real send waits for the mail server (an SMTP round trip, or a mail
 * API's); a limited one has nothing to wait for and would answer that much
 * sooner, which tells a patient observer that it was limited. So each
 * prepared configuration remembers, per provider, how long its last
 * {@link KEPT_DURATIONS} successful sends took from the limit check to the
 * answer, and a limited send waits until as long has passed as one of
 * them, drawn at random: its answers then take as long as real ones do,
 * spread the same way.
 *
 * Padding rather than queueing (answering first, sending after): a queued
 * send that fails could no longer be reported, and the user would wait for
 * a message that never comes; serverless platforms may also stop work that
 * outlives its answer.
 */
import type { ConfigSlot } from "../../config/per-config.js"
import { type PreparedConfig, perConfig } from "../../config/prepare.js"

/** How many recent durations are kept per provider. */
export const KEPT_DURATIONS = 16

/** Recent durations of successful sends, per provider id. */
class SendDurations {
  readonly #byProvider = new Map<string, number[]>()

  record(provider: string, milliseconds: number): void {
    const kept = this.#byProvider.get(provider) ?? []
    this.#byProvider.set(provider, kept)
    kept.push(milliseconds)
    if (kept.length > KEPT_DURATIONS) kept.shift()
  }

  /** One of the kept durations, drawn uniformly; `undefined` before the first send. */
  draw(provider: string): number | undefined {
    const kept = this.#byProvider.get(provider)
    if (!kept?.length) return undefined
    return kept[crypto.getRandomValues(new Uint32Array(1))[0]! % kept.length]
  }
}

const SEND_DURATIONS: ConfigSlot<SendDurations, PreparedConfig> = {
  name: "email send durations",
  create: () => new SendDurations(),
}

/** A point in time to measure a send from: call it before the limit check. */
export function sendClock(): number {
  return performance.now()
}

/** Records a successful send through `provider` that started at `startedAt` ({@link sendClock}). */
export function recordSendDuration(config: PreparedConfig, provider: string, startedAt: number): void {
  perConfig(config, SEND_DURATIONS).record(provider, Math.max(0, performance.now() - startedAt))
}

/**
 * Waits, for a limited send through `provider` that started at
 * `startedAt`, until as long has passed as one of the provider's recent
 * real sends took. Before the first real send in this configuration there
 * is nothing to match, and it does not wait.
 */
export async function padLimitedSend(config: PreparedConfig, provider: string, startedAt: number): Promise<void> {
  const target = perConfig(config, SEND_DURATIONS).draw(provider)
  if (target === undefined) return
  const remaining = target - (performance.now() - startedAt)
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining))
}
