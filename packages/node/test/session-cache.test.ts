/**
 * The database-session cache cookie (`session.cache`) reaches the browser
 * through both node:http integrations, over a real socket: the read that
 * goes to the database sets it, the next read is answered from it without
 * the adapter, and sign-out clears it. (Better Auth's cache cookie once
 * silently never reached browsers behind an integration that dropped the
 * session read's Set-Cookie.)
 */

import { Auth, type AuthConfig } from "@latchkey/core"
import type { Adapter } from "@latchkey/core/adapters"
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import Credentials from "@latchkey/core/providers/credentials"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { toNodeAuthHandler, toNodeHandler } from "../src/index.js"
import { listen, type TestServer } from "./serve.js"

const CACHE = "latchkey.session-cache"
const SESSION = "authjs.session-token"
const ADA = { id: "u1", name: "Ada", email: "ada@example.com", emailVerified: null }

async function cachedConfig(reads: { count: number }): Promise<AuthConfig> {
  const store = MemoryAdapter()
  await store.createUser(ADA)
  const adapter: Adapter = {
    ...store,
    getSessionAndUser: async (token) => {
      reads.count++
      return store.getSessionAndUser(token)
    },
  }
  return {
    secret: "node-session-cache-secret-0123456789",
    trustHost: true,
    adapter,
    session: { strategy: "database", cache: { maxAge: 60 } },
    logger: { error: () => {} },
    providers: [Credentials({ credentials: { username: {} }, authorize: ({ username }) => (username === "ada" ? ADA : null) })],
  }
}

/** A cookie jar over fetch. */
class Jar {
  readonly cookies = new Map<string, string>()
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";")
      const index = pair!.indexOf("=")
      const name = pair!.slice(0, index)
      if (/;\s*max-age=0/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, pair!.slice(index + 1))
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ")
  }
}

async function send(server: TestServer, jar: Jar, path: string, form?: Record<string, string>) {
  const headers: Record<string, string> = jar.cookies.size ? { cookie: jar.header() } : {}
  if (form) headers["content-type"] = "application/x-www-form-urlencoded"
  const response = await fetch(`${server.url}${path}`, {
    method: form ? "POST" : "GET",
    headers,
    body: form ? new URLSearchParams(form) : undefined,
    redirect: "manual",
  })
  jar.store(response)
  return response
}

const integrations: [string, (config: AuthConfig) => Parameters<typeof listen>[0]][] = [
  ["toNodeAuthHandler(config)", (config) => toNodeAuthHandler(config)],
  ["toNodeHandler((request) => Auth(request, config))", (config) => toNodeHandler((request) => Auth(request, config))],
]

describe.each(integrations)("session.cache behind %s", (_, handler) => {
  const reads = { count: 0 }
  let server: TestServer
  beforeAll(async () => {
    server = await listen(handler(await cachedConfig(reads)))
  })
  afterAll(() => server.close())

  it("sets the cache cookie on the database read, answers the next reads from it, and sign-out clears it", async () => {
    const jar = new Jar()
    const { csrfToken } = await (await send(server, jar, "/auth/csrf")).json()
    await send(server, jar, "/auth/callback/credentials", { csrfToken, username: "ada" })
    expect(jar.cookies.has(SESSION)).toBe(true)

    const first = await send(server, jar, "/auth/session")
    expect((await first.json()).user.email).toBe(ADA.email)
    expect(first.headers.getSetCookie().find((line) => line.startsWith(`${CACHE}=`))).toMatch(/HttpOnly/)
    expect(jar.cookies.has(CACHE)).toBe(true)
    const count = reads.count

    for (let i = 0; i < 3; i++) expect((await (await send(server, jar, "/auth/session")).json()).user.email).toBe(ADA.email)
    expect(reads.count).toBe(count)

    const out = await send(server, jar, "/auth/signout", { csrfToken: (await (await send(server, jar, "/auth/csrf")).json()).csrfToken })
    expect(out.status).toBe(302)
    expect(jar.cookies.has(CACHE)).toBe(false)
    expect(jar.cookies.has(SESSION)).toBe(false)
    expect(await (await send(server, jar, "/auth/session")).json()).toBeNull()
  })
})
