/**
 * cookieHeaderWithChanges: the Cookie header `auth()` and the server actions
 * read, from the request's own header (the first of a name wins, as core and
 * `/api/auth/session` read it) and the cookies Next's store shows changed.
 */
import { NextRequest } from "next/server.js"
import { describe, expect, it } from "vitest"
import { cookieHeaderWithChanges } from "../../src/request-cookies.js"

/** Next's parse of `header`: the store of a request that sent it, before anything was set. */
function storeOf(header: string) {
  return new NextRequest("http://localhost/", { headers: { cookie: header } }).cookies
}

describe("cookieHeaderWithChanges", () => {
  it("a cookie sent twice: the first copy, although Next's store holds the last", () => {
    const header = "authjs.session-token=first; authjs.session-token=second"
    const store = storeOf(header)
    expect(store.get("authjs.session-token")?.value).toBe("second")
    expect(cookieHeaderWithChanges(header, storeOf(header), store)).toBe("authjs.session-token=first")
  })

  it("chunks sent twice: the first of each", () => {
    const header = "s.0=a0; s.1=a1; s.0=b0; s.1=b1"
    expect(cookieHeaderWithChanges(header, storeOf(header), storeOf(header))).toBe("s.0=a0; s.1=a1")
  })

  it("a cookie set during the request replaces every copy the request sent", () => {
    const header = "authjs.session-token=first; other=1; authjs.session-token=second"
    const store = storeOf(header)
    store.set("authjs.session-token", "renewed")
    expect(cookieHeaderWithChanges(header, storeOf(header), store)).toBe("authjs.session-token=renewed; other=1")
  })

  it("a cookie set during the request that the request did not carry is added", () => {
    const store = storeOf("")
    store.set("authjs.session-token", "new value; with=odd characters")
    expect(cookieHeaderWithChanges(undefined, storeOf(""), store)).toBe(`authjs.session-token=${encodeURIComponent("new value; with=odd characters")}`)
  })

  it("a cookie deleted (or emptied, as Next's delete in a server action leaves it) is gone, with every copy", () => {
    const header = "s.0=a0; s.1=a1; s.0=b0; keep=yes"
    const store = storeOf(header)
    store.delete("s.0")
    store.set("s.1", "")
    store.set("s", "whole")
    expect(cookieHeaderWithChanges(header, storeOf(header), store)).toBe("keep=yes; s=whole")
  })

  it("no cookie at all → undefined", () => {
    expect(cookieHeaderWithChanges(undefined, storeOf(""), storeOf(""))).toBeUndefined()
    expect(cookieHeaderWithChanges("a=1", storeOf("a=1"), { getAll: () => [] })).toBeUndefined()
  })

  it("values are read as core reads them and percent-encoded again", () => {
    const header = "a=%7Bx%7D; b=%zz"
    expect(cookieHeaderWithChanges(header, storeOf(header), storeOf(header))).toBe("a=%7Bx%7D; b=%25zz")
  })
})
