/** Which Express versions ExpressAuth accepts at creation: 4 and 5, not 3 or older. */
import { describe, expect, it } from "vitest"
import { assertSupportedExpress, UnsupportedExpressVersion } from "../../src/express-version.js"

describe("assertSupportedExpress", () => {
  it.each(["4.21.2", "4.22.3", "5.0.0", "5.1.0", "6.0.0-beta.1"])("accepts express %s", (version) => {
    expect(() => assertSupportedExpress(version)).not.toThrow()
  })

  it("refuses Express 3, naming the version found and what to install", () => {
    expect(() => assertSupportedExpress("3.21.2")).toThrow(UnsupportedExpressVersion)
    expect(() => assertSupportedExpress("3.21.2")).toThrow(/requires Express 4 or later, but found express 3\.21\.2.*npm install express@5/)
  })

  it("lets an unreadable version through (a bundled app has no package.json to read)", () => {
    expect(() => assertSupportedExpress(undefined)).not.toThrow()
    expect(() => assertSupportedExpress("not-a-version")).not.toThrow()
  })
})
