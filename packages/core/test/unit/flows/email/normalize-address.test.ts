/** The default address normaliser of email sign-in: one plain address, or a refusal. */
import { describe, expect, it } from "vitest"
import { EmailSignInError } from "../../../../src/errors.js"
import { MAX_ADDRESS_LENGTH, normalizeAddress } from "../../../../src/flows/email/normalize-address.js"

function refused(input: unknown): void {
  expect(() => normalizeAddress(input)).toThrow(EmailSignInError)
}

describe("normalizeAddress", () => {
  it("lower-cases, trims and applies NFKC", () => {
    expect(normalizeAddress("  Ada@Example.COM ")).toBe("ada@example.com")
    // U+FF41 FULLWIDTH a becomes a plain "a" under NFKC.
    expect(normalizeAddress("\uFF41da@example.com")).toBe("ada@example.com")
  })

  it("keeps a plain address with dots, plus and hyphens as it is", () => {
    expect(normalizeAddress("ada.lovelace+news@mail.example-corp.co.uk")).toBe("ada.lovelace+news@mail.example-corp.co.uk")
  })

  it("CVE-2022-35924: refuses a comma or semicolon list instead of cutting it", () => {
    refused("victim@example.com,attacker@evil.test")
    refused("attacker@evil.test,@victim.example")
    refused("victim@example.com;attacker@evil.test")
  })

  it("GHSA-5jpx-9hw9-2fx4: refuses a quoted local part", () => {
    refused('"attacker@evil.test"@victim.example')
    refused('"ada"@example.com')
  })

  it("GHSA-7rqj-j65f-68wh: a full-width or small @ counts as a second @ (NFKC first)", () => {
    refused("attacker\uFF20evil.test@victim.example")
    refused("attacker\uFE6Bevil.test@victim.example")
  })

  it("refuses a second @, and an address without one", () => {
    refused("a@b@example.com")
    refused("ada.example.com")
  })

  it("refuses an empty local or domain part", () => {
    refused("@example.com")
    refused("ada@")
    refused("@")
  })

  it("refuses whitespace and control characters inside (CR/LF above all)", () => {
    refused("ada@example.com\r\nBcc: attacker@evil.test")
    refused("ada@exam\nple.com")
    refused("ada lovelace@example.com")
    refused("ada\t@example.com")
    refused("ada\u0000@example.com")
    refused("ada\u2028@example.com")
  })

  it("refuses display-name and comment syntax a mail library would parse", () => {
    refused("Ada <attacker@evil.test>")
    refused("ada(comment)@example.com")
  })

  it(`refuses anything over ${MAX_ADDRESS_LENGTH} characters, accepts exactly ${MAX_ADDRESS_LENGTH}`, () => {
    const domain = "@example.com"
    expect(normalizeAddress("a".repeat(MAX_ADDRESS_LENGTH - domain.length) + domain)).toHaveLength(MAX_ADDRESS_LENGTH)
    refused("a".repeat(MAX_ADDRESS_LENGTH - domain.length + 1) + domain)
  })

  it("refuses a missing or non-string address", () => {
    refused(undefined)
    refused("")
    refused(["ada@example.com", "attacker@evil.test"])
  })
})
