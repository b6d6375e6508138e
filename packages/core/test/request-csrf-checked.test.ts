/**
 * A request the integration vouches for (`AuthRequestLike.csrfChecked`), as
 * `@latchkey/next`'s server actions pass theirs: the double-submit CSRF check
 * is skipped for that request only and nothing warns, while `skipCSRFCheck`
 * in the app's own configuration still logs `csrf-disabled`.
 */
import { describe, expect, it } from "vitest"
import { type AuthConfig, type AuthResponseParts, handleAuthRequest, skipCSRFCheck } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"

const ORIGIN = "http://localhost:3000"
const ALICE = { id: "alice-1", name: "Alice", email: "alice@example.test" }

function makeConfig(warnings: string[], overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: "request-csrf-checked-test-secret-0123456789",
    trustHost: true,
    logger: { error: () => {}, warn: (code) => void warnings.push(code), debug: () => {} },
    providers: [
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: (fields) => (fields.username === "alice" && fields.password === "wonderland" ? ALICE : null),
      }),
    ],
    ...overrides,
  }
}

/** The credentials form as a server action posts it: no CSRF token, no cookie. */
function credentialsPost(extra: { csrfChecked?: boolean } = {}) {
  const body = new URLSearchParams({ username: "alice", password: "wonderland", callbackUrl: "/dashboard" }).toString()
  return {
    method: "POST",
    url: `${ORIGIN}/auth/callback/credentials`,
    headers: new Headers({ "content-type": "application/x-www-form-urlencoded" }),
    body: new Blob([body]).stream(),
    ...extra,
  }
}

const signedIn = (parts: AuthResponseParts) => parts.cookies.some((cookie) => cookie.startsWith("authjs.session-token="))

describe("csrfChecked: the integration vouches for one request", () => {
  it("signs in without a CSRF token, and logs no csrf-disabled warning", async () => {
    const warnings: string[] = []
    const parts = await handleAuthRequest(credentialsPost({ csrfChecked: true }), makeConfig(warnings))
    expect(parts.headers.location).toBe(`${ORIGIN}/dashboard`)
    expect(signedIn(parts)).toBe(true)
    expect(warnings).not.toContain("csrf-disabled")
  })

  it("covers that request only: the same configuration still refuses a POST without the token (MissingCSRF)", async () => {
    const warnings: string[] = []
    const config = makeConfig(warnings)
    await handleAuthRequest(credentialsPost({ csrfChecked: true }), config)
    const refused = await handleAuthRequest(credentialsPost(), config)
    expect(refused.headers.location).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`)
    expect(signedIn(refused)).toBe(false)
  })

  it("is a flag the integration sets, never read from the request: a header of that name changes nothing", async () => {
    const request = credentialsPost()
    request.headers.set("csrfChecked", "true")
    const refused = await handleAuthRequest(request, makeConfig([]))
    expect(refused.headers.location).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`)
  })

  it("leaves GET /csrf as it is: the token is still served for the app's own forms", async () => {
    const parts = await handleAuthRequest({ method: "GET", url: `${ORIGIN}/auth/csrf`, headers: new Headers(), body: null, csrfChecked: true }, makeConfig([]))
    expect(parts.status).toBe(200)
    expect(JSON.parse(parts.body ?? "{}").csrfToken).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe("skipCSRFCheck set by the app itself", () => {
  it("still logs csrf-disabled, once per configuration", async () => {
    const warnings: string[] = []
    const config = makeConfig(warnings, { skipCSRFCheck })
    await handleAuthRequest(credentialsPost(), config)
    await handleAuthRequest(credentialsPost({ csrfChecked: true }), config)
    expect(warnings.filter((code) => code === "csrf-disabled")).toHaveLength(1)
  })
})
