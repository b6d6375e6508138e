/**
 * What an adapter author hands to {@link runAdapterConformance}: the adapter
 * under test, raw reads of their own storage, and what to leave out.
 *
 * @module options
 */
import {
  type ACCOUNT_TOKEN_UPDATE_METHODS,
  ADAPTER_METHODS,
  type Adapter,
  type AdapterAccount,
  type AdapterAuthenticator,
  type AdapterMethod,
  type AdapterSession,
  type AdapterUser,
  type SessionListing,
  type VerificationToken,
} from "@latchkey/core/adapters"
import type { Awaitable } from "@latchkey/core/types"

/** A value or a promise of it (`@latchkey/core/types`' type, re-exported for suite authors). */
export type { Awaitable }

/**
 * Latchkey's optional extensions of the contract that the suite tests
 * (docs/adapters/writing-an-adapter.md): access-token refresh under the
 * `database` strategy (`updateAccount`, `listAccountsByUserId`) and the
 * session listing (`listSessionsByUserId`, `deleteSessionsByUserId`). An
 * adapter without an extension lists it in `skip`.
 */
export type ExtensionOperation = (typeof ACCOUNT_TOKEN_UPDATE_METHODS)[number] | keyof SessionListing

/** The name of one operation of the adapter contract, or of a Latchkey extension the suite tests. */
export type AdapterOperation = AdapterMethod | ExtensionOperation

/** Every operation name: core's list (`ADAPTER_METHODS` of `@latchkey/core/adapters`). */
export const adapterOperations: readonly AdapterOperation[] = ADAPTER_METHODS

/** Latchkey's optional extensions of the contract that the suite tests (`@latchkey/core/adapters`). */
export type AdapterExtension = "deleteSessionsByProviderSession"

/**
 * The groups of the suite. Each is a `describe` block of the same name and
 * can be skipped as a whole.
 *
 * - `users`, `accounts`, `sessions`, `verificationTokens`, `authenticators`:
 *   each operation does what the contract says, checked through the adapter and
 *   through your raw reads.
 * - `usersWithoutEmail`: users whose `email` is `null` (a provider that
 *   returns no address): stored, found by id, account and session,
 *   updated, several at once, while `getUserByEmail` finds the others.
 * - `notFound`: every `get…` answers `null` (and `listAuthenticatorsByUserId`
 *   `[]`) for unknown keys, including ids that do not have the id column's
 *   format, such as `"invalid-user-id"` against a `uuid` column.
 * - `dates`: `emailVerified` and every `expires` come back as `Date`
 *   instances with the same millisecond, on every read path.
 * - `extraFields`: fields beyond the contract's round-trip (see
 *   {@link ConformanceOptions.extraFields}).
 * - `cascades`: `deleteUser` removes the user's sessions, accounts and
 *   authenticators, and nothing of anyone else's.
 * - `singleUse`: 100 concurrent `useVerificationToken` calls for one token,
 *   exactly one of which gets it.
 * - `counters`: the stored WebAuthn signature counter never goes backwards.
 * - `hostile`: quotes, backslashes, `%`, `_`, NUL, 10,000-character values,
 *   unicode and mixed-case emails in every key field.
 * - `providerSessions`: Latchkey's extension for federated sign-out
 *   (`deleteSessionsByProviderSession`, the session's `providerSessionId` and
 *   `providerSubject`). Skip it (or the operation) for an adapter without it.
 * - `updateAccount`: Latchkey's extension for access-token refresh
 *   (`updateAccount`, `listAccountsByUserId`): new tokens replace the old,
 *   `null` clears a field, nobody else's account changes. Skip it (or the
 *   two operations) for an adapter without the extension.
 * - `sessionListing`: Latchkey's session-listing extension
 *   (`listSessionsByUserId`, `deleteSessionsByUserId`, and the optional
 *   `createdAt`, `lastSeenAt`, `userAgent`, `provider` fields of a session).
 *   An adapter written for Auth.js lacks it: skip `"sessionListing"`.
 */
export type ConformanceGroup =
  | "users"
  | "usersWithoutEmail"
  | "accounts"
  | "sessions"
  | "verificationTokens"
  | "authenticators"
  | "notFound"
  | "dates"
  | "extraFields"
  | "cascades"
  | "singleUse"
  | "counters"
  | "hostile"
  | "providerSessions"
  | "updateAccount"
  | "sessionListing"

/**
 * Raw reads of your storage that bypass the adapter, so the suite can check
 * what was really stored (and really deleted). Each returns the stored record
 * with dates as `Date` instances (and booleans as booleans), or `null` when
 * there is none. A record is any object: a row, or an interface such as
 * `AdapterUser` (which `Record<string, unknown>` would refuse).
 */
export interface ConformanceDatabase {
  /** Called once before the first test: create tables, open connections. */
  connect?(): Awaitable<void>
  /** Called once after the last test: close connections, drop test tables. */
  disconnect?(): Awaitable<void>
  user(id: string): Awaitable<Record<string, any> | null>
  session(sessionToken: string): Awaitable<Record<string, any> | null>
  account(key: Pick<AdapterAccount, "provider" | "providerAccountId">): Awaitable<Record<string, any> | null>
  verificationToken(key: Pick<VerificationToken, "identifier" | "token">): Awaitable<Record<string, any> | null>
  /** Required unless `webauthn` is `false`. */
  authenticator?(credentialID: string): Awaitable<Record<string, any> | null>
}

/** Extra fields per model that your storage keeps (columns you added). */
export interface ExtraFields {
  user?: Record<string, unknown>
  account?: Record<string, unknown>
  session?: Record<string, unknown>
  verificationToken?: Record<string, unknown>
  authenticator?: Record<string, unknown>
}

/** Options of {@link runAdapterConformance}. */
export interface ConformanceOptions {
  /**
   * The adapter under test, or a function returning it (called once, after
   * `db.connect()`).
   */
  adapter: Adapter | (() => Awaitable<Adapter>)
  /** Raw reads of your storage. */
  db: ConformanceDatabase
  /**
   * Groups ({@link ConformanceGroup}) or operations ({@link AdapterOperation})
   * to leave out. A test is skipped when its group or any operation it needs is
   * listed. An operation that is neither listed nor implemented fails the
   * tests that need it, naming it. Default: nothing skipped.
   */
  skip?: ReadonlyArray<ConformanceGroup | AdapterOperation | AdapterExtension>
  /**
   * Whether the adapter implements the WebAuthn operations
   * (`createAuthenticator`, `getAuthenticator`, `listAuthenticatorsByUserId`,
   * `updateAuthenticatorCounter`); `false` skips them and the `counters` group.
   * Default: `true`.
   */
  webauthn?: boolean
  /**
   * Extra fields written with each model and expected back unchanged.
   * Default: `{ user: { role: "admin", phone: "+1 555 0100" } }`, the custom
   * user model of Auth.js's suite; pass `{}` (or skip `extraFields`) when your
   * storage keeps no extra fields.
   */
  extraFields?: ExtraFields
  /** How many concurrent calls the `singleUse` group makes. Default: 100. */
  concurrency?: number
  /**
   * Whether your storage itself deletes sessions and verification tokens when
   * their `expires` passes (a TTL, as in Redis). Then a record written already
   * expired may be gone at once: the suite expects it to read as `null`
   * instead of being returned for core to reject. Default: `false` (the
   * record is kept until deleted, as in SQL).
   */
  deletesExpired?: boolean
  /** A name for the outer `describe` block. Default: `"adapter conformance"`. */
  name?: string
  /** Per-test timeout in milliseconds. Default: vitest's configured timeout. */
  timeout?: number
}

/** The stored shapes the suite writes, for authors writing `db` helpers. */
export type StoredModels = {
  user: AdapterUser
  account: AdapterAccount
  session: AdapterSession
  verificationToken: VerificationToken
  authenticator: AdapterAuthenticator
}
