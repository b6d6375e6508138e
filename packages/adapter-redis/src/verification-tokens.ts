/**
 * Verification tokens (email sign-in) in Redis: `createVerificationToken`
 * and `useVerificationToken` (docs/adapters/writing-an-adapter.md). A token is a string
 * key named by both its identifier and its token — a lookup by the
 * identifier alone can never find it (the flaw of GHSA-4rxr-27mm-mxq9 in
 * Auth.js's Upstash adapter) — that Redis deletes at `expires`. It is read
 * and deleted in one GETDEL, so of any number of concurrent uses exactly
 * one gets it.
 *
 * @module verification-tokens
 */
import type { VerificationToken } from "@latchkey/core/adapters"
import { decodeValue, encodeValue } from "./codec.js"
import { isKey, requireKey, requireTime } from "./guards.js"
import type { Store } from "./store.js"

/** Stores a token that Redis deletes at its `expires`; a token with the same identifier and value is replaced. */
export async function createVerificationToken(store: Store, token: VerificationToken): Promise<VerificationToken> {
  const identifier = requireKey("createVerificationToken", "identifier", token.identifier)
  const value = requireKey("createVerificationToken", "token", token.token)
  const expires = requireTime("createVerificationToken", "expires", token.expires)
  const record = encodeValue(token, "the verification token")
  await store.redis.set(store.keys.verification(identifier, value), record, "PXAT", expires)
  return decodeValue(record) as VerificationToken
}

/** Returns the token and deletes it, atomically; `null` when there is none (used, expired or never created). */
export async function useVerificationToken(store: Store, { identifier, token }: { identifier: string; token: string }): Promise<VerificationToken | null> {
  if (!isKey(identifier) || !isKey(token)) return null
  const record = await store.redis.getdel(store.keys.verification(identifier, token))
  return record === null ? null : (decodeValue(record) as VerificationToken)
}
