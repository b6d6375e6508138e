/**
 * The revocation list (session/revocation.ts): exact by default (every check
 * asks the store), and with `session.revocationCheckInterval` a bounded
 * staleness that saves the store round trips: the version is read at most
 * once per interval, answers are kept until it changes, and the instance
 * that revokes sees it at once. Time is a fake clock, never a wait.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { prepareConfig } from "../../../src/config/prepare.js"
import { isJwtSessionRevoked, revokeJwtSessions } from "../../../src/session/revocation.js"
import { MemoryStore } from "../../../src/store/memory-store.js"
import { runSteps } from "../../../src/util/steps.js"

/** A MemoryStore that answers with promises (as Redis does) and counts its reads. */
class RemoteStore extends MemoryStore {
  reads = 0
  override get(key: string): any {
    this.reads++
    return Promise.resolve(super.get(key))
  }
}

function configWith(store: MemoryStore, interval?: number) {
  return prepareConfig({
    secret: "revocation-test-secret-0123456789abcdef",
    trustHost: true,
    providers: [],
    store,
    ...(interval === undefined ? {} : { session: { revocationCheckInterval: interval } }),
  } as any)
}

const revoked = (config: ReturnType<typeof configWith>, sid: string) => runSteps(isJwtSessionRevoked(config, sid))

afterEach(() => {
  vi.useRealTimers()
})

describe("the JWT session revocation list", () => {
  it("with the memory store the check is synchronous", async () => {
    const config = configWith(new MemoryStore())
    expect(revoked(config, "a")).toBe(false)
    await revokeJwtSessions(config, ["a"])
    expect(revoked(config, "a")).toBe(true)
    expect(revoked(config, "b")).toBe(false)
  })

  it("by default every check asks the store: another instance's revocation holds at the next read", async () => {
    const store = new RemoteStore()
    const here = configWith(store)
    const there = configWith(store)
    expect(await revoked(here, "s1")).toBe(false)
    await revokeJwtSessions(there, ["s1"])
    expect(await revoked(here, "s1")).toBe(true)
  })

  it("with an interval, one version read per interval and one read per session until the version moves", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const store = new RemoteStore()
    const here = configWith(store, 5)
    const there = configWith(store, 5)
    for (let round = 0; round < 10; round++) expect(await revoked(here, "s1")).toBe(false)
    expect(store.reads).toBe(2)

    await revokeJwtSessions(there, ["s1"])
    // Within the interval this instance still answers from what it knew: the staleness the option allows.
    expect(await revoked(here, "s1")).toBe(false)
    vi.advanceTimersByTime(5000)
    expect(await revoked(here, "s1")).toBe(true)
    // The instance that revoked knows at once.
    expect(await revoked(there, "s1")).toBe(true)
  })

  it("rejects a revocationCheckInterval that is not a number of seconds", () => {
    const config = configWith(new MemoryStore(), "soon" as any)
    expect(config.configError?.message).toMatch(/session\.revocationCheckInterval/)
  })
})
