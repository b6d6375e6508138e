import { describe, expect, it } from "vitest"
import { CHANNEL_NAME, readSessionMessage } from "../../src/broadcast.js"

describe("the cross-tab message", () => {
  it("uses next-auth/react's channel name", () => {
    expect(CHANNEL_NAME).toBe("next-auth")
  })
  it("reads next-auth's messages, which carry no session", () => {
    expect(readSessionMessage({ event: "session", data: { trigger: "signout" } })).toEqual({ event: "session", data: { trigger: "signout" } })
    expect(readSessionMessage({ event: "session", data: { trigger: "getSession" } })).toEqual({ event: "session", data: { trigger: "getSession" } })
  })
  it("reads ours with the session, signed out included", () => {
    const session = { user: { name: "Bob" }, expires: "2030-01-01T00:00:00.000Z" }
    expect(readSessionMessage({ event: "session", data: { trigger: "getSession" }, latchkey: { session } })?.latchkey).toEqual({ session })
    expect(readSessionMessage({ event: "session", data: { trigger: "signout" }, latchkey: { session: null } })?.latchkey).toEqual({ session: null })
  })
  it("ignores what is not a session message", () => {
    for (const value of [null, "session", 42, {}, { event: "other" }]) expect(readSessionMessage(value)).toBeUndefined()
  })
})
