/** encodeParsedForm: a framework-parsed form body turned back into the body core parses. */
import { describe, expect, it } from "vitest"
import { encodeParsedForm } from "../../../src/integration/index.js"

describe("encodeParsedForm", () => {
  it("encodes flat fields so URLSearchParams reads the same values back", () => {
    const body = encodeParsedForm({ csrfToken: "a+b/c=", callbackUrl: "https://app.test/x?y=1&z" })
    const read = new URLSearchParams(body)
    expect(read.get("csrfToken")).toBe("a+b/c=")
    expect(read.get("callbackUrl")).toBe("https://app.test/x?y=1&z")
  })

  it("repeats the key of an array, flattens nested objects as key[sub], null as empty, leaves undefined out", () => {
    const body = encodeParsedForm({ scope: ["a", "b"], user: { name: "Ann", tags: ["x"] }, empty: null, gone: undefined, n: 3 })
    expect([...new URLSearchParams(body)]).toEqual([
      ["scope", "a"],
      ["scope", "b"],
      ["user[name]", "Ann"],
      ["user[tags]", "x"],
      ["empty", ""],
      ["n", "3"],
    ])
  })

  it("gives an empty body for no fields", () => {
    expect(encodeParsedForm({})).toBe("")
  })
})
