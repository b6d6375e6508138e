/**
 * Accounts in Redis: `linkAccount`, `unlinkAccount` and `getAccount` (see
 * docs/adapters/writing-an-adapter.md), and Latchkey's `updateAccount` and
 * `listAccountsByUserId` (access-token refresh, docs/sessions.md). An account is a field of its user's accounts hash,
 * under the user's hash tag; `<prefix>account:<provider>:<id>` points at the
 * user and is trusted only while that field exists.
 *
 * @module accounts
 */
import type { AdapterAccount } from "@latchkey/core/adapters"
import { runScript } from "./client.js"
import { decodeValue, encodeValue } from "./codec.js"
import { RedisAdapterError } from "./errors.js"
import { isKey, requireKey } from "./guards.js"
import { deleteIfScript, linkAccountScript, replaceFieldScript, takeFieldScript } from "./scripts.js"
import { claimIndex, type Store } from "./store.js"

/**
 * Links an account to an existing user. Linking the same account to the same
 * user again replaces it (new tokens); linking it while another user has it
 * is refused.
 */
export async function linkAccount(store: Store, account: AdapterAccount): Promise<AdapterAccount> {
  const userId = requireKey("linkAccount", "userId", account.userId)
  const provider = requireKey("linkAccount", "provider", account.provider)
  const providerAccountId = requireKey("linkAccount", "providerAccountId", account.providerAccountId)
  const { keys, redis } = store
  const field = keys.accountField(provider, providerAccountId)
  const record = encodeValue(account, "the account")
  const stored = await runScript(redis, linkAccountScript, [keys.user(userId), keys.accounts(userId)], [field, record])
  if (stored === -1) throw new RedisAdapterError("linkAccount", "unknown_user", "no user with this userId")
  const claim = await claimIndex(store, keys.account(field), userId, async (holder) => {
    return (await redis.hexists(keys.accounts(holder), field)) === 1
  })
  if (claim === "taken") {
    // Undo the field written above: the account stays with its user.
    await runScript(redis, takeFieldScript, [keys.accounts(userId)], [field])
    throw new RedisAdapterError("linkAccount", "duplicate", "this account is already linked to another user")
  }
  return decodeValue(record) as AdapterAccount
}

/** Unlinks an account; returns it, or `undefined` when no user had it. */
export async function unlinkAccount(
  store: Store,
  { provider, providerAccountId }: Pick<AdapterAccount, "provider" | "providerAccountId">,
): Promise<AdapterAccount | undefined> {
  if (!isKey(provider) || !isKey(providerAccountId)) return undefined
  const { keys, redis } = store
  const field = keys.accountField(provider, providerAccountId)
  const holder = await redis.get(keys.account(field))
  if (holder === null) return undefined
  const record = (await runScript(redis, takeFieldScript, [keys.accounts(holder)], [field])) as string | null
  await runScript(redis, deleteIfScript, [keys.account(field)], [holder])
  return record === null ? undefined : (decodeValue(record) as AdapterAccount)
}

/** The account with this provider and provider account id, or `null`. */
export async function getAccount(store: Store, providerAccountId: string, provider: string): Promise<AdapterAccount | null> {
  if (!isKey(provider) || !isKey(providerAccountId)) return null
  const { keys, redis } = store
  const field = keys.accountField(provider, providerAccountId)
  const holder = await redis.get(keys.account(field))
  if (holder === null) return null
  const record = await redis.hget(keys.accounts(holder), field)
  return record === null ? null : (decodeValue(record) as AdapterAccount)
}

/**
 * Writes the given fields onto an account (`null` clears one; the
 * identifying fields never change) and returns it; throws `not_found` when
 * no user has it.
 */
export async function updateAccount(
  store: Store,
  update: Partial<AdapterAccount> & Pick<AdapterAccount, "provider" | "providerAccountId">,
): Promise<AdapterAccount> {
  const notFound = () => new RedisAdapterError("updateAccount", "not_found", "no account with this provider and providerAccountId")
  if (!isKey(update.provider) || !isKey(update.providerAccountId)) throw notFound()
  const { keys, redis } = store
  const field = keys.accountField(update.provider, update.providerAccountId)
  const holder = await redis.get(keys.account(field))
  const current = holder === null ? null : await redis.hget(keys.accounts(holder), field)
  if (holder === null || current === null) throw notFound()
  const account = decodeValue(current) as Record<string, unknown>
  for (const [name, value] of Object.entries(update)) {
    if (value === undefined || name === "userId" || name === "type" || name === "provider" || name === "providerAccountId") continue
    if (value === null) delete account[name]
    else account[name] = value
  }
  const record = encodeValue(account, "the account")
  if ((await runScript(redis, replaceFieldScript, [keys.accounts(holder)], [field, record])) !== 1) throw notFound()
  return decodeValue(record) as AdapterAccount
}

/** Every account of the user; `[]` for an unknown user. */
export async function listAccountsByUserId(store: Store, userId: string): Promise<AdapterAccount[]> {
  if (!isKey(userId)) return []
  const fields = await store.redis.hgetall(store.keys.accounts(userId))
  return Object.values(fields).map((record) => decodeValue(record) as AdapterAccount)
}
