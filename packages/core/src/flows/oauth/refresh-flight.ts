/**
 * The single flight of access-token refreshes (docs/sessions.md,
 * "Access-token refresh"): however many callers hold one refresh token —
 * concurrent requests of one process, other instances sharing the
 * configuration's `store`, a page whose cookie could not be rewritten —
 * the token is spent at the provider once.
 *
 * - In one process, callers of the same token share one promise (a map on
 *   the prepared configuration, never module state).
 * - Across processes, the first caller takes a lock in the store (`add`);
 *   the others wait for it to go, then read the result.
 * - The result is kept in the store under a hash of the token it spent,
 *   encrypted with a key derived from that token (only a holder of the
 *   spent token can read what it became), for as long as a session cookie
 *   carrying the spent token can come back (`session.maxAge`, capped by the
 *   store's longest time-to-live): a spent refresh token sent again makes
 *   many providers revoke the whole grant (RFC 9700 §4.14.2). A result whose
 *   refresh token was itself spent later leads to that one's result: the
 *   chain is followed to the newest tokens.
 * - `invalid_grant` is kept the same way, so nobody asks again with a dead
 *   token; a transient failure is kept only for the callers that waited on
 *   that attempt, so the next call tries again.
 */
import { runtimeCrypto } from "#crypto"
import type { ConfigSlot } from "../../config/per-config.js"
import { type PreparedConfig, perConfig } from "../../config/prepare.js"
import { RefreshTokenError } from "../../errors.js"
import { randomHex } from "../../security/random.js"
import { openJwt, sealJwt } from "../../session/jwe.js"
import { type DerivedKey, deriveKey } from "../../session/keys.js"
import { MAX_STORE_TTL } from "../../store/store.js"
import type { RefreshedTokens } from "./refresh-grant.js"

/** What the store keeps for a spent refresh token: the tokens it became, or the provider's refusal. */
type FlightOutcome = { tokens: RefreshedTokens; error?: undefined } | { error: string; tokens?: undefined }

/** The longest chain of rotations followed from one spent token. */
const MAX_CHAIN = 32
/** Pauses while another caller holds the lock: short first, then longer (milliseconds). */
const FIRST_PAUSE_MS = 10
const LONGEST_PAUSE_MS = 200

/** The store keys and the result key of one refresh token. */
interface TokenKeys {
  result: string
  lock: string
  key: DerivedKey
}

async function keysOf(providerId: string, refreshToken: string): Promise<TokenKeys> {
  // A hash names the token in the store; a key derived by HKDF (another function of it) encrypts its result.
  const hash = await runtimeCrypto.sha256Hex(`${providerId}\u0000${refreshToken}`)
  return {
    result: `lk:refresh:${hash}`,
    lock: `lk:refresh-lock:${hash}`,
    key: await deriveKey(refreshToken, `latchkey refresh result ${providerId}`, "A256GCM"),
  }
}

/** How long a result is kept: as long as a cookie carrying the spent token can come back. */
function resultTtl(config: PreparedConfig): number {
  return Math.min(Math.max(1, Math.ceil(Math.max(config.session.maxAge, config.jwt.maxAge))), MAX_STORE_TTL)
}

async function readOutcome(config: PreparedConfig, keys: TokenKeys): Promise<FlightOutcome | undefined> {
  const sealed = await config.store.get(keys.result)
  if (sealed === null) return undefined
  try {
    const { payload } = await openJwt(sealed, () => keys.key)
    return payload.o as FlightOutcome
  } catch {
    // Not readable with this token's key: not its result.
    return undefined
  }
}

async function writeOutcome(config: PreparedConfig, keys: TokenKeys, outcome: FlightOutcome): Promise<void> {
  const ttl = resultTtl(config)
  await config.store.set(keys.result, await sealJwt({ o: outcome }, keys.key, ttl), ttl)
}

/** The newest outcome reachable from `refreshToken`'s result, or `undefined` when the token was never spent. */
async function newestOutcome(config: PreparedConfig, providerId: string, keys: TokenKeys): Promise<FlightOutcome | undefined> {
  let outcome = await readOutcome(config, keys)
  for (let hop = 0; hop < MAX_CHAIN && outcome?.tokens?.rt !== undefined; hop++) {
    const next = await readOutcome(config, await keysOf(providerId, outcome.tokens.rt))
    if (next === undefined) break
    outcome = next
  }
  return outcome
}

function settle(providerId: string, outcome: FlightOutcome): RefreshedTokens {
  if (outcome.tokens) return outcome.tokens
  throw new RefreshTokenError(`Provider "${providerId}" refused the refresh token earlier: ${outcome.error}.`, { code: outcome.error, provider: providerId })
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until the lock is gone (or its time-to-live has passed); answers the holder it saw. */
async function waitForLock(config: PreparedConfig, keys: TokenKeys, lockTtl: number): Promise<string | null> {
  const holder = await config.store.get(keys.lock)
  const deadline = Date.now() + lockTtl * 1000
  let wait = FIRST_PAUSE_MS
  while (Date.now() < deadline) {
    if ((await config.store.get(keys.lock)) === null) break
    await pause(wait)
    wait = Math.min(wait * 2, LONGEST_PAUSE_MS)
  }
  return holder
}

/** Why an attempt of `holder` failed, kept for the callers that waited on it. */
const failureKey = (holder: string) => `lk:refresh-failed:${holder}`

/** One store-coordinated refresh: a result already there, the lock and the grant, or a wait for whoever holds the lock. */
async function flight(
  config: PreparedConfig,
  providerId: string,
  refreshToken: string,
  lockTtl: number,
  grant: () => Promise<RefreshedTokens>,
): Promise<RefreshedTokens> {
  const keys = await keysOf(providerId, refreshToken)
  // Bounded: a lock that keeps changing hands without a result would otherwise loop.
  for (let attempt = 0; attempt < 4; attempt++) {
    const known = await newestOutcome(config, providerId, keys)
    if (known) return settle(providerId, known)
    const owner = randomHex(16)
    if (await config.store.add(keys.lock, owner, lockTtl)) {
      try {
        // The previous holder may have written its result between the read above and the lock.
        const written = await newestOutcome(config, providerId, keys)
        if (written) return settle(providerId, written)
        try {
          const tokens = await grant()
          await writeOutcome(config, keys, { tokens })
          return tokens
        } catch (error) {
          if (error instanceof RefreshTokenError && error.grantEnded) await writeOutcome(config, keys, { error: error.code })
          else await config.store.set(failureKey(owner), error instanceof Error ? error.message : String(error), lockTtl)
          throw error
        }
      } finally {
        await config.store.delete(keys.lock, owner)
      }
    }
    const holder = await waitForLock(config, keys, lockTtl)
    const outcome = await newestOutcome(config, providerId, keys)
    if (outcome) return settle(providerId, outcome)
    const failure = holder === null ? null : await config.store.get(failureKey(holder))
    if (failure !== null) throw new RefreshTokenError(failure, { code: "request_failed", provider: providerId })
  }
  throw new RefreshTokenError(`Provider "${providerId}": the refresh did not finish on any instance; try again.`, {
    code: "request_failed",
    provider: providerId,
  })
}

/** The refreshes in progress in this process, by provider and token (a slot of the prepared configuration). */
const IN_FLIGHT: ConfigSlot<Map<string, Promise<RefreshedTokens>>, PreparedConfig> = { name: "refresh flights", create: () => new Map() }

/**
 * The tokens `refreshToken` of `providerId` became: spent by `grant` exactly
 * once across every caller sharing the configuration's `store`, or read
 * from the store when someone spent it already. `lockTtl` (seconds) bounds
 * how long others wait on a caller that never finishes.
 */
export function refreshOnce(
  config: PreparedConfig,
  providerId: string,
  refreshToken: string,
  lockTtl: number,
  grant: () => Promise<RefreshedTokens>,
): Promise<RefreshedTokens> {
  const flights = perConfig(config, IN_FLIGHT)
  const name = `${providerId}\u0000${refreshToken}`
  const running = flights.get(name)
  if (running) return running
  const started = flight(config, providerId, refreshToken, lockTtl, grant)
    .catch((error: unknown) => {
      if (error instanceof RefreshTokenError) throw error
      // Mostly the store failing (Redis down): without it there is no single flight, so nothing is spent.
      throw new RefreshTokenError(`Provider "${providerId}": the refresh could not complete: ${(error as Error)?.message ?? String(error)}`, {
        code: "request_failed",
        provider: providerId,
        ...(error instanceof Error ? { err: error } : {}),
      })
    })
    .finally(() => flights.delete(name))
  flights.set(name, started)
  return started
}
