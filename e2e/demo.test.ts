/**
 * The demo app (examples/demo/server.js) as a user runs it: `node server.js`
 * in its own process on a free port, then a sign-in with plain `fetch`
 * (manual redirects, cookies carried by hand). The demo imports
 * `@latchkey/core` and `@latchkey/node` as packages, so it runs the built
 * dist (the root `npm test` builds first).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { request as httpRequest } from "node:http"
import { createServer } from "node:net"
import type { AddressInfo } from "node:net"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const DEMO = fileURLToPath(new URL("../examples/demo/server.js", import.meta.url))
const BUILT = [
  fileURLToPath(new URL("../packages/core/dist/index.js", import.meta.url)),
  fileURLToPath(new URL("../packages/node/dist/index.js", import.meta.url)),
]

const READY_LINE = "Latchkey demo on"
const READY_TIMEOUT_MS = 20_000
const SESSION_COOKIE = "authjs.session-token"
const DEMO_EMAIL = "demo@latchkey.dev"
const DEMO_PASSWORD = "latchkey-demo"

const onCI = process.env.CI === "true"
const missing = BUILT.filter((file) => !existsSync(file))
if (missing.length > 0 && !onCI) {
  console.warn(
    `\n${"!".repeat(78)}\n!! SKIPPING e2e/demo.test.ts: the demo needs the built packages; missing:\n` +
      missing.map((file) => `!!   ${file}\n`).join("") +
      `!! Build them with: npm run build   (the root \`npm test\` does this first)\n${"!".repeat(78)}\n`,
  )
}

/** A port that was free a moment ago: listen on port 0, note the port, close. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      server.close((error) => (error ? reject(error) : resolve(port)))
    })
  })
}

/** Starts the demo and resolves once it logs that it listens; rejects if it exits or stays silent first. */
function startDemo(port: number): { child: ChildProcess; ready: Promise<void>; output: () => string } {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) }
  // Its own random secret, whatever the environment running the tests has set.
  delete env.AUTH_SECRET
  delete env.AUTH_URL
  const child = spawn(process.execPath, [DEMO], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The demo did not log "${READY_LINE}" within ${READY_TIMEOUT_MS} ms. Output:\n${output}`)),
      READY_TIMEOUT_MS,
    )
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes(READY_LINE)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on("data", onData)
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.once("error", (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once("exit", (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`The demo exited (code ${code}, signal ${signal}) before it was ready. Output:\n${output}`))
    })
  })
  return { child, ready, output: () => output }
}

/** `name=value` of each `Set-Cookie`, for a `Cookie` header. */
function cookiesOf(response: Response): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0]!
    const eq = pair.indexOf("=")
    cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim())
  }
  return cookies
}

function cookieHeader(cookies: Map<string, string>): string {
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ")
}

describe.skipIf(missing.length > 0 && !onCI)("the demo server (examples/demo/server.js)", () => {
  let demo: ReturnType<typeof startDemo> | undefined
  let base: string

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`CI=true but the built packages are missing: ${missing.join(", ")}; run npm run build`)
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    demo = startDemo(port)
    await demo.ready
  }, READY_TIMEOUT_MS + 5_000)

  afterAll(async () => {
    const child = demo?.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
    child.kill("SIGTERM")
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000)
    await exited
    clearTimeout(timer)
  })

  /** `GET /auth/csrf`: the token and the cookie that must accompany it. */
  async function csrf(): Promise<{ token: string; cookies: Map<string, string> }> {
    const response = await fetch(`${base}/auth/csrf`)
    expect(response.status).toBe(200)
    const { csrfToken } = (await response.json()) as { csrfToken: string }
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/)
    const cookies = cookiesOf(response)
    expect([...cookies.keys()]).toContain("authjs.csrf-token")
    return { token: csrfToken, cookies }
  }

  function signIn(token: string, cookies: Map<string, string>, email: string, password: string): Promise<Response> {
    return fetch(`${base}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(cookies) },
      body: new URLSearchParams({ csrfToken: token, email, password, callbackUrl: "/" }).toString(),
    })
  }

  async function home(cookies?: Map<string, string>): Promise<string> {
    const response = await fetch(`${base}/`, { headers: cookies ? { cookie: cookieHeader(cookies) } : {} })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^text\/html/)
    return response.text()
  }

  it("shows a signed-out home page", async () => {
    const page = await home()
    expect(page).toContain("not signed in")
    expect(page).not.toContain("Demo User")
  })

  it("signs in the demo user: 302 to the callback URL with an HttpOnly session cookie, then the home page shows them", async () => {
    const { token, cookies } = await csrf()
    const response = await signIn(token, cookies, DEMO_EMAIL, DEMO_PASSWORD)
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get("location")!, base)
    expect(location.pathname).toBe("/")
    expect(location.searchParams.has("error")).toBe(false)

    const sessionLine = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))
    expect(sessionLine, response.headers.getSetCookie().join("\n")).toBeDefined()
    expect(sessionLine).toMatch(/;\s*HttpOnly/i)
    expect(sessionLine).toMatch(/;\s*SameSite=Lax/i)
    expect(sessionLine).toMatch(/;\s*Path=\/(;|$)/i)

    for (const [name, value] of cookiesOf(response)) cookies.set(name, value)
    const page = await home(cookies)
    expect(page).toContain("Demo User")
    expect(page).toContain(DEMO_EMAIL)
    expect(page).not.toContain("not signed in")

    const session = await fetch(`${base}/auth/session`, { headers: { cookie: cookieHeader(cookies) } })
    expect(await session.json()).toMatchObject({ user: { name: "Demo User", email: DEMO_EMAIL } })
  })

  it("rejects a wrong password with error=CredentialsSignin and no session", async () => {
    const { token, cookies } = await csrf()
    const response = await signIn(token, cookies, DEMO_EMAIL, "not-the-password")
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get("location")!, base)
    expect(location.pathname).toBe("/auth/signin")
    expect(location.searchParams.get("error")).toBe("CredentialsSignin")
    expect(cookiesOf(response).has(SESSION_COOKIE)).toBe(false)

    for (const [name, value] of cookiesOf(response)) cookies.set(name, value)
    expect(await home(cookies)).toContain("not signed in")
  })

  it("keeps answering other requests while a sign-in is hashing its password", async () => {
    const { token, cookies } = await csrf()
    const order: string[] = []
    let csrfDone: Promise<void> | undefined
    // The sign-in goes out first, completely (its body flushed), before the other request starts;
    // a password hash on the event loop would hold the second answer until the first was done.
    const signInDone = new Promise<number>((resolve, reject) => {
      const body = new URLSearchParams({ csrfToken: token, email: DEMO_EMAIL, password: "not-the-password", callbackUrl: "/" }).toString()
      const request = httpRequest(`${base}/auth/callback/credentials`, {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), cookie: cookieHeader(cookies) },
      })
      request.once("error", reject)
      request.once("response", (response) => {
        response.resume()
        response.once("end", () => {
          order.push("sign-in")
          resolve(response.statusCode!)
        })
      })
      request.end(body, () => {
        // Flushed: now ask for something cheap, on a connection of its own.
        csrfDone = fetch(`${base}/auth/csrf`).then(async (response) => {
          expect(response.status).toBe(200)
          await response.arrayBuffer()
          order.push("csrf")
        })
      })
    })
    expect(await signInDone).toBe(302)
    expect(csrfDone).toBeDefined()
    await csrfDone
    expect(order).toEqual(["csrf", "sign-in"])
  })

  it("rejects a sign-in without the CSRF cookie", async () => {
    const { token } = await csrf()
    const response = await signIn(token, new Map(), DEMO_EMAIL, DEMO_PASSWORD)
    expect(cookiesOf(response).has(SESSION_COOKIE)).toBe(false)
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get("location")!, base).searchParams.get("error")).toBe("MissingCSRF")
  })
})
