/**
 * `Auth()` is the whole integration for fetch runtimes: the same fixture
 * server (e2e/runtimes/server.js, `@latchkey/core` only) runs under Bun and
 * under Deno, installed from the registry into e2e/bun-deno/ (`npm run
 * bun-deno:install`, which npm test's pretest runs: the root's `npm install`
 * does not fetch them), and is driven over HTTP on 127.0.0.1 as a browser would: a JWT
 * credentials sign-in (CSRF token, callback, session cookie), a session read,
 * a refused password, and a sign-out.
 *
 * It also shows which runtime-specific module core resolved there through its
 * package.json "imports": `#crypto` is the WebCrypto implementation on both
 * (the "bun" and "deno" conditions, docs/integrations/fetch-runtimes.md). The
 * built-in sign-in page embeds `@simplewebauthn/browser`, which core's build
 * carries, on both.
 *
 * Needs `npm run build` first (the root `npm test` does it).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CookieJar, findSetCookie } from "../packages/core/test/support/cookies.js"
import { freePort } from "../packages/core/test/support/free-port.js"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const SERVER = join(ROOT, "e2e/runtimes/server.js")
const START_TIMEOUT_MS = 30_000
const built = existsSync(join(ROOT, "packages/core/dist/index.js"))
/** Where `npm run bun-deno:install` puts the runtimes' executables. */
const BINARIES = join(ROOT, "e2e/bun-deno/node_modules/.bin")
const runtimesInstalled = existsSync(join(BINARIES, "bun")) && existsSync(join(BINARIES, "deno"))
/** The account the fixture knows (FIXTURE_USER in the server). */
const USER = { name: "Runtime Tester", email: "tester@example.test", password: "correct horse battery staple" }

if (!built) {
  if (process.env.CI === "true") it("needs the built packages", () => expect.fail("run `npm run build` first"))
  else console.warn("[e2e/runtimes] SKIPPED: the packages are not built; run `npm run build`")
}
if (!runtimesInstalled) {
  if (process.env.CI === "true") it("needs Bun and Deno", () => expect.fail("run `npm run bun-deno:install` first (npm test's pretest does)"))
  else console.warn("[e2e/runtimes] SKIPPED: Bun and Deno are not installed; run `npm run bun-deno:install`")
}

/** How each runtime starts the fixture: the binaries the npm packages install, and Deno's permissions (nothing beyond loopback, env and reading files). */
const runtimes = [
  { name: "bun", command: join(BINARIES, "bun"), args: ["run", SERVER], evaluate: ["-e"] },
  {
    name: "deno",
    command: join(BINARIES, "deno"),
    args: ["run", "--allow-net=127.0.0.1", "--allow-env", "--allow-read", SERVER],
    evaluate: ["eval"],
  },
] as const

/** Printed by a module evaluated inside packages/core, where core's own `#…` imports resolve. */
const RESOLVE_RUNTIME_IMPORTS = `console.log(JSON.stringify({ crypto: import.meta.resolve("#crypto") }))`

describe.runIf(built && runtimesInstalled).each(runtimes)("the fixture server under $name", ({ name, command, args, evaluate }) => {
  let child: ChildProcess
  let origin: string
  let output = ""

  beforeAll(async () => {
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    // Only what the server needs: no AUTH_* or NODE_OPTIONS from the test run.
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), AUTH_SECRET: randomBytes(33).toString("base64"), NO_COLOR: "1" }
    child = spawn(command, [...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
    child.stdout!.on("data", (chunk) => (output += chunk))
    child.stderr!.on("data", (chunk) => (output += chunk))
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name}: no "listening on" within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS)
      const check = () => {
        if (output.includes(`listening on ${origin}`)) {
          clearTimeout(timer)
          resolve()
        }
      }
      child.stdout!.on("data", check)
      child.once("exit", (code) => {
        clearTimeout(timer)
        reject(new Error(`${name} exited (${code}) before listening:\n${output}`))
      })
    })
  })

  afterAll(async () => {
    if (!child || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once("exit", resolve))
    child.kill("SIGTERM")
    await exited
  })

  it(`resolves core's #crypto to the WebCrypto implementation on ${name}`, () => {
    const printed = execFileSync(command, [...evaluate, RESOLVE_RUNTIME_IMPORTS], {
      cwd: join(ROOT, "packages/core"),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1" },
      encoding: "utf8",
    })
    expect(JSON.parse(printed)).toEqual({
      crypto: pathToFileURL(join(ROOT, "packages/core/dist/runtime/crypto-web.js")).href,
    })
  })

  it(`runs on ${name}, and core answers it on WebCrypto`, async () => {
    const response = await fetch(`${origin}/runtime`)
    expect(response.status, output).toBe(200)
    expect(await response.json()).toEqual({ runtime: name, crypto: "web" })
  })

  it("signs in with credentials into a JWT session, reads it, and signs out", async () => {
    const jar = new CookieJar()
    const csrfResponse = await fetch(`${origin}/auth/csrf`)
    jar.store(csrfResponse)
    const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string }
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/)
    expect(jar.names()).toContain("authjs.csrf-token")

    const signIn = await fetch(`${origin}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ csrfToken, email: USER.email, password: USER.password, callbackUrl: `${origin}/account` }),
    })
    expect(signIn.status, output).toBe(302)
    expect(signIn.headers.get("location")).toBe(`${origin}/account`)
    const sessionCookie = findSetCookie(signIn, "authjs.session-token")
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/" })
    // A JWT session: the cookie is the encrypted token itself (compact JWE, five parts).
    expect(sessionCookie!.value.split(".")).toHaveLength(5)
    jar.store(signIn)

    const session = await fetch(`${origin}/auth/session`, { headers: { cookie: jar.header() } })
    expect(session.status).toBe(200)
    const body = (await session.json()) as { user: Record<string, unknown>; expires: string }
    expect(body.user).toEqual({ name: USER.name, email: USER.email })
    expect(Date.parse(body.expires)).toBeGreaterThan(Date.now())

    const signOut = await fetch(`${origin}/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}/` }),
    })
    expect(signOut.status).toBe(302)
    expect(signOut.headers.get("location")).toBe(`${origin}/`)
    jar.store(signOut)
    expect(jar.get("authjs.session-token")).toBeUndefined()

    const after = await fetch(`${origin}/auth/session`, { headers: { cookie: jar.header() } })
    expect(await after.json()).toBeNull()
    expect(output).not.toContain("[auth][error]")
  })

  it("refuses a wrong password with CredentialsSignin and sets no session", async () => {
    const jar = new CookieJar()
    const csrfResponse = await fetch(`${origin}/auth/csrf`)
    jar.store(csrfResponse)
    const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string }
    const signIn = await fetch(`${origin}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ csrfToken, email: USER.email, password: "wrong horse", callbackUrl: `${origin}/account` }),
    })
    expect(signIn.status).toBe(302)
    const location = new URL(signIn.headers.get("location")!)
    expect(location.pathname).toBe("/auth/signin")
    expect(location.searchParams.get("error")).toBe("CredentialsSignin")
    expect(findSetCookie(signIn, "authjs.session-token")).toBeUndefined()
  })

  it("refuses a sign-in without the CSRF token", async () => {
    const signIn = await fetch(`${origin}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: USER.email, password: USER.password }),
    })
    expect(signIn.status).toBe(302)
    expect(new URL(signIn.headers.get("location")!).searchParams.get("error")).toBe("MissingCSRF")
    expect(findSetCookie(signIn, "authjs.session-token")).toBeUndefined()
  })

  it("serves the sign-in page with the passkey script built into core", async () => {
    const page = await fetch(`${origin}/auth/signin`)
    expect(page.status, output).toBe(200)
    const html = await page.text()
    // @simplewebauthn/browser's UMD bundle defines this global; it is only on the page when core could load the bundle.
    expect(html).toContain("SimpleWebAuthnBrowser")
    expect(html).toContain('name="email"')
  })
})
