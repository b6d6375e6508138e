/**
 * The access-token helpers of the server integrations (docs/sessions.md,
 * "Access-token refresh"): Express `getAccessToken(req, res, config, id)`,
 * Fastify `getAccessToken(request, reply, id)` and Hono
 * `getAccessToken(c, id)`, each on a real server, signed in through the
 * real OpenID Provider (rotating refresh tokens). The first call refreshes
 * and sets the rewritten session cookie on the response; the next call with
 * that cookie answers the same token without a grant.
 */
import { serve } from "@hono/node-server"
import express from "express"
import Fastify from "fastify"
import { Hono } from "hono"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort } from "../packages/core/test/support/free-port.js"
import { type OpenIdProvider, startOpenIdProvider } from "../packages/core/test/support/openid-provider.js"
import { ExpressAuth, getAccessToken as expressAccessToken } from "../packages/express/src/index.js"
import latchkey, { getAccessToken as fastifyAccessToken } from "../packages/fastify/src/index.js"
import { authHandler, getAccessToken as honoAccessToken, initAuthConfig } from "../packages/hono/src/index.js"

const SECRET = "refresh-integrations-secret-0123456789abcdef"

let op: OpenIdProvider
beforeAll(async () => {
  op = await startOpenIdProvider({ rotateRefreshTokens: true, refreshTokenPolicy: "always", accessTokenTtl: 10 })
})
afterAll(() => op.close())

/** The provider options; `clientId`/`clientSecret` are filled once the app's port (its redirect URI) is known. */
function provider(): Record<string, any> {
  return {
    id: "op",
    name: "Test OP",
    type: "oidc",
    issuer: op.issuer,
    authorization: { params: { scope: "openid email profile offline_access", prompt: "consent" } },
    refresh: { margin: 5 },
  }
}

/** A minimal browser: one cookie jar, no redirects followed. */
class Browser {
  readonly cookies = new Map<string, string>()
  async send(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "))
    const response = await fetch(url, { ...init, headers, redirect: "manual" })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";")
      const index = pair.indexOf("=")
      const name = pair.slice(0, index)
      const value = pair.slice(index + 1)
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }
}

/** Signs in through `base` (the app's auth path) with an access token that is already due. */
async function signIn(browser: Browser, base: string): Promise<void> {
  const undo = op.rewriteJson("token", (body) => ({ ...body, expires_in: 1 }))
  try {
    const { csrfToken } = (await (await browser.send(`${base}/csrf`)).json()) as { csrfToken: string }
    const start = await browser.send(`${base}/signin/op`, { method: "POST", body: new URLSearchParams({ csrfToken }) })
    const outcome = await op.authorize(start.headers.get("location")!)
    const callback = await browser.send(`${outcome.redirectUri}?${outcome.params}`)
    expect(callback.status).toBe(302)
  } finally {
    undo()
  }
}

interface Running {
  url: string
  base: string
  close: () => Promise<void>
}

async function expectRefreshThenCookie(app: Running): Promise<void> {
  const browser = new Browser()
  await signIn(browser, `${app.url}${app.base}`)
  const before = browser.cookies.get("authjs.session-token")
  let grants = 0
  const stop = op.after("token", () => {
    grants += 1
  })
  const first = await browser.send(`${app.url}/api/token`)
  expect(first.status).toBe(200)
  const token = (await first.json()) as { accessToken: string; tokenType: string }
  expect(token.accessToken).toEqual(expect.any(String))
  expect(token.tokenType).toBe("bearer")
  expect(grants).toBe(1)
  // The response carried the rewritten session cookie.
  expect(browser.cookies.get("authjs.session-token")).not.toBe(before)
  const second = (await (await browser.send(`${app.url}/api/token`)).json()) as { accessToken: string }
  expect(second.accessToken).toBe(token.accessToken)
  expect(grants).toBe(1)
  stop()
  // Signed out: null.
  expect(await (await fetch(`${app.url}/api/token`)).json()).toBeNull()
}

async function registerFor(url: string, base: string, target: Record<string, any>): Promise<void> {
  const client = await op.addClient({ redirectUris: [`${url}${base}/callback/op`], refreshTokens: true })
  target.clientId = client.clientId
  target.clientSecret = client.clientSecret
}

describe("server integrations' getAccessToken", () => {
  it("Express: refreshes, sets the cookie on res, then answers from it", async () => {
    const op1 = provider()
    const config = { secret: SECRET, trustHost: true, providers: [op1] } as any
    const app = express()
    app.use("/auth", ExpressAuth(config))
    app.get("/api/token", async (req, res) => {
      res.json(await expressAccessToken(req, res, config, "op"))
    })
    const server = app.listen(0, "127.0.0.1")
    await new Promise((resolve) => server.once("listening", resolve))
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    await registerFor(url, "/auth", op1)
    try {
      await expectRefreshThenCookie({ url, base: "/auth", close: async () => {} })
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })

  it("Fastify: refreshes, sets the cookie on reply, then answers from it", async () => {
    // The plugin takes its configuration at registration: the port (the redirect URI) is chosen first.
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const op1 = provider()
    await registerFor(url, "/auth", op1)
    const app = Fastify()
    await app.register(latchkey, { secret: SECRET, trustHost: true, providers: [op1], prefix: "/auth" } as any)
    app.get("/api/token", async (request, reply) => fastifyAccessToken(request, reply, "op"))
    await app.listen({ port, host: "127.0.0.1" })
    try {
      await expectRefreshThenCookie({ url, base: "/auth", close: async () => {} })
    } finally {
      await app.close()
    }
  })

  it("Hono: refreshes, adds the cookie to the response, then answers from it", async () => {
    const op1 = provider()
    const config = { secret: SECRET, trustHost: true, providers: [op1], basePath: "/auth" } as any
    const app = new Hono()
    app.use(
      "*",
      initAuthConfig(() => config),
    )
    app.use("/auth/*", authHandler())
    app.get("/api/token", async (c) => c.json(await honoAccessToken(c, "op")))
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" })
    await new Promise((resolve) => server.once("listening", resolve))
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    await registerFor(url, "/auth", op1)
    try {
      await expectRefreshThenCookie({ url, base: "/auth", close: async () => {} })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
