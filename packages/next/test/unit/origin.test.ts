import { setEnvDefaults } from "@latchkey/core"
import { describe, expect, it } from "vitest"
import { publicOrigin } from "../../src/origin.js"

const hostile = new Headers({ host: "evil.test", "x-forwarded-host": "evil.test", "x-forwarded-proto": "https" })

describe("publicOrigin (the one origin rule)", () => {
  it("uses the AUTH_URL origin setEnvDefaults recorded, whatever the headers say", () => {
    const config = { providers: [] }
    setEnvDefaults({ AUTH_URL: "https://app.example/api/auth" }, config)
    expect(publicOrigin(hostile, config)).toBe("https://app.example")
  })

  it("takes nothing from the headers without trustHost", () => {
    expect(publicOrigin(hostile, { trustHost: false })).toBeUndefined()
    expect(publicOrigin(new Headers({ host: "app.example" }), {})).toBeUndefined()
  })

  it("with trustHost, takes X-Forwarded-Proto/-Host (first value), else Host over http", () => {
    expect(
      publicOrigin(new Headers({ "x-forwarded-host": "app.example, proxy.internal", "x-forwarded-proto": "https,http", host: "internal:3000" }), {
        trustHost: true,
      }),
    ).toBe("https://app.example")
    expect(publicOrigin(new Headers({ host: "localhost:3000" }), { trustHost: true })).toBe("http://localhost:3000")
  })

  it("refuses a host that a URL parser would read as another authority", () => {
    expect(publicOrigin(new Headers({ host: "app.test:80@evil.test" }), { trustHost: true })).toBeUndefined()
    expect(publicOrigin(new Headers({ host: "app.test/evil" }), { trustHost: true })).toBeUndefined()
    expect(publicOrigin(new Headers({ host: "app.test", "x-forwarded-proto": "javascript" }), { trustHost: true })).toBeUndefined()
  })
})
