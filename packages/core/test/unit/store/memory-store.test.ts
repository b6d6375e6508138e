import { describe, expect, it } from "vitest"
import { Auth } from "../../../src/index.js"
import { MemoryStore } from "../../../src/store/memory-store.js"

/** A store on a clock the test moves. */
function storeAt(start = 1_000_000) {
  const clock = { now: start }
  return { store: new MemoryStore({ now: () => clock.now }), clock }
}

describe("MemoryStore", () => {
  it("keeps a value until its time-to-live passes, then reads it as absent", () => {
    const { store, clock } = storeAt()
    store.set("k", "v", 10)
    expect(store.get("k")).toBe("v")
    clock.now += 9_999
    expect(store.get("k")).toBe("v")
    clock.now += 1
    expect(store.get("k")).toBeNull()
  })

  it("add sets a key once: the second add answers false until the first expires", () => {
    const { store, clock } = storeAt()
    expect(store.add("lock", "a", 5)).toBe(true)
    expect(store.add("lock", "b", 5)).toBe(false)
    expect(store.get("lock")).toBe("a")
    clock.now += 5_000
    expect(store.add("lock", "b", 5)).toBe(true)
    expect(store.get("lock")).toBe("b")
  })

  it("delete with an expected value deletes only that value (a lock's owner releases its own lock)", () => {
    const { store } = storeAt()
    store.set("lock", "owner-1", 30)
    expect(store.delete("lock", "owner-2")).toBe(false)
    expect(store.get("lock")).toBe("owner-1")
    expect(store.delete("lock", "owner-1")).toBe(true)
    expect(store.get("lock")).toBeNull()
    expect(store.delete("lock")).toBe(false)
  })

  it("increment counts from 1, hands each call its own number, and restarts after expiry", () => {
    const { store, clock } = storeAt()
    expect([store.increment("n", 10), store.increment("n", 10), store.increment("n", 10)]).toEqual([1, 2, 3])
    clock.now += 10_000
    expect(store.increment("n", 10)).toBe(1)
  })

  it("keeps sets: members added and removed, the longer time-to-live wins, an emptied set is gone", () => {
    const { store, clock } = storeAt()
    store.setAdd("s", "a", 100)
    store.setAdd("s", "b", 10)
    store.setAdd("s", "a", 10)
    expect(store.setMembers("s").sort()).toEqual(["a", "b"])
    clock.now += 50_000
    expect(store.setMembers("s").sort()).toEqual(["a", "b"])
    store.setRemove("s", "a")
    store.setRemove("s", "b")
    expect(store.setMembers("s")).toEqual([])
    store.setAdd("s", "c", 1)
    clock.now += 1_000
    expect(store.setMembers("s")).toEqual([])
  })

  it("never mixes a set and a plain value under one key", () => {
    const { store } = storeAt()
    store.setAdd("k", "m", 10)
    expect(store.get("k")).toBeNull()
    store.set("k", "v", 10)
    expect(store.setMembers("k")).toEqual([])
    expect(store.get("k")).toBe("v")
  })

  it("drops expired keys as calls pass by, with no timer", () => {
    const { store, clock } = storeAt()
    for (let i = 0; i < 100; i++) store.set(`old-${i}`, "v", 1)
    expect(store.size).toBe(100)
    clock.now += 1_000
    // Each call looks at two of the oldest keys: 50 calls on another key sweep all 100 away.
    for (let i = 0; i < 50; i++) store.get("other")
    expect(store.size).toBe(0)
    store.set("fresh", "v", 10)
    for (let i = 0; i < 10; i++) expect(store.get("fresh")).toBe("v")
  })
})

describe("the store option", () => {
  it("refuses something that is not a store, naming what it lacks", async () => {
    const errors: Error[] = []
    const config = {
      secret: "a-secret-of-thirty-two-characters-or-more",
      trustHost: true,
      providers: [],
      store: { get() {}, set() {} },
      logger: { error: (error: Error) => errors.push(error), warn: () => {}, debug: () => {} },
    }
    const response = await Auth(new Request("http://localhost/auth/session"), config as never)
    expect(response.status).toBe(500)
    expect(errors[0]?.message).toContain("`store`")
    expect(errors[0]?.message).toContain("add, delete, increment, setAdd, setRemove, setMembers")
  })
})
