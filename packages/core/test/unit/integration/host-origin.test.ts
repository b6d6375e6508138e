/** originFromHost: the strict Host check every integration shares. */
import { describe, expect, it } from "vitest"
import { originFromHost } from "../../../src/integration/index.js"

describe("originFromHost", () => {
  it.each([
    ["https", "app.example:8443", "https://app.example:8443"],
    ["http", "App.Example", "http://app.example"],
    ["HTTPS", "app.example:443", "https://app.example"],
    ["http", "127.0.0.1:3000", "http://127.0.0.1:3000"],
    ["http", "[::1]:3000", "http://[::1]:3000"],
  ])("accepts %s with the host %s as %s (normalised, default port dropped)", (scheme, host, origin) => {
    expect(originFromHost(scheme, host)).toBe(origin)
  })

  it.each([
    ["userinfo with a port", "app.test:80@evil.test"],
    ["userinfo", "user@evil.test"],
    ["percent-encoding", "evil%2etest"],
    ["a backslash", "evil.test\\app.test"],
    ["a space", "evil.test app.test"],
    ["a path", "evil.test/app"],
    ["a query", "evil.test?x"],
    ["a fragment", "evil.test#x"],
    ["a port out of range", "app.test:99999"],
    ["an empty value", ""],
  ])("refuses a host with %s", (_, host) => {
    expect(originFromHost("https", host)).toBeUndefined()
  })

  it("refuses a missing host and a scheme other than http(s)", () => {
    expect(originFromHost("https", undefined)).toBeUndefined()
    expect(originFromHost("https", null)).toBeUndefined()
    expect(originFromHost("ftp", "app.example")).toBeUndefined()
    expect(originFromHost("javascript", "app.example")).toBeUndefined()
  })
})
