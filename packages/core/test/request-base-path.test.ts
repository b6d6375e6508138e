/**
 * A base path named per request (`AuthRequestLike.basePath`), as framework
 * integrations pass their mount path: routing and every URL of the answer
 * follow it, while one configuration object keeps one prepared state (its
 * warnings are logged once, whatever paths the requests arrive under).
 */
import { describe, expect, it } from "vitest"
import { type AuthConfig, type AuthResponseParts, handleAuthRequest, skipCSRFCheck } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"

const ORIGIN = "http://localhost:3000"

function makeConfig(warnings: string[] = [], overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: "request-base-path-test-secret-0123456789",
    trustHost: true,
    logger: { error: () => {}, warn: (code) => void warnings.push(code), debug: () => {} },
    providers: [Credentials({ credentials: { username: {} }, authorize: () => null })],
    ...overrides,
  }
}

function get(path: string, basePath?: string) {
  return { method: "GET", url: `${ORIGIN}${path}`, headers: new Headers(), body: null, ...(basePath === undefined ? {} : { basePath }) }
}

async function answer(request: ReturnType<typeof get>, config: AuthConfig): Promise<AuthResponseParts> {
  return handleAuthRequest(request, config)
}

describe("a base path named by the request", () => {
  it("routes below it and builds the /providers URLs under it", async () => {
    const response = await answer(get("/t/acme/auth/providers", "/t/acme/auth"), makeConfig())
    expect(response.status).toBe(200)
    expect(JSON.parse(response.body ?? "")).toMatchObject({
      credentials: {
        signinUrl: `${ORIGIN}/t/acme/auth/signin/credentials`,
        callbackUrl: `${ORIGIN}/t/acme/auth/callback/credentials`,
      },
    })
  })

  it("wins over the configuration's basePath: a path below the configured one is not routed", async () => {
    const config = makeConfig([], { basePath: "/auth" })
    expect((await answer(get("/auth/providers", "/t/acme/auth"), config)).status).toBe(400)
    expect((await answer(get("/auth/providers"), config)).status).toBe(200)
  })

  it("is normalised: a trailing slash is ignored and the empty string is the root", async () => {
    const config = makeConfig()
    const trailing = await answer(get("/t/acme/auth/providers", "/t/acme/auth/"), config)
    expect(JSON.parse(trailing.body ?? "").credentials.signinUrl).toBe(`${ORIGIN}/t/acme/auth/signin/credentials`)
    const root = await answer(get("/providers", ""), config)
    expect(JSON.parse(root.body ?? "").credentials.signinUrl).toBe(`${ORIGIN}/signin/credentials`)
  })

  it("is where the sign-in page's forms post and where errors redirect", async () => {
    const config = makeConfig()
    const page = await answer(get("/t/acme/auth/signin", "/t/acme/auth"), config)
    expect(page.body).toContain(`action="${ORIGIN}/t/acme/auth/callback/credentials"`)
    // An unknown provider is refused with a redirect to the error page under this base path.
    const refused = await answer(get("/t/acme/auth/signin/nobody", "/t/acme/auth"), config)
    expect(refused.status).toBe(302)
    expect(refused.headers.location).toBe(`${ORIGIN}/t/acme/auth/error?error=Configuration`)
  })

  it("keeps one prepared state per configuration: its warnings are logged once across base paths", async () => {
    const warnings: string[] = []
    const config = makeConfig(warnings, { skipCSRFCheck })
    for (const tenant of ["acme", "ACME", "other", "x", "y"]) {
      expect((await answer(get(`/t/${tenant}/auth/session`, `/t/${tenant}/auth`), config)).status).toBe(200)
    }
    expect(warnings.filter((code) => code === "csrf-disabled")).toHaveLength(1)
  })
})
