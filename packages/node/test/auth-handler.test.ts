/**
 * toNodeAuthHandler: Latchkey on node:http without web Request/Response
 * objects. Real server on 127.0.0.1, real fetch; behaviour must match Auth().
 */

import type { AuthConfig } from "@latchkey/core"
import Credentials from "@latchkey/core/providers/credentials"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { toNodeAuthHandler } from "../src/index.js"
import { listen, type TestServer } from "./serve.js"

const config: AuthConfig = {
  secret: "node-auth-handler-secret-0123456789",
  trustHost: true,
  logger: { error: () => {} },
  providers: [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: ({ username, password }) =>
        username === "alice" && password === "wonderland" ? { id: "1", name: "Alice", email: "alice@example.com" } : null,
    }),
  ],
}

let server: TestServer
beforeAll(async () => {
  server = await listen(toNodeAuthHandler(config))
})
afterAll(() => server.close())

function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ")
}

describe("toNodeAuthHandler", () => {
  it("serves the JSON actions", async () => {
    const providers = await fetch(`${server.url}/auth/providers`)
    expect(providers.status).toBe(200)
    expect((await providers.json()).credentials.callbackUrl).toBe(`${server.url}/auth/callback/credentials`)
    expect(await (await fetch(`${server.url}/auth/session`)).json()).toBeNull()
  })

  it("signs in with a form POST and reads the session back", async () => {
    const csrf = await fetch(`${server.url}/auth/csrf`)
    const { csrfToken } = await csrf.json()
    const signIn = await fetch(`${server.url}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(csrf) },
      body: new URLSearchParams({ csrfToken, username: "alice", password: "wonderland", callbackUrl: "/home" }),
    })
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get("location")).toBe(`${server.url}/home`)
    const cookies = signIn.headers.getSetCookie()
    expect(cookies.some((c) => c.startsWith("authjs.session-token=") && /HttpOnly/.test(c))).toBe(true)
    const session = await fetch(`${server.url}/auth/session`, { headers: { cookie: cookieHeader(signIn) } })
    expect((await session.json()).user.name).toBe("Alice")
  })

  it("answers bad requests as Auth() does, and refuses an oversized body without reading it all", async () => {
    expect((await fetch(`${server.url}/auth/nope`)).status).toBe(400)
    const huge = await fetch(`${server.url}/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `a=${"x".repeat(10 * 1024 * 1024)}`,
    })
    expect(huge.status).toBe(413)
    expect((await fetch(`${server.url}/auth/providers`)).status).toBe(200)
  })

  it("sends no body for HEAD", async () => {
    const head = await fetch(`${server.url}/auth/session`, { method: "HEAD" })
    expect(head.status).toBe(400)
    expect(await head.text()).toBe("")
  })
})
