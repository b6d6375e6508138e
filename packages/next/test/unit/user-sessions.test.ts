/**
 * `revokeUserSessions(userId)` of `NextAuth()`: it runs on the configuration
 * the route handlers use — `AUTH_SECRET` and `AUTH_TRUST_HOST` from the
 * environment, as NextAuth fills them in — and ends the user's database
 * sessions, nobody else's.
 */
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import Credentials from "@latchkey/core/providers/credentials"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"

const { default: NextAuth } = await import("../../src/index.js")

beforeEach(() => {
  vi.stubEnv("AUTH_SECRET", "next-user-sessions-secret-0123456789abcdef")
  vi.stubEnv("AUTH_TRUST_HOST", "true")
})
afterEach(() => {
  vi.unstubAllEnvs()
})

describe("revokeUserSessions of NextAuth()", () => {
  it("ends every database session of the user with the secret from the environment, and leaves other users' alone", async () => {
    const adapter = MemoryAdapter()
    const { revokeUserSessions } = NextAuth({
      adapter,
      session: { strategy: "database" },
      providers: [Credentials({ credentials: {}, authorize: () => null })],
    })
    const ada = await adapter.createUser({ id: "ada", email: "ada@example.com", emailVerified: null })
    const bob = await adapter.createUser({ id: "bob", email: "bob@example.com", emailVerified: null })
    const expires = new Date(Date.now() + 60_000)
    for (const sessionToken of ["a".repeat(64), "b".repeat(64)]) await adapter.createSession({ sessionToken, userId: ada.id, expires })
    await adapter.createSession({ sessionToken: "c".repeat(64), userId: bob.id, expires })

    expect(await revokeUserSessions(ada.id)).toBe(2)
    expect(await adapter.listSessionsByUserId(ada.id)).toEqual([])
    expect(await adapter.listSessionsByUserId(bob.id)).toHaveLength(1)
    expect(await revokeUserSessions(ada.id)).toBe(0)
  })
})
