/**
 * What every group of operations shares: the client, the key layout, and the
 * two helpers that keep the lookup indexes (email, account, credential →
 * user id) consistent without a transaction across hash slots.
 *
 * The rule that makes this safe on Redis Cluster: a user's own keys are the
 * truth, an index entry is only a pointer. Writers store the user's data
 * first and claim the index entry second; readers follow the pointer and
 * check that the user's data still agrees (same email, account still in the
 * user's hash). An entry left behind by a crash or a race therefore reads as
 * "not found", and the next writer replaces it.
 *
 * @module store
 */
import type { AdapterUser } from "@latchkey/core/adapters"
import { type Commands, runScript } from "./client.js"
import { decodeFields } from "./codec.js"
import { IndexContentionError } from "./errors.js"
import type { KeyLayout } from "./keys.js"
import { setIfScript } from "./scripts.js"

/** The client and key layout of one adapter. */
export interface Store {
  readonly redis: Commands
  readonly keys: KeyLayout
}

/** Reads a user's hash; `null` when there is none. */
export async function readUser(store: Store, userId: string): Promise<AdapterUser | null> {
  return decodeFields<AdapterUser>(await store.redis.hgetall(store.keys.user(userId)))
}

// A claim retries only when another writer changed the entry between our
// reads; a few rounds settle any realistic contention.
const CLAIM_ATTEMPTS = 5

/**
 * Points the index entry `key` at `userId`, unless it points at another
 * user for whom `isLive(holder)` confirms the entry (then `"taken"`). An
 * entry whose holder no longer agrees is stale and is replaced with a
 * compare-and-set, so two writers cannot both win it.
 */
export async function claimIndex(store: Store, key: string, userId: string, isLive: (holder: string) => Promise<boolean>): Promise<"claimed" | "taken"> {
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    if ((await store.redis.set(key, userId, "NX")) === "OK") return "claimed"
    const holder = await store.redis.get(key)
    if (holder === null) continue
    if (holder === userId) return "claimed"
    if (await isLive(holder)) return "taken"
    if ((await runScript(store.redis, setIfScript, [key], [holder, userId])) === 1) return "claimed"
  }
  throw new IndexContentionError()
}
