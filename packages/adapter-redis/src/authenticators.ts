/**
 * WebAuthn authenticators in Redis: `createAuthenticator`,
 * `getAuthenticator`, `listAuthenticatorsByUserId` and
 * `updateAuthenticatorCounter` (docs/adapters/writing-an-adapter.md). Each is a field
 * of its user's authenticators hash, its signature counter a field of the
 * user's counters hash (so that raising it is one atomic compare on the
 * server); `<prefix>authenticator:<credential ID>` points at the user.
 *
 * @module authenticators
 */
import type { AdapterAuthenticator } from "@latchkey/core/adapters"
import { runScript } from "./client.js"
import { decodeValue, encodeValue } from "./codec.js"
import { RedisAdapterError } from "./errors.js"
import { isKey, requireKey } from "./guards.js"
import { createAuthenticatorScript, dropAuthenticatorScript, getAuthenticatorScript, listAuthenticatorsScript, raiseCounterScript } from "./scripts.js"
import { claimIndex, type Store } from "./store.js"

function requireCounter(operation: string, counter: unknown): number {
  if (typeof counter !== "number" || !Number.isFinite(counter) || counter < 0) {
    throw new RedisAdapterError(operation, "invalid_value", `"counter" must be a finite number ≥ 0`)
  }
  return counter
}

function withCounter(record: string, counter: string | null): AdapterAuthenticator {
  return { ...(decodeValue(record) as AdapterAuthenticator), counter: Number(counter ?? 0) }
}

/** Stores a new authenticator of an existing user; throws when the user is missing or the credential ID is taken. */
export async function createAuthenticator(store: Store, authenticator: AdapterAuthenticator): Promise<AdapterAuthenticator> {
  const userId = requireKey("createAuthenticator", "userId", authenticator.userId)
  const credentialID = requireKey("createAuthenticator", "credentialID", authenticator.credentialID)
  const counter = requireCounter("createAuthenticator", authenticator.counter)
  const { keys, redis } = store
  const field = keys.credentialField(credentialID)
  const { counter: _counter, ...rest } = authenticator
  const record = encodeValue(rest, "the authenticator")
  const userKeys = [keys.user(userId), keys.authenticators(userId), keys.counters(userId)]
  const created = await runScript(redis, createAuthenticatorScript, userKeys, [field, record, String(counter)])
  if (created === -1) throw new RedisAdapterError("createAuthenticator", "unknown_user", "no user with this userId")
  if (created !== 1) throw new RedisAdapterError("createAuthenticator", "duplicate", "this credential ID is already registered")
  const claim = await claimIndex(store, keys.authenticator(field), userId, async (holder) => {
    return (await redis.hexists(keys.authenticators(holder), field)) === 1
  })
  if (claim === "taken") {
    await runScript(redis, dropAuthenticatorScript, userKeys.slice(1), [field])
    throw new RedisAdapterError("createAuthenticator", "duplicate", "this credential ID is already registered")
  }
  return withCounter(record, String(counter))
}

/** The authenticator with this credential ID, or `null`. */
export async function getAuthenticator(store: Store, credentialID: string): Promise<AdapterAuthenticator | null> {
  if (!isKey(credentialID)) return null
  const { keys, redis } = store
  const field = keys.credentialField(credentialID)
  const holder = await redis.get(keys.authenticator(field))
  if (holder === null) return null
  const [record, counter] = (await runScript(redis, getAuthenticatorScript, [keys.authenticators(holder), keys.counters(holder)], [field])) as [
    string | null,
    string | null,
  ]
  return record === null ? null : withCounter(record, counter)
}

/** The user's authenticators; `[]` for a user without any (or an unknown user). */
export async function listAuthenticatorsByUserId(store: Store, userId: string): Promise<AdapterAuthenticator[]> {
  if (!isKey(userId)) return []
  const { keys, redis } = store
  const [records, counters] = (await runScript(redis, listAuthenticatorsScript, [keys.authenticators(userId), keys.counters(userId)])) as [string[], string[]]
  const counterOf = new Map<string, string>()
  for (let i = 0; i + 1 < counters.length; i += 2) counterOf.set(counters[i]!, counters[i + 1]!)
  const list: AdapterAuthenticator[] = []
  for (let i = 0; i + 1 < records.length; i += 2) list.push(withCounter(records[i + 1]!, counterOf.get(records[i]!) ?? null))
  return list
}

/**
 * Sets the signature counter and returns the authenticator. The stored
 * counter only ever rises: a lower value (a sign-in that lost a race to a
 * later one) leaves the higher one in place. Throws for an unknown credential.
 */
export async function updateAuthenticatorCounter(store: Store, credentialID: string, newCounter: number): Promise<AdapterAuthenticator> {
  const counter = requireCounter("updateAuthenticatorCounter", newCounter)
  const unknown = () => new RedisAdapterError("updateAuthenticatorCounter", "not_found", "no authenticator with this credential ID")
  if (!isKey(credentialID)) throw unknown()
  const { keys, redis } = store
  const field = keys.credentialField(credentialID)
  const holder = await redis.get(keys.authenticator(field))
  if (holder === null) throw unknown()
  const result = (await runScript(redis, raiseCounterScript, [keys.authenticators(holder), keys.counters(holder)], [field, String(counter)])) as
    | [string, string]
    | null
  if (!result) throw unknown()
  return withCounter(result[0], result[1])
}
