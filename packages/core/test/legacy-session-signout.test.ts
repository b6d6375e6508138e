/**
 * An Auth.js-era session (stored under its raw token, `session.legacyTokens`)
 * that is signed out stays signed out, even when the sign-out meets the move
 * of its row to the token's hash:
 * - a sign-out that lands while the move is writing the hashed row (the
 *   adapter's `createSession` held open, before or after its write);
 * - a move whose delete of the raw row failed, followed later by a sign-out.
 *
 * Run against real stores: the memory adapter and `KyselyAdapter` on SQLite.
 */
import { createHash } from "node:crypto"
import { afterEach, describe, expect, it } from "vitest"
import type { Adapter, AdapterSession, AdapterUser } from "../src/adapters/contract.js"
import { Auth, type AuthConfig } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import { CookieJar } from "./support/cookies.js"
import { sessionAdapters } from "./support/session-adapters.js"

const ORIGIN = "http://localhost:3000"
const COOKIE = "authjs.session-token"
const DAY = 24 * 60 * 60 * 1000
const sha256 = (token: string) => createHash("sha256").update(token).digest("hex")

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

const realAdapters = sessionAdapters.filter((kind) => kind.name === "MemoryAdapter" || kind.name === "KyselyAdapter on SQLite")

describe.each(realAdapters)("with $name", (kind) => {
  const closers: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const close of closers.splice(0)) await close()
  })

  /** A store holding Ada and one session stored raw, as Auth.js stored it; `wrap` shapes the adapter `Auth()` gets. */
  async function setup(wrap: (store: Required<Adapter>) => Adapter) {
    const { adapter, close } = await kind.open()
    closers.push(close)
    const store = adapter as Required<Adapter>
    const ada: AdapterUser = await store.createUser({ id: "", name: "Ada", email: "ada@example.com", emailVerified: null, image: null })
    const token = crypto.randomUUID()
    await store.createSession({ sessionToken: token, userId: ada.id, expires: new Date(Date.now() + 20 * DAY) })
    const errors: Error[] = []
    const config: AuthConfig = {
      secret: "legacy-signout-test-secret-0123456",
      trustHost: true,
      adapter: wrap(store),
      session: { strategy: "database" },
      logger: { error: (error) => void errors.push(error), warn: () => {}, debug: () => {} },
      providers: [Credentials({ credentials: { username: {} }, authorize: async () => null })],
    }
    const jar = new CookieJar({ [COOKIE]: token })
    const send = async (path: string, form?: Record<string, string>) => {
      const headers = new Headers({ cookie: jar.header() })
      if (form) headers.set("content-type", "application/x-www-form-urlencoded")
      const response = await Auth(new Request(`${ORIGIN}${path}`, { method: form ? "POST" : "GET", headers, body: form && new URLSearchParams(form) }), config)
      jar.store(response)
      return response
    }
    const signOut = async () => {
      const { csrfToken } = (await (await send("/auth/csrf")).json()) as { csrfToken: string }
      return send("/auth/signout", { csrfToken })
    }
    /** The session the stolen cookie (the same token, replayed later) would get. */
    const replay = async () => (await Auth(new Request(`${ORIGIN}/auth/session`, { headers: { cookie: `${COOKIE}=${token}` } }), config)).json()
    const rows = async () => ({ raw: await store.getSessionAndUser(token), hashed: await store.getSessionAndUser(sha256(token)) })
    return { store, token, errors, send, signOut, replay, rows }
  }

  for (const hold of ["before", "after"] as const) {
    it(`a sign-out while the move's createSession is held open (${hold} its write) ends the session for good`, async () => {
      const started = gate()
      const release = gate()
      const app = await setup((store) => ({
        ...store,
        async createSession(session: AdapterSession) {
          started.open()
          if (hold === "before") await release.opened
          const created = await store.createSession(session)
          if (hold === "after") await release.opened
          return created
        },
      }))

      const read = app.send("/auth/session")
      await started.opened
      const signedOut = await app.signOut()
      expect(signedOut.status).toBe(302)
      release.open()
      await read

      expect(await app.rows()).toEqual({ raw: null, hashed: null })
      expect(await app.replay()).toBeNull()
      expect(app.errors).toEqual([])
    })
  }

  it("a move that failed to delete the raw row: the next sign-out deletes both rows", async () => {
    let failOnce = true
    const app = await setup((store) => ({
      ...store,
      deleteSession(key: string): ReturnType<typeof store.deleteSession> {
        if (failOnce) {
          failOnce = false
          return Promise.reject<never>(new Error("connection reset while deleting"))
        }
        return store.deleteSession(key)
      },
    }))

    const first = await (await app.send("/auth/session")).json()
    expect(first?.user?.email).toBe("ada@example.com")
    // The move wrote the hashed row; its delete of the raw row failed and was logged.
    expect(app.errors.map((error) => error.name)).toEqual(["AdapterError"])
    expect((await app.rows()).raw).not.toBeNull()

    await app.signOut()
    expect(await app.rows()).toEqual({ raw: null, hashed: null })
    expect(await app.replay()).toBeNull()
  })

  it("a sign-out whose delete of the raw row fails is reported, and the hashed row is deleted all the same", async () => {
    const app = await setup((store) => ({
      ...store,
      deleteSession(key: string): ReturnType<typeof store.deleteSession> {
        if (key === app.token) return Promise.reject<never>(new Error("connection reset while deleting"))
        return store.deleteSession(key)
      },
    }))
    // A move whose raw delete failed: both rows exist.
    await app.send("/auth/session")
    app.errors.length = 0

    const response = await app.signOut()
    expect(response.status).toBe(302)
    expect(app.errors.map((error) => error.name)).toEqual(["AdapterError", "SignOutError"])
    expect((await app.rows()).hashed).toBeNull()
  })
})
