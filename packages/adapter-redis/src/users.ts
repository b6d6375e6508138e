/**
 * Users in Redis: `createUser`, `getUser`, `getUserByEmail`,
 * `getUserByAccount`, `updateUser` and `deleteUser` (see
 * docs/adapters/writing-an-adapter.md). A user is a hash under their own hash tag; the email index is
 * a separate key that only points at them (see {@link claimIndex}).
 *
 * @module users
 */
import type { AdapterAccount, AdapterUser } from "@latchkey/core/adapters"
import { runScript } from "./client.js"
import { decodeFields, decodeValue, encodeFields, encodeValue } from "./codec.js"
import { RedisAdapterError } from "./errors.js"
import { isKey } from "./guards.js"
import { createHashScript, deleteHashIfScript, deleteIfScript, deleteUserScript, restoreFieldScript, updateHashScript, userIfFieldScript } from "./scripts.js"
import { claimIndex, readUser, type Store } from "./store.js"

/** Whether the email index entry `email` → `holder` is confirmed by the holder's data. */
function emailOwner(store: Store, email: string) {
  return async (holder: string) => (await readUser(store, holder))?.email === email
}

/** Creates a user (the given `id`, or a random UUID); refuses a taken id or email. */
export async function createUser(store: Store, user: AdapterUser): Promise<AdapterUser> {
  const id = isKey(user.id) && user.id !== "" ? user.id : crypto.randomUUID()
  const record = { ...user, id }
  const created = await runScript(store.redis, createHashScript, [store.keys.user(id)], ["", ...encodeFields(record)])
  if (created !== 1) throw new RedisAdapterError("createUser", "duplicate", "a user with this id already exists")
  if (!isKey(record.email)) return decodeFields<AdapterUser>(encodeFields(record))!
  try {
    const claim = await claimIndex(store, store.keys.email(record.email), id, emailOwner(store, record.email))
    if (claim === "taken") throw new RedisAdapterError("createUser", "duplicate", "another user already has this email address")
  } catch (error) {
    // Undo the user written above, so that a failed create leaves nothing behind.
    await store.redis.del(store.keys.user(id)).catch(() => {})
    throw error
  }
  return decodeFields<AdapterUser>(encodeFields(record))!
}

/** The user with this id, or `null`. */
export async function getUser(store: Store, id: string): Promise<AdapterUser | null> {
  return isKey(id) ? readUser(store, id) : null
}

/** The user with exactly this email, or `null`. */
export async function getUserByEmail(store: Store, email: string): Promise<AdapterUser | null> {
  if (!isKey(email)) return null
  const holder = await store.redis.get(store.keys.email(email))
  if (holder === null) return null
  const user = await readUser(store, holder)
  // A stale entry (the user changed email or is gone) is "not found".
  return user?.email === email ? user : null
}

/** The user who has linked this account, or `null`. */
export async function getUserByAccount(
  store: Store,
  { provider, providerAccountId }: Pick<AdapterAccount, "provider" | "providerAccountId">,
): Promise<AdapterUser | null> {
  if (!isKey(provider) || !isKey(providerAccountId)) return null
  const field = store.keys.accountField(provider, providerAccountId)
  const holder = await store.redis.get(store.keys.account(field))
  if (holder === null) return null
  const hash = await runScript(store.redis, userIfFieldScript, [store.keys.accounts(holder), store.keys.user(holder)], [field])
  return decodeFields<AdapterUser>(hash as string[] | null)
}

/**
 * Writes the given fields of an existing user (`undefined` ones are left
 * alone) and returns the user. Moving to an email another user has is
 * refused, and the user's old email is put back.
 */
export async function updateUser(store: Store, user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Promise<AdapterUser> {
  const { id, ...changes } = user
  if (!isKey(id)) throw new RedisAdapterError("updateUser", "not_found", "no user with this id")
  const emailChanges = changes.email !== undefined
  const result = (await runScript(store.redis, updateHashScript, [store.keys.user(id)], ["", emailChanges ? "email" : "", ...encodeFields(changes)])) as
    | [string | null, string[]]
    | null
  if (!result) throw new RedisAdapterError("updateUser", "not_found", "no user with this id")
  const [before, after] = result
  const updated = decodeFields<AdapterUser>(after)!
  if (!emailChanges) return updated

  const previous = before === null ? undefined : decodeValue(before)
  const email = changes.email
  if (previous === email) return updated
  if (isKey(email)) {
    const claim = await claimIndex(store, store.keys.email(email), id, emailOwner(store, email))
    if (claim === "taken") {
      await runScript(store.redis, restoreFieldScript, [store.keys.user(id)], ["email", encodeValue(email), before ?? ""])
      throw new RedisAdapterError("updateUser", "duplicate", "another user already has this email address")
    }
  }
  if (isKey(previous)) await runScript(store.redis, deleteIfScript, [store.keys.email(previous)], [id])
  return updated
}

/**
 * Removes everything of the user under their hash tag at once (user,
 * accounts, session index, authenticators, counters), then their index
 * entries and sessions. Returns the deleted user, or `null`.
 */
export async function deleteUser(store: Store, userId: string): Promise<AdapterUser | null> {
  if (!isKey(userId)) return null
  const { keys, redis } = store
  const [userHash, accountFields, sessionMembers, credentialFields] = (await runScript(redis, deleteUserScript, [
    keys.user(userId),
    keys.accounts(userId),
    keys.sessions(userId),
    keys.authenticators(userId),
    keys.counters(userId),
  ])) as [string[], string[], string[], string[]]
  const user = decodeFields<AdapterUser>(userHash)
  const owner = [userId]
  await Promise.all([
    isKey(user?.email) ? runScript(redis, deleteIfScript, [keys.email(user.email)], owner) : null,
    ...accountFields.map((field) => runScript(redis, deleteIfScript, [keys.account(field)], owner)),
    ...credentialFields.map((field) => runScript(redis, deleteIfScript, [keys.authenticator(field)], owner)),
    ...sessionMembers.map((member) => runScript(redis, deleteHashIfScript, [keys.session(member)], ["userId", encodeValue(userId)])),
  ])
  return user
}
