/**
 * resolvePublicOrigin: the one origin rule of every integration, in its
 * order: the integration's `origin`, then AUTH_URL (recorded by
 * setEnvDefaults, else read from `env`), then the Host only with trustHost.
 */
import { describe, expect, it } from "vitest"
import { setEnvDefaults } from "../../../src/config/env.js"
import type { AuthConfig } from "../../../src/index.js"
import { resolvePublicOrigin } from "../../../src/integration/index.js"

const HOSTILE = "evil.test"

describe("resolvePublicOrigin", () => {
  it("takes the integration's origin option first, normalised, over AUTH_URL and the Host", () => {
    const config = { trustHost: true } as AuthConfig
    setEnvDefaults({ AUTH_URL: "https://recorded.example/auth" }, config)
    const origin = resolvePublicOrigin({
      origin: "HTTPS://Fixed.Example:443/some/path",
      config,
      env: { AUTH_URL: "https://env.example" },
      host: HOSTILE,
    })
    expect(origin).toBe("https://fixed.example")
  })

  it("refuses an origin option that is not an absolute http(s) URL, naming it", () => {
    expect(() => resolvePublicOrigin({ origin: "app.example", config: {} })).toThrow(
      new TypeError('The origin option must be an absolute http(s) URL; got "app.example".'),
    )
    expect(() => resolvePublicOrigin({ origin: "ftp://app.example", config: {} })).toThrow(TypeError)
  })

  it("takes the AUTH_URL origin setEnvDefaults recorded next, whatever env and the Host say", () => {
    const config = {} as AuthConfig
    setEnvDefaults({ AUTH_URL: "https://recorded.example:8443/auth" }, config)
    const origin = resolvePublicOrigin({ config, env: { AUTH_URL: "https://env.example" }, host: HOSTILE, trustHost: true })
    expect(origin).toBe("https://recorded.example:8443")
  })

  it("then AUTH_URL, else NEXTAUTH_URL, in env; an empty value counts as unset", () => {
    expect(resolvePublicOrigin({ config: {}, env: { AUTH_URL: "https://env.example/auth" }, host: HOSTILE, trustHost: true })).toBe("https://env.example")
    expect(resolvePublicOrigin({ config: {}, env: { AUTH_URL: "", NEXTAUTH_URL: "http://next.example:3000" }, host: HOSTILE })).toBe("http://next.example:3000")
  })

  it("refuses a malformed AUTH_URL or NEXTAUTH_URL in env rather than falling back to the Host", () => {
    expect(() => resolvePublicOrigin({ config: {}, env: { AUTH_URL: "localhost:3000" }, host: "app.test", trustHost: true })).toThrow(
      new TypeError('AUTH_URL must be an absolute http(s) URL; got "localhost:3000".'),
    )
    expect(() => resolvePublicOrigin({ config: {}, env: { NEXTAUTH_URL: "app.example" } })).toThrow(/^NEXTAUTH_URL must be/)
  })

  it("reads no environment unless given one", () => {
    expect(resolvePublicOrigin({ config: {} })).toBeUndefined()
  })

  it("uses the Host, with the request's scheme, when the configuration trusts the host", () => {
    expect(resolvePublicOrigin({ config: { trustHost: true }, host: "App.Test:8080", scheme: "https" })).toBe("https://app.test:8080")
    // AUTH_TRUST_HOST arrives as a string through setEnvDefaults' environment.
    expect(resolvePublicOrigin({ config: { trustHost: "1" }, host: "app.test" })).toBe("http://app.test")
  })

  it("never uses the Host when the host is not trusted: the integration answers with core's UntrustedHost", () => {
    expect(resolvePublicOrigin({ config: {}, host: "app.test" })).toBeUndefined()
    expect(resolvePublicOrigin({ config: { trustHost: false }, host: "app.test" })).toBeUndefined()
    expect(resolvePublicOrigin({ config: { trustHost: "false" }, host: "app.test" })).toBeUndefined()
  })

  it("lets the trustHost option decide over the configuration's, both ways", () => {
    expect(resolvePublicOrigin({ config: { trustHost: false }, host: "app.test", trustHost: true })).toBe("http://app.test")
    expect(resolvePublicOrigin({ config: { trustHost: true }, host: "app.test", trustHost: false })).toBeUndefined()
  })

  it.each(["app.test:80@evil.test", "user@evil.test", "evil%2etest", "evil.test\\app.test", "evil.test app.test", ""])(
    "refuses the trusted host %j rather than reading another authority out of it",
    (host) => {
      expect(resolvePublicOrigin({ config: { trustHost: true }, host, scheme: "https" })).toBeUndefined()
    },
  )

  it("refuses a scheme other than http(s) for a trusted host", () => {
    expect(resolvePublicOrigin({ config: { trustHost: true }, host: "app.test", scheme: "gopher" })).toBeUndefined()
  })
})
