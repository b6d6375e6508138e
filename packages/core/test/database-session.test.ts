/**
 * The database-session paths of the spine (read, slide, expire, update, sign
 * out) over a small in-memory data layer. Real SQL and Redis adapters and
 * their conformance suite arrive with the adapters issue.
 */
import { describe, expect, it, vi } from "vitest"
import type { Adapter, AdapterSession, AdapterUser } from "../src/adapters.js"
import { Auth, type AuthConfig } from "../src/index.js"

const ORIGIN = "http://localhost:3000"
const DAY = 24 * 60 * 60 * 1000

/** The session and user operations of the adapter contract, over Maps. */
function memoryAdapter() {
  const users = new Map<string, AdapterUser>()
  const sessions = new Map<string, AdapterSession>()
  const adapter: Adapter = {
    createUser: (user) => (users.set(user.id, user), user),
    getUser: (id) => users.get(id) ?? null,
    getUserByEmail: (email) => [...users.values()].find((u) => u.email === email) ?? null,
    getUserByAccount: () => null,
    updateUser: (user) => {
      const updated = { ...users.get(user.id)!, ...user }
      users.set(user.id, updated)
      return updated
    },
    linkAccount: () => undefined,
    createSession: (session) => (sessions.set(session.sessionToken, session), session),
    getSessionAndUser: (token) => {
      const session = sessions.get(token)
      const user = session && users.get(session.userId)
      return session && user ? { session: { ...session }, user } : null
    },
    updateSession: (session) => {
      const updated = { ...sessions.get(session.sessionToken)!, ...session }
      sessions.set(session.sessionToken, updated)
      return updated
    },
    deleteSession: (token) => {
      const session = sessions.get(token)
      sessions.delete(token)
      return session ?? null
    },
  }
  return { adapter, users, sessions }
}

function setup(overrides: Partial<AuthConfig> = {}) {
  const store = memoryAdapter()
  store.users.set("u1", { id: "u1", name: "Ada", email: "ada@example.com", emailVerified: null, image: null })
  const config: AuthConfig = {
    secret: "database-session-test-secret-0123",
    trustHost: true,
    adapter: store.adapter,
    logger: { error: () => {} },
    // Sign-in flows that create database sessions arrive with the OAuth and email issues.
    providers: [],
    ...overrides,
  }
  const addSession = (token: string, expires: Date) => store.sessions.set(token, { sessionToken: token, userId: "u1", expires })
  const get = (token: string) => Auth(new Request(`${ORIGIN}/auth/session`, { headers: { cookie: `authjs.session-token=${token}` } }), config)
  return { ...store, config, addSession, get }
}

describe("database sessions", () => {
  it("returns the user of a valid session without writing when updateAge has not passed", async () => {
    const { addSession, get, sessions } = setup()
    const expires = new Date(Date.now() + 30 * DAY - 1000)
    addSession("t1", expires)
    const response = await get("t1")
    expect(await response.json()).toEqual({ user: { name: "Ada", email: "ada@example.com", image: null }, expires: expires.toISOString() })
    expect(response.headers.getSetCookie()).toEqual([])
    expect(sessions.get("t1")!.expires).toEqual(expires)
  })

  it("slides the expiry (and the cookie) once updateAge has passed", async () => {
    const { addSession, get, sessions } = setup()
    addSession("t2", new Date(Date.now() + 28 * DAY))
    const response = await get("t2")
    const slid = sessions.get("t2")!.expires.getTime()
    expect(slid).toBeGreaterThan(Date.now() + 29 * DAY)
    expect(response.headers.getSetCookie()[0]).toMatch(/^authjs\.session-token=t2; Path=\/; Expires=/)
  })

  it("deletes an expired session and clears the cookie", async () => {
    const { addSession, get, sessions } = setup()
    addSession("old", new Date(Date.now() - 1000))
    const response = await get("old")
    expect(await response.json()).toBeNull()
    expect(sessions.has("old")).toBe(false)
    expect(response.headers.getSetCookie()[0]).toMatch(/Max-Age=0/)
  })

  it("clears the cookie of an unknown token, and returns null when the adapter fails", async () => {
    const { get, config } = setup()
    const unknown = await get("nope")
    expect(await unknown.json()).toBeNull()
    expect(unknown.headers.getSetCookie()[0]).toMatch(/Max-Age=0/)
    config.adapter!.getSessionAndUser = () => {
      throw new Error("database down")
    }
    const failing = await get("nope")
    expect(failing.status).toBe(200)
    expect(await failing.json()).toBeNull()
  })

  it("passes POST /session data to the session callback as newSession, and signs out by deleting the row", async () => {
    const session = vi.fn(({ session, newSession }) => ({ ...session, note: newSession?.note ?? null }))
    const { addSession, config, sessions } = setup({ callbacks: { session } })
    addSession("t3", new Date(Date.now() + 30 * DAY))
    const csrf = await Auth(new Request(`${ORIGIN}/auth/csrf`), config)
    const { csrfToken } = await csrf.json()
    const csrfCookie = csrf.headers.getSetCookie()[0]!.split(";")[0]
    const cookie = `${csrfCookie}; authjs.session-token=t3`
    const updated = await Auth(
      new Request(`${ORIGIN}/auth/session`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ csrfToken, data: { note: "hi" } }) }),
      config,
    )
    expect((await updated.json()).note).toBe("hi")
    expect(session).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: "update", newSession: { note: "hi" } }))

    const out = await Auth(
      new Request(`${ORIGIN}/auth/signout`, { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken }) }),
      config,
    )
    expect(out.status).toBe(302)
    expect(sessions.has("t3")).toBe(false)
    expect(out.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token=;") && /Max-Age=0/.test(c))).toBe(true)
  })

  it("names the missing adapter methods", async () => {
    const { config } = setup()
    const errors: Error[] = []
    const broken = { ...config, adapter: { getSessionAndUser: () => null }, logger: { error: (e: Error) => errors.push(e) } }
    const response = await Auth(new Request(`${ORIGIN}/auth/providers`), broken)
    expect(response.status).toBe(500)
    expect(errors[0]?.message).toMatch(/missing methods .*createUser, getUser, getUserByEmail/)
  })
})
