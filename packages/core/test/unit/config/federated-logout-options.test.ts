/**
 * The federated sign-out options are checked with the configuration
 * (config/assert.ts): a clear error naming the provider and the option, at
 * the first request, never a failure halfway through a sign-out.
 */
import { describe, expect, it } from "vitest"
import { MemoryAdapter } from "../../../src/adapters/memory.js"
import { prepareConfig } from "../../../src/config/prepare.js"

const oidc = (extra: Record<string, unknown>) => ({ id: "op", name: "OP", type: "oidc", issuer: "https://op.example", clientId: "c", ...extra })

function errorOf(provider: Record<string, unknown>, options: Record<string, unknown> = {}) {
  const prepared = prepareConfig({ secret: "federated-logout-options-secret-0123456789", trustHost: true, providers: [provider], ...options } as any)
  return prepared.configError
}

describe("federated sign-out options", () => {
  it("accept true, false and an absolute endSessionUrl", () => {
    expect(errorOf(oidc({ federatedSignOut: true, backchannelLogout: true, endSessionUrl: "https://op.example/logout" }))).toBeUndefined()
    expect(errorOf(oidc({ federatedSignOut: false, backchannelLogout: false }))).toBeUndefined()
  })

  it("refuse a flag that is not a boolean", () => {
    expect(errorOf(oidc({ federatedSignOut: "yes" }))).toMatchObject({ type: "InvalidProvider", message: expect.stringMatching(/"op".*federatedSignOut/) })
    expect(errorOf(oidc({ backchannelLogout: 1 }))).toMatchObject({ type: "InvalidProvider", message: expect.stringMatching(/backchannelLogout/) })
  })

  it("refuse backchannelLogout on a plain OAuth provider", () => {
    const oauth = { ...oidc({ backchannelLogout: true }), type: "oauth" }
    expect(errorOf(oauth)).toMatchObject({ type: "InvalidProvider", message: expect.stringMatching(/OpenID Connect/) })
  })

  it("refuse an endSessionUrl that is not an absolute http(s) URL", () => {
    for (const endSessionUrl of ["/logout", "javascript:alert(1)", 42]) {
      expect(errorOf(oidc({ federatedSignOut: true, endSessionUrl }))).toMatchObject({
        type: "InvalidEndpoints",
        message: expect.stringMatching(/endSessionUrl/),
      })
    }
  })

  it("under the database strategy, need the adapter's deleteSessionsByProviderSession", () => {
    const { deleteSessionsByProviderSession: _gone, ...adapter } = MemoryAdapter()
    for (const flag of ["federatedSignOut", "backchannelLogout"]) {
      expect(errorOf(oidc({ [flag]: true }), { adapter, session: { strategy: "database" } })).toMatchObject({
        type: "MissingAdapterMethods",
        message: expect.stringMatching(/deleteSessionsByProviderSession/),
      })
    }
    expect(errorOf(oidc({ backchannelLogout: true }), { adapter: MemoryAdapter(), session: { strategy: "database" } })).toBeUndefined()
    // Under the JWT strategy the store does it: the adapter needs nothing more.
    expect(errorOf(oidc({ backchannelLogout: true }), { adapter, session: { strategy: "jwt" } })).toBeUndefined()
  })
})
