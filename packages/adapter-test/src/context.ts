/**
 * The state one run of the suite shares between its groups: the resolved
 * adapter, the raw reads, and the rule that decides whether a test runs.
 *
 * @module context
 */

import type { AccountTokenUpdate, Adapter, ProviderSessionDeletion, SessionListing } from "@latchkey/core/adapters"
import { it } from "vitest"
import type { AdapterExtension, AdapterOperation, ConformanceDatabase, ConformanceGroup, ConformanceOptions, ExtraFields } from "./options.js"

/** The adapter with every operation present (the suite checks presence before the call). */
export type FullAdapter = Required<Adapter> & ProviderSessionDeletion & Required<AccountTokenUpdate> & Required<SessionListing>

/** What each group's registration function receives. */
export interface SuiteContext {
  /** The adapter, once `beforeAll` has resolved it. */
  readonly adapter: () => FullAdapter
  readonly db: ConformanceDatabase
  readonly extraFields: ExtraFields
  readonly concurrency: number
  readonly webauthn: boolean
  /** See {@link ConformanceOptions.deletesExpired}. */
  readonly deletesExpired: boolean
  /**
   * Registers a test of `group` that calls `operations`. Skipped when the group
   * or one of the operations is in `skip`; otherwise each operation must exist
   * on the adapter, or the test fails naming it.
   */
  readonly test: (group: ConformanceGroup, name: string, operations: readonly (AdapterOperation | AdapterExtension)[], body: () => Promise<void>) => void
}

/** The holder `beforeAll` fills with the resolved adapter. */
export interface AdapterSlot {
  current?: Adapter & SessionListing
}

/** Builds the context for one run of the suite. */
export function createContext(options: ConformanceOptions, slot: AdapterSlot): SuiteContext {
  const skip = new Set<string>(options.skip ?? [])
  const webauthn = options.webauthn ?? true
  if (!webauthn) {
    for (const name of ["authenticators", "counters", "createAuthenticator", "getAuthenticator", "listAuthenticatorsByUserId", "updateAuthenticatorCounter"]) {
      skip.add(name)
    }
  }
  const adapter = (): FullAdapter => {
    if (!slot.current) throw new Error("adapter-test: the adapter is not resolved yet (did db.connect() or the adapter factory fail?)")
    return slot.current as FullAdapter
  }
  return {
    adapter,
    db: options.db,
    extraFields: options.extraFields ?? { user: { role: "admin", phone: "+1 555 0100" } },
    concurrency: options.concurrency ?? 100,
    webauthn,
    deletesExpired: options.deletesExpired ?? false,
    test(group, name, operations, body) {
      const skipped = skip.has(group) || operations.some((operation) => skip.has(operation))
      const run = async () => {
        const current = slot.current
        const missing = operations.filter((operation) => typeof (current as Record<string, unknown> | undefined)?.[operation] !== "function")
        if (missing.length > 0) {
          throw new Error(
            `adapter-test: the adapter does not implement ${missing.join(", ")}. Implement ${missing.length > 1 ? "them" : "it"}, ` +
              `or list ${missing.map((operation) => JSON.stringify(operation)).join(", ")} in the suite's \`skip\` option.`,
          )
        }
        await body()
      }
      if (skipped) it.skip(name, run)
      else it(name, run, options.timeout)
    },
  }
}
