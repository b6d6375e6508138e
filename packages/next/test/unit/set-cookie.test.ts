import { serialize } from "cookie"
import { describe, expect, it } from "vitest"
import { parseSetCookie } from "../../src/set-cookie.js"

describe("parseSetCookie", () => {
  it("reads back what core's serialiser writes, attributes included", () => {
    const expires = new Date("2030-01-02T03:04:05.000Z")
    const header = serialize("__Secure-authjs.session-token", "eyJ.a b%", {
      path: "/",
      expires,
      httpOnly: true,
      secure: true,
      sameSite: "lax",
      domain: "app.example",
    })
    expect(parseSetCookie(header)).toEqual({
      name: "__Secure-authjs.session-token",
      value: "eyJ.a b%",
      options: { path: "/", expires, httpOnly: true, secure: true, sameSite: "lax", domain: "app.example" },
    })
  })

  it("reads a deletion (Max-Age=0, empty value)", () => {
    expect(parseSetCookie(serialize("authjs.csrf-token", "", { path: "/", maxAge: 0 }))).toEqual({
      name: "authjs.csrf-token",
      value: "",
      options: { path: "/", maxAge: 0 },
    })
  })

  it("keeps a value that is not percent-encoding as sent, and ignores unknown or malformed attributes", () => {
    expect(parseSetCookie("a=%E0%A4%A; SameSite=Sideways; Max-Age=soon; Expires=never; Priority=High; Partitioned; Foo=bar")).toEqual({
      name: "a",
      value: "%E0%A4%A",
      options: { priority: "high", partitioned: true },
    })
  })

  it("refuses a line without a name", () => {
    expect(parseSetCookie("=value; Path=/")).toBeUndefined()
    expect(parseSetCookie("no-equals-sign")).toBeUndefined()
  })
})
