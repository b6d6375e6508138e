/**
 * `auth` as Next 15 middleware on the Edge runtime, Next 15's default for
 * middleware.js, with next-auth's split configuration (an auth.config.js
 * without adapter). `next build` must accept @latchkey/core for Edge, where
 * it refuses code that evaluates strings (SimpleWebAuthn's dependencies,
 * which core loads only at a passkey request and keeps out of app bundles),
 * and `next start` must run it: signed-out visitors are sent to sign in, a
 * valid session cookie passes, a forged one does not.
 */
import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import { createServer } from "node:net"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { encode } from "../packages/core/src/jwt.js"
// @ts-expect-error: plain JavaScript (types in JSDoc) without declarations.
import { buildNextApp, NEXT15_VERSION, type NextServer, startNextApp, writeNext15EdgeVariant } from "./support/next-app.mjs"

const SECRET = randomBytes(32).toString("hex")

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close((error) => (error ? reject(error) : resolve(port)))
    })
  })
}

async function sessionCookie(secret = SECRET): Promise<string> {
  const token = await encode({ token: { sub: "alice-1", name: "Alice", email: "alice@example.test" }, secret, salt: "authjs.session-token" })
  return `authjs.session-token=${token}`
}

describe(`auth as Edge middleware on Next ${NEXT15_VERSION}`, () => {
  let appDir: string
  let server: NextServer
  beforeAll(async () => {
    appDir = writeNext15EdgeVariant()
    buildNextApp(appDir)
    const port = await freePort()
    server = await startNextApp(appDir, { AUTH_SECRET: SECRET, AUTH_URL: `http://localhost:${port}` }, port)
  }, 240_000)
  afterAll(() => server?.close())

  it("is built for the Edge runtime", () => {
    // Edge middleware is listed under `middleware`; Node.js middleware (runtime: "nodejs") is not.
    const manifest = JSON.parse(readFileSync(join(appDir, ".next/server/middleware-manifest.json"), "utf8")) as { middleware: Record<string, unknown> }
    expect(Object.keys(manifest.middleware)).toEqual(["/"])
  })

  it("sends a signed-out visitor to the sign-in page, coming back to the page asked for", async () => {
    const response = await fetch(`${server.origin}/dashboard`, { redirect: "manual" })
    expect(response.status).toBe(307)
    const location = new URL(response.headers.get("location")!)
    expect(location.pathname).toBe("/api/auth/signin")
    expect(location.searchParams.get("callbackUrl")).toBe(`${server.origin}/dashboard`)
  })

  it("lets a valid session through to the protected page", async () => {
    const response = await fetch(`${server.origin}/dashboard`, { redirect: "manual", headers: { cookie: await sessionCookie() } })
    expect(response.status).toBe(200)
    expect(await response.text()).toContain("alice@example.test")
  })

  it("refuses a session sealed with another secret", async () => {
    const response = await fetch(`${server.origin}/dashboard`, {
      redirect: "manual",
      headers: { cookie: await sessionCookie(randomBytes(32).toString("hex")) },
    })
    expect(response.status).toBe(307)
    expect(server.output()).not.toMatch(/Dynamic Code Evaluation|EvalError/)
  })
})
