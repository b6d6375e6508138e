/**
 * `@latchkey/adapter-test`: the conformance suite for database adapters of
 * Latchkey and Auth.js (docs/adapters/writing-an-adapter.md). Call
 * {@link runAdapterConformance} at the top level of a vitest file, with your
 * adapter and raw reads of your database; it registers one `describe` block
 * per group of rules.
 *
 * @example
 * ```ts
 * import { runAdapterConformance } from "@latchkey/adapter-test"
 * import { MyAdapter, connect } from "../src/index.js"
 *
 * const client = await connect(process.env.DATABASE_URL)
 * runAdapterConformance({
 *   adapter: MyAdapter(client),
 *   db: {
 *     disconnect: () => client.close(),
 *     user: (id) => client.findOne("users", { id }),
 *     session: (sessionToken) => client.findOne("sessions", { sessionToken }),
 *     account: ({ provider, providerAccountId }) => client.findOne("accounts", { provider, providerAccountId }),
 *     verificationToken: ({ identifier, token }) => client.findOne("verification_tokens", { identifier, token }),
 *     authenticator: (credentialID) => client.findOne("authenticators", { credentialID }),
 *   },
 * })
 * ```
 *
 * @module @latchkey/adapter-test
 */
import { afterAll, beforeAll, describe } from "vitest"
import { type AdapterSlot, createContext } from "./context.js"
import { accountsGroup } from "./groups/accounts.js"
import { authenticatorsGroup } from "./groups/authenticators.js"
import { cascadesGroup } from "./groups/cascades.js"
import { countersGroup } from "./groups/counters.js"
import { datesGroup } from "./groups/dates.js"
import { extraFieldsGroup } from "./groups/extra-fields.js"
import { hostileGroup } from "./groups/hostile.js"
import { notFoundGroup } from "./groups/not-found.js"
import { providerSessionsGroup } from "./groups/provider-sessions.js"
import { sessionListingGroup } from "./groups/session-listing.js"
import { sessionsGroup } from "./groups/sessions.js"
import { singleUseGroup } from "./groups/single-use.js"
import { updateAccountGroup } from "./groups/update-account.js"
import { usersGroup } from "./groups/users.js"
import { usersWithoutEmailGroup } from "./groups/users-without-email.js"
import { verificationTokensGroup } from "./groups/verification-tokens.js"
import type { ConformanceOptions } from "./options.js"

export { newAccount, newAuthenticator, newSession, newUser, newUserWithoutEmail, newVerificationToken, randomId } from "./fixtures.js"
export { type HostileValue, hostileValues, LONG_LENGTH, lookalikes } from "./hostile-values.js"
export type {
  AdapterExtension,
  AdapterOperation,
  Awaitable,
  ConformanceDatabase,
  ConformanceGroup,
  ConformanceOptions,
  ExtensionOperation,
  ExtraFields,
  StoredModels,
} from "./options.js"
export { adapterOperations } from "./options.js"

/**
 * Registers the conformance suite with vitest: a `describe` block named
 * `options.name` (default `"adapter conformance"`) holding one block per
 * {@link ConformanceGroup}. `db.connect()` runs before the first test and
 * `db.disconnect()` after the last; the adapter (or the function returning
 * it) is resolved in between.
 *
 * Every test writes its own records under random keys, so the suite can run
 * against a database that holds other data, and any group or operation can
 * be left out with `options.skip`. An operation that is neither skipped nor
 * implemented fails the tests that need it, naming it.
 *
 * What the rules are, and why: see the README of this package and the
 * TSDoc of each group's module.
 */
export function runAdapterConformance(options: ConformanceOptions): void {
  if (options.webauthn !== false && typeof options.db.authenticator !== "function") {
    throw new TypeError("runAdapterConformance: db.authenticator(credentialID) is required to test the WebAuthn operations; add it, or pass webauthn: false.")
  }
  const slot: AdapterSlot = {}
  const ctx = createContext(options, slot)
  describe(options.name ?? "adapter conformance", () => {
    beforeAll(async () => {
      await options.db.connect?.()
      slot.current = typeof options.adapter === "function" ? await options.adapter() : options.adapter
    })
    afterAll(async () => {
      await options.db.disconnect?.()
    })
    usersGroup(ctx)
    usersWithoutEmailGroup(ctx)
    accountsGroup(ctx)
    sessionsGroup(ctx)
    verificationTokensGroup(ctx)
    authenticatorsGroup(ctx)
    notFoundGroup(ctx)
    datesGroup(ctx)
    extraFieldsGroup(ctx)
    cascadesGroup(ctx)
    singleUseGroup(ctx)
    countersGroup(ctx)
    hostileGroup(ctx)
    providerSessionsGroup(ctx)
    updateAccountGroup(ctx)
    sessionListingGroup(ctx)
  })
}
export { type RateLimitStoreTestOptions, runRateLimitStoreTests } from "./rate-limit.js"
export { runStoreTests, type StoreTestOptions } from "./store.js"
