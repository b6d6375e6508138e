import { describe, expect, it } from "vitest"
import { sameSession } from "../../src/session-equality.js"

const bob = { user: { name: "Bob", email: "bob@example.test" }, expires: "2030-01-01T00:00:00.000Z" }

describe("sameSession", () => {
  it("takes a session that only moved its expiry as unchanged", () => {
    expect(sameSession(bob, { ...bob, expires: "2030-01-02T00:00:00.000Z" })).toBe(true)
  })
  it("sees a changed user field, an added field, and a nested array change", () => {
    expect(sameSession(bob, { ...bob, user: { ...bob.user, name: "Robert" } })).toBe(false)
    expect(sameSession(bob, { ...bob, role: "admin" } as typeof bob)).toBe(false)
    const withRoles = (roles: string[]) => ({ ...bob, roles }) as typeof bob
    expect(sameSession(withRoles(["a", "b"]), withRoles(["a", "b"]))).toBe(true)
    expect(sameSession(withRoles(["a", "b"]), withRoles(["a"]))).toBe(false)
    expect(sameSession(withRoles(["a"]), { ...bob, roles: { 0: "a" } } as typeof bob)).toBe(false)
  })
  it("tells signed out from signed in, and unknown from signed out", () => {
    expect(sameSession(null, null)).toBe(true)
    expect(sameSession(null, bob)).toBe(false)
    expect(sameSession(bob, null)).toBe(false)
    expect(sameSession(undefined, null)).toBe(false)
  })
})
