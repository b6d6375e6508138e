/** originFromHost: the strict Host check every integration shares. */
import { describe, expect, it } from "vitest"
import { httpOrigin } from "../../../src/integration/host-origin.js"
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

  it("gives exactly the URL parser's origin for hosts it might rewrite or refuse (numbers, Punycode, case, ports)", () => {
    // A deterministic generator (mulberry32), so a failure names a host that fails again.
    let seed = 0x5eed
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
    const labels = [
      "app",
      "a",
      "x-y",
      "-a",
      "a-",
      "xn--",
      "xn--bcher-kva",
      "xn--zz",
      "0",
      "00",
      "01",
      "127",
      "255",
      "256",
      "0x",
      "0x7f",
      "0xg",
      "1a",
      "Ab",
      "A",
      "9",
      "4294967295",
      "",
    ]
    const ports = ["", ":0", ":80", ":443", ":080", ":8080", ":65535", ":65536", ":99999", ":00"]
    const reference = (scheme: string, host: string): string | undefined => {
      try {
        return new URL(`${scheme}://${host}`).origin
      } catch {
        return undefined
      }
    }
    // Dotted quads are rare among random label sequences: each of these with every port too.
    const quads = ["127.0.0.1", "0.0.0.0", "255.255.255.255", "10.0.0.01", "1.2.3.256", "01.2.3.4", "1.2.3", "1.2.3.4.5", "0x7f.0.0.1"]
    const fixed = quads.flatMap((quad) => ports.map((port) => quad + port))
    let checked = 0
    for (let i = 0; i < 20_000 + fixed.length; i++) {
      const count = 1 + Math.floor(random() * 4)
      const host = fixed[i - 20_000] ?? Array.from({ length: count }, () => pick(labels)).join(".") + pick(ports)
      const scheme = pick(["http", "https", "HTTP"])
      // Hosts outside the strict pattern are refused before any parsing; those cases are above.
      if (!/^[a-z0-9.-]+(?::\d{1,5})?$/i.test(host)) continue
      expect(originFromHost(scheme, host), `${scheme}://${host}`).toBe(reference(scheme.toLowerCase(), host))
      checked++
    }
    expect(checked).toBeGreaterThan(10_000)
  })

  it("reads configured origins (httpOrigin) as the URL parser does, path and all", () => {
    const values = [
      "http://app.example",
      "https://app.example:443",
      "http://app.example:80",
      "https://App.example",
      "https://app.example/",
      "https://app.example/base",
      "http://127.1:3000",
      "http://127.0.0.1:3000",
      "https://xn--zz.example",
      "https://app.example:0443",
      "ftp://app.example",
      "https://app.example:65536",
      "http://0x7f.1",
      "https://a.b.c:8443",
    ]
    for (const value of values) {
      let expected: string | undefined
      try {
        const url = new URL(value)
        expected = url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined
      } catch {
        expected = undefined
      }
      expect(httpOrigin(value), value).toBe(expected)
    }
  })

  it("refuses a missing host and a scheme other than http(s)", () => {
    expect(originFromHost("https", undefined)).toBeUndefined()
    expect(originFromHost("https", null)).toBeUndefined()
    expect(originFromHost("ftp", "app.example")).toBeUndefined()
    expect(originFromHost("javascript", "app.example")).toBeUndefined()
  })
})
