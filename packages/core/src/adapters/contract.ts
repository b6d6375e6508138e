/**
 * The adapter contract (docs/adapters/writing-an-adapter.md): an object of optional
 * functions that read and write users, accounts, sessions, verification
 * tokens and authenticators. Identical to `@auth/core/adapters` 0.41, so any
 * published `@auth/*-adapter` plugs in unchanged.
 *
 * @module adapters
 */
import type { AdapterAccount } from "../model/account.js"
import type { AdapterAuthenticator } from "../model/authenticator.js"
import type { Awaitable } from "../model/common.js"
import type { AdapterSession } from "../model/session.js"
import type { AdapterUser } from "../model/user.js"
import type { VerificationToken } from "../model/verification-token.js"

// The records an adapter stores are declared in model/, with the rest of the data model.
export type { AdapterAccount, AdapterAccountType } from "../model/account.js"
export type { AdapterAuthenticator, Authenticator } from "../model/authenticator.js"
export type { AdapterSession } from "../model/session.js"
export type { AdapterUser } from "../model/user.js"
export type { VerificationToken } from "../model/verification-token.js"

/**
 * The 19 optional operations of the data layer. Where `null` is listed it is
 * the required result for "not found". Latchkey checks at startup that the
 * operations the configured features need are present, and names the missing
 * ones in a `MissingAdapterMethods` error.
 */
export interface Adapter {
  createUser?(user: AdapterUser): Awaitable<AdapterUser>
  getUser?(id: string): Awaitable<AdapterUser | null>
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>
  getUserByAccount?(providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">): Awaitable<AdapterUser | null>
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Awaitable<AdapterUser>
  /** Not called by Latchkey's core flows yet. */
  deleteUser?(userId: string): Promise<void> | Awaitable<AdapterUser | null | undefined>
  linkAccount?(account: AdapterAccount): Promise<void> | Awaitable<AdapterAccount | null | undefined>
  /** Not called by Latchkey's core flows yet. */
  unlinkAccount?(providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">): Promise<void> | Awaitable<AdapterAccount | undefined>
  createSession?(session: { sessionToken: string; userId: string; expires: Date }): Awaitable<AdapterSession>
  getSessionAndUser?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>
  updateSession?(session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">): Awaitable<AdapterSession | null | undefined>
  /** Returning the deleted session is preferred. */
  deleteSession?(sessionToken: string): Promise<void> | Awaitable<AdapterSession | null | undefined>
  createVerificationToken?(verificationToken: VerificationToken): Awaitable<VerificationToken | null | undefined>
  /** Returns the token and deletes it: single use. */
  useVerificationToken?(params: { identifier: string; token: string }): Awaitable<VerificationToken | null>
  getAccount?(providerAccountId: AdapterAccount["providerAccountId"], provider: AdapterAccount["provider"]): Awaitable<AdapterAccount | null>
  getAuthenticator?(credentialID: AdapterAuthenticator["credentialID"]): Awaitable<AdapterAuthenticator | null>
  /** Must throw on failure. */
  createAuthenticator?(authenticator: AdapterAuthenticator): Awaitable<AdapterAuthenticator>
  /** An empty list for an unknown user; must throw on any other failure. */
  listAuthenticatorsByUserId?(userId: AdapterAuthenticator["userId"]): Awaitable<AdapterAuthenticator[]>
  /** Must throw on failure (including an unknown credential). */
  updateAuthenticatorCounter?(credentialID: AdapterAuthenticator["credentialID"], newCounter: AdapterAuthenticator["counter"]): Awaitable<AdapterAuthenticator>
}

/**
 * Latchkey's optional extension of the contract (not one of the 19): an
 * adapter that has it lets a passkey sign-in refresh the authenticator's
 * backup state (W3C WebAuthn L3 §6.1.3, the BE/BS flags), which
 * `updateAuthenticatorCounter` cannot store. The passkey flow calls it only
 * when the state changed; an adapter without it keeps the state from
 * registration (docs/providers/passkey.md, "Backup state").
 * `MemoryAdapter` and `@latchkey/adapter-kysely` have it.
 */
export interface AuthenticatorBackupStateUpdate {
  /** Stores `state` on the authenticator `credentialID`; must throw when there is none. */
  updateAuthenticatorBackupState?(
    credentialID: AdapterAuthenticator["credentialID"],
    state: Pick<AdapterAuthenticator, "credentialBackedUp" | "credentialDeviceType">,
  ): Awaitable<AdapterAuthenticator>
}

/** Which provider session a database session came from: either field, or both. */
export interface ProviderSessionQuery {
  /** `"<providerId>:<sid>"`: the provider's session id (the ID token's `sid`). */
  providerSessionId?: string
  /** `"<providerId>:<sub>"`: the provider's subject (the ID token's `sub`). */
  providerSubject?: string
}

/**
 * Latchkey's optional extension of the contract for federated sign-out
 * (OpenID Connect Back-Channel Logout 1.0; docs/sessions.md, "Federated
 * sign-out"; docs/adapters/writing-an-adapter.md). An adapter that has it is
 * handed a session's `providerSessionId` and `providerSubject` in
 * `createSession` (and must store them and return them with the session);
 * a configuration with `backchannelLogout` or `federatedSignOut` under the
 * database strategy fails with `MissingAdapterMethods` without it.
 * `MemoryAdapter`, `@latchkey/adapter-kysely` and `@latchkey/adapter-redis`
 * have it.
 */
export interface ProviderSessionDeletion {
  /**
   * Deletes every session whose `providerSessionId` equals the query's (when
   * given) and whose `providerSubject` equals the query's (when given), and
   * returns them; `[]` when none matched. A query with neither field
   * deletes nothing. Must throw on failure.
   */
  deleteSessionsByProviderSession?(query: ProviderSessionQuery): Awaitable<AdapterSession[]>
}

/**
 * Latchkey's optional extension of the contract for access-token refresh
 * under the `database` strategy (docs/sessions.md, "Access-token refresh";
 * docs/adapters/writing-an-adapter.md). A configuration with a provider
 * that sets `refresh` and `session.strategy: "database"` fails with
 * `MissingAdapterMethods` naming whichever is missing. `MemoryAdapter`,
 * `@latchkey/adapter-kysely` and `@latchkey/adapter-redis` have both.
 */
export interface AccountTokenUpdate {
  /**
   * Writes the given fields onto the account `provider` +
   * `providerAccountId` and returns the stored account. A field set to
   * `null` is cleared (the tokens of a grant the provider ended); a field
   * left out keeps its value. Must throw when there is no such account.
   */
  updateAccount?(account: Partial<AdapterAccount> & Pick<AdapterAccount, "provider" | "providerAccountId">): Awaitable<AdapterAccount>
  /** Every account of the user, in no particular order; an empty list for an unknown user. */
  listAccountsByUserId?(userId: string): Awaitable<AdapterAccount[]>
}

/** The methods of {@link AccountTokenUpdate}, as `MissingAdapterMethods` names them. */
export const ACCOUNT_TOKEN_UPDATE_METHODS = ["updateAccount", "listAccountsByUserId"] as const

/**
 * Latchkey's optional extension of the contract for sessions a user can see
 * and end (docs/sessions.md, "Sessions a user can see and end"; ASVS 5.0
 * V7.4, V7.5). With both methods, the database strategy serves
 * `GET {basePath}/sessions`, `POST {basePath}/sessions/revoke`,
 * `listSessions`, `revokeSession`, `revokeOtherSessions` and
 * `revokeUserSessions`, and Latchkey hands `createSession` and
 * `updateSession` the optional `AdapterSession` fields `createdAt`,
 * `lastSeenAt`, `userAgent` and `provider` to store. An adapter without
 * them gets exactly the calls of the Auth.js contract.
 * `MemoryAdapter`, `@latchkey/adapter-kysely` and `@latchkey/adapter-redis`
 * have them; `@latchkey/adapter-test` checks them (group `sessionListing`).
 */
export interface SessionListing {
  /**
   * Every stored session of `userId` (expired ones may be included; the
   * caller filters them), with the optional activity fields as stored. An
   * empty list for an unknown user; must throw on any other failure.
   */
  listSessionsByUserId?(userId: string): Awaitable<AdapterSession[]>
  /** Deletes every session of `userId` and answers how many were deleted (0 for an unknown user). */
  deleteSessionsByUserId?(userId: string): Awaitable<number>
}

/** The name of one operation of the adapter contract. */
export type AdapterMethod = keyof Adapter

// Listing every method exactly once is checked by the type: a missing or unknown name does not compile.
const methodTable = {
  createUser: true,
  getUser: true,
  getUserByEmail: true,
  getUserByAccount: true,
  updateUser: true,
  deleteUser: true,
  linkAccount: true,
  unlinkAccount: true,
  getAccount: true,
  createSession: true,
  getSessionAndUser: true,
  updateSession: true,
  deleteSession: true,
  createVerificationToken: true,
  useVerificationToken: true,
  createAuthenticator: true,
  getAuthenticator: true,
  listAuthenticatorsByUserId: true,
  updateAuthenticatorCounter: true,
} as const satisfies Record<AdapterMethod, true>

/**
 * The 19 operations of the adapter contract, users first, then accounts,
 * sessions, verification tokens and authenticators (the order of
 * docs/adapters/writing-an-adapter.md). The conformance suite
 * (`@latchkey/adapter-test`) and adapter tests take the list from here.
 */
export const ADAPTER_METHODS: readonly AdapterMethod[] = Object.freeze(Object.keys(methodTable) as AdapterMethod[])

/** Whether `value` is an ISO 8601 date-time string, for adapters that store dates as text. */
export function isDate(value: unknown): value is string {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))
}
