/**
 * `AuthRequestLike.fixedOrigin`: the origin an integration's own `origin`
 * option fixed wins over the `AUTH_URL` origin `setEnvDefaults` recorded,
 * while a request without it (every web `Request`) still follows AUTH_URL.
 */
import { describe, expect, it } from "vitest"
import { Auth, type AuthConfig, type AuthResponseParts, handleAuthRequest, setEnvDefaults } from "../src/index.js"
import { readSession } from "../src/integration/index.js"
import { encode } from "../src/jwt.js"
import Credentials from "../src/providers/credentials.js"

const SECRET = "request-fixed-origin-test-secret-0123456789"

function recordedConfig(errors: string[] = []): AuthConfig {
  const config: AuthConfig = {
    secret: SECRET,
    logger: { error: (error) => void errors.push(error.message), warn: () => {}, debug: () => {} },
    providers: [Credentials({ credentials: { username: {} }, authorize: () => null })],
  }
  setEnvDefaults({ AUTH_URL: "http://recorded.example/auth" }, config)
  return config
}

function providersRequest(extra: { fixedOrigin?: string } = {}) {
  return { method: "GET", url: "http://evil.test/auth/providers", headers: new Headers(), body: null, ...extra }
}

const signinUrlOf = (parts: AuthResponseParts) => (JSON.parse(parts.body ?? "") as { credentials: { signinUrl: string } }).credentials.signinUrl

describe("a request naming the origin its integration's option fixed", () => {
  it("builds its URLs on that origin (path dropped), not on the recorded AUTH_URL's or the URL's", async () => {
    const parts = await handleAuthRequest(providersRequest({ fixedOrigin: "https://fixed.example:8443/ignored" }), recordedConfig())
    expect(parts.status).toBe(200)
    expect(signinUrlOf(parts)).toBe("https://fixed.example:8443/auth/signin/credentials")
  })

  it("without it, the recorded AUTH_URL's origin wins over the URL's (as Auth() with a web Request)", async () => {
    const config = recordedConfig()
    expect(signinUrlOf(await handleAuthRequest(providersRequest(), config))).toBe("http://recorded.example/auth/signin/credentials")
    const viaAuth = (await (await Auth(new Request("http://evil.test/auth/providers"), config)).json()) as { credentials: { signinUrl: string } }
    expect(viaAuth.credentials.signinUrl).toBe("http://recorded.example/auth/signin/credentials")
  })

  it.each(["fixed.example", "ftp://fixed.example", ""])("answers a malformed fixedOrigin %j with the configuration error, logged", async (fixedOrigin) => {
    const errors: string[] = []
    const parts = await handleAuthRequest(providersRequest({ fixedOrigin }), recordedConfig(errors))
    expect(parts.status).toBe(500)
    expect(parts.body).not.toContain("fixed.example")
    expect(errors.join("\n")).toMatch(/fixedOrigin must be an absolute http\(s\) URL/)
  })

  it("readSession with fixedOrigin reads the cookie names of that origin's scheme", async () => {
    const config = recordedConfig()
    const salt = "__Secure-authjs.session-token"
    const cookie = `${salt}=${await encode({ secret: SECRET, salt, token: { name: "Ada", sub: "1" } })}`
    // The recorded AUTH_URL is http: without fixedOrigin the __Secure- cookie is not the session cookie.
    expect(await readSession({ cookie, origin: "https://fixed.example" }, config)).toBeNull()
    const session = await readSession({ cookie, origin: "https://fixed.example", fixedOrigin: "https://fixed.example" }, config)
    expect(session?.user?.name).toBe("Ada")
  })
})
