/**
 * The client key the rate limits count under: IPv4 per address, IPv6 per
 * subnet (a /64 by default, `rateLimit.ipv6Subnet`), every way of writing
 * one address giving one key, and anything that is not an address an
 * unknown client rather than an error.
 */
import { describe, expect, it } from "vitest"
import { clientIpOf, clientKeyOf } from "../../../src/security/client-ip.js"
import type { RequestInternal } from "../../../src/types.js"

describe("clientKeyOf", () => {
  it("groups every address of one IPv6 /64, however it is written, into one client", () => {
    const sameSubnet = [
      "2001:db8:1:2::1",
      "2001:DB8:1:2::1",
      "2001:db8:1:2:0:0:0:1",
      "2001:0db8:0001:0002:0000:0000:0000:0001",
      "2001:db8:1:2::",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:db8:1:2:a:b:c:d",
      "2001:db8:1:2:8000::",
      "2001:db8:1:2::203.0.113.7",
      "2001:db8:1:2:0:0:cb00:7107",
      "2001:db8:1:2::1%eth0",
      "2001:db8:1:2::1%25en0",
      "[2001:db8:1:2::1]",
      "[2001:db8:1:2::1]:443",
      "[2001:db8:1:2::1%eth0]:8080",
      "  2001:db8:1:2::99  ",
    ]
    for (const form of sameSubnet) expect(clientKeyOf(form), form).toBe("2001:db8:1:2::/64")
  })

  it("keeps neighbouring /64s apart", () => {
    const keys = ["2001:db8:1:2::1", "2001:db8:1:3::1", "2001:db8:1:1:ffff:ffff:ffff:ffff", "2001:db8:0:2::1", "2001:db9:1:2::1", "::1", "fe80::1%eth0"].map(
      (ip) => clientKeyOf(ip),
    )
    expect(new Set(keys).size).toBe(keys.length)
    expect(clientKeyOf("::1")).toBe("::/64")
    expect(clientKeyOf("fe80::1%eth0")).toBe("fe80::/64")
  })

  it("takes the prefix length from ipv6Subnet: /48, /56, /128 and a length that splits a group", () => {
    expect(clientKeyOf("2001:db8:1:2::1", 48)).toBe("2001:db8:1::/48")
    expect(clientKeyOf("2001:db8:1:ff::1", 56)).toBe("2001:db8:1::/56")
    expect(clientKeyOf("2001:db8:1:1ff::1", 56)).toBe("2001:db8:1:100::/56")
    expect(clientKeyOf("2001:db8:1:2:3:4:5:6", 128)).toBe("2001:db8:1:2:3:4:5:6")
    expect(clientKeyOf("2001:0db8:0001:0002:0003:0004:0005:0006", 128)).toBe("2001:db8:1:2:3:4:5:6")
    expect(clientKeyOf("2001:db8:1:2:3:4:5:6", 1)).toBe("::/1")
    expect(clientKeyOf("8001:db8::1", 1)).toBe("8000::/1")
    expect(clientKeyOf("2001:db8:abcd::1", 36)).toBe("2001:db8:a000::/36")
    expect(clientKeyOf("2001:db8:bcd::1", 36)).toBe("2001:db8::/36")
    expect(clientKeyOf("2001:db8:fbcd::1", 36)).toBe("2001:db8:f000::/36")
  })

  it("counts an IPv4 client as its address, IPv4-mapped IPv6 as the same client", () => {
    const sameClient = [
      "203.0.113.7",
      " 203.0.113.7",
      "203.0.113.7:52100",
      "::ffff:203.0.113.7",
      "::FFFF:203.0.113.7",
      "::ffff:cb00:7107",
      "0:0:0:0:0:ffff:203.0.113.7",
      "0000:0000:0000:0000:0000:ffff:cb00:7107",
      "[::ffff:203.0.113.7]",
      "[::ffff:203.0.113.7]:443",
    ]
    for (const form of sameClient) expect(clientKeyOf(form), form).toBe("203.0.113.7")
    expect(clientKeyOf("203.0.113.8")).toBe("203.0.113.8")
    expect(clientKeyOf("0.0.0.0")).toBe("0.0.0.0")
    expect(clientKeyOf("255.255.255.255")).toBe("255.255.255.255")
  })

  it("answers undefined (an unknown client), never throws, for anything that is not an address", () => {
    const notAddresses = [
      "",
      "   ",
      "unknown",
      "localhost",
      "example.com",
      "1.2.3",
      "1.2.3.4.5",
      "256.1.1.1",
      "1.2.3.-4",
      "010.0.0.1",
      "0x7f.0.0.1",
      "1.2.3.4:",
      "1.2.3.4:123456",
      "[1.2.3.4]",
      "１.２.３.４",
      "1:2",
      "1:2:3:4:5:6:7:8:9",
      "2001:db8::1::2",
      "2001:db8::g",
      "12345::1",
      ":::",
      "::ffff:1.2.3.256",
      "%eth0",
      "[::1",
      "::1]",
      "[::1]:x",
      "http://[::1]/",
      "user@203.0.113.7",
      "203.0.113.7/24",
      "2001:db8::/64",
      "203.0.113.7\u0000",
      "2001:db8::\n1",
      `2001:db8::${"0:".repeat(60)}1`,
      "9".repeat(10_000),
    ]
    for (const text of notAddresses) expect(clientKeyOf(text), JSON.stringify(text.slice(0, 40))).toBeUndefined()
  })
})

describe("clientIpOf", () => {
  const request = (clientIp: string | undefined, headers: Record<string, string> = {}) =>
    ({ clientIp, headers: new Headers(headers) }) as unknown as RequestInternal

  it("reads the integration's clientIp, grouped; never a forwarded header unless named", () => {
    expect(clientIpOf(request("2001:db8:1:2::7", { "x-forwarded-for": "198.51.100.1" }))).toBe("2001:db8:1:2::/64")
    expect(clientIpOf(request(undefined, { "x-forwarded-for": "198.51.100.1" }))).toBeUndefined()
    expect(clientIpOf(request("not an address"))).toBeUndefined()
  })

  it("reads the named header's last entry, and the prefix length from the options", () => {
    const proxied = request("10.0.0.1", { "x-real-ip": "198.51.100.1, 2001:db8:1:2::7" })
    expect(clientIpOf(proxied, { clientIpHeader: "x-real-ip" })).toBe("2001:db8:1:2::/64")
    expect(clientIpOf(proxied, { clientIpHeader: "x-real-ip", ipv6Subnet: 56 })).toBe("2001:db8:1::/56")
    expect(clientIpOf(proxied, { clientIpHeader: "x-client-ip" })).toBeUndefined()
    expect(clientIpOf(request("10.0.0.1", { "x-real-ip": "garbage" }), { clientIpHeader: "x-real-ip" })).toBeUndefined()
  })
})
