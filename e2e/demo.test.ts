/**
 * The demo app (examples/demo/server.js) as a user runs it: `node server.js`
 * in its own process on a free port, then a sign-in with plain `fetch`
 * (manual redirects, cookies carried by hand). The demo imports
 * `@latchkey/core`, `@latchkey/node` and `@latchkey/adapter-kysely` as
 * packages, so it runs the built dist (the root `npm test` builds first).
 * Each demo process gets a SQLite file in a temporary directory
 * (`DATABASE_URL`), which the tests read back with better-sqlite3.
 */
import { createHash } from "node:crypto"
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs"
import { request as httpRequest } from "node:http"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import SQLite from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type DemoRun, startDemo as startDemoProcess, stopDemo } from "./support/demo-process.js"

const BUILT = [
  fileURLToPath(new URL("../packages/core/dist/index.js", import.meta.url)),
  fileURLToPath(new URL("../packages/node/dist/index.js", import.meta.url)),
  fileURLToPath(new URL("../packages/adapter-kysely/dist/index.js", import.meta.url)),
  fileURLToPath(new URL("../packages/client/dist/index.js", import.meta.url)),
]

const READY_TIMEOUT_MS = 60_000
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

interface DemoOptions {
  /** The SQLite file (DATABASE_URL); the demo's data folder is its directory. */
  database: string
  /** AUTH_SECRET; unset lets the demo use the secret it keeps in its data folder. */
  secret?: string
}

/** Starts the demo (examples/demo/server.js) on free ports with its data folder next to `database`. */
async function startDemo({ database, secret }: DemoOptions): Promise<DemoRun> {
  return startDemoProcess({ dataDir: dirname(database), env: { DATABASE_URL: database, ...(secret === undefined ? {} : { AUTH_SECRET: secret }) } })
}

/** The rows of a SQL query against the demo's SQLite file, read directly (not through the demo). */
function query<Row>(database: string, sql: string, ...params: unknown[]): Row[] {
  const db = new SQLite(database, { fileMustExist: true })
  try {
    return db.prepare(sql).all(...params) as Row[]
  } finally {
    db.close()
  }
}

/** What Latchkey stores for a database session: the hex SHA-256 of the cookie's token. */
const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex")

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

/** A fresh temporary directory for one demo's SQLite file. */
function tempDatabase(dirs: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-demo-"))
  dirs.push(dir)
  return join(dir, "demo.sqlite")
}

/** `GET /auth/csrf`: the token and the cookie that must accompany it. */
async function csrf(base: string): Promise<{ token: string; cookies: Map<string, string> }> {
  const response = await fetch(`${base}/auth/csrf`)
  expect(response.status).toBe(200)
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  expect(csrfToken).toMatch(/^[0-9a-f]{64}$/)
  const cookies = cookiesOf(response)
  expect([...cookies.keys()]).toContain("authjs.csrf-token")
  return { token: csrfToken, cookies }
}

function signIn(base: string, token: string, cookies: Map<string, string>, email: string, password: string): Promise<Response> {
  return fetch(`${base}/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(cookies) },
    body: new URLSearchParams({ csrfToken: token, email, password, callbackUrl: "/" }).toString(),
  })
}

/** The sign-out form's POST. */
function signOut(base: string, token: string, cookies: Map<string, string>): Promise<Response> {
  return fetch(`${base}/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(cookies) },
    body: new URLSearchParams({ csrfToken: token, callbackUrl: "/" }).toString(),
  })
}

/** Signs the demo user in; the cookies afterwards (CSRF and session) and the CSRF token. */
async function signInDemoUser(base: string): Promise<{ token: string; cookies: Map<string, string> }> {
  const { token, cookies } = await csrf(base)
  const response = await signIn(base, token, cookies, DEMO_EMAIL, DEMO_PASSWORD)
  expect(response.status).toBe(302)
  for (const [name, value] of cookiesOf(response)) cookies.set(name, value)
  expect(cookies.get(SESSION_COOKIE)).toBeTruthy()
  return { token, cookies }
}

async function home(base: string, cookies?: Map<string, string>): Promise<string> {
  const response = await fetch(`${base}/`, { headers: cookies ? { cookie: cookieHeader(cookies) } : {} })
  expect(response.status).toBe(200)
  expect(response.headers.get("content-type")).toMatch(/^text\/html/)
  return response.text()
}

type SessionRow = { sessionToken: string; userId: string; expires: string }
type UserRow = { id: string; email: string; name: string }

describe.skipIf(missing.length > 0 && !onCI)("the demo server (examples/demo/server.js)", () => {
  let demo: DemoRun | undefined
  let base: string
  let database: string
  const dirs: string[] = []

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`CI=true but the built packages are missing: ${missing.join(", ")}; run npm run build`)
    database = tempDatabase(dirs)
    demo = await startDemo({ database })
    await demo.ready
    base = demo.base
  }, READY_TIMEOUT_MS + 5_000)

  afterAll(async () => {
    await stopDemo(demo)
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it("shows a signed-out home page", async () => {
    const page = await home(base)
    expect(page).toContain("not signed in")
    expect(page).not.toContain("Demo User")
  })

  it("without AUTH_* variables, offers no GitHub, Google or X sign-in, and says on the home page how to set each up", async () => {
    const providers = (await (await fetch(`${base}/auth/providers`)).json()) as Record<string, unknown>
    expect(Object.keys(providers).sort()).toEqual(["credentials", "local-oidc", "nodemailer", "passkey"])
    const page = await home(base)
    for (const id of ["GITHUB", "GOOGLE", "TWITTER"]) expect(page).toContain(`<code>AUTH_${id}_ID=… AUTH_${id}_SECRET=… npm start</code>`)
    expect(page).not.toContain("Continue with GitHub")
  })

  it("creates the demo user in the database it was given, with a scrypt hash in a table of its own", () => {
    const users = query<UserRow>(database, `SELECT id, email, name FROM "User"`)
    expect(users).toEqual([{ id: expect.any(String), email: DEMO_EMAIL, name: "Demo User" }])
    const passwords = query<{ user_id: string; password_hash: string }>(database, "SELECT user_id, password_hash FROM demo_password")
    expect(passwords).toEqual([{ user_id: users[0]!.id, password_hash: expect.stringMatching(/^scrypt\$131072\$8\$1\$/) }])
    expect(passwords[0]!.password_hash).not.toContain(DEMO_PASSWORD)
  })

  it("signs in the demo user: 302 to the callback URL with an HttpOnly session cookie, then the home page shows them", async () => {
    const { token, cookies } = await csrf(base)
    const response = await signIn(base, token, cookies, DEMO_EMAIL, DEMO_PASSWORD)
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
    const page = await home(base, cookies)
    expect(page).toContain("Demo User")
    expect(page).toContain(DEMO_EMAIL)
    expect(page).not.toContain("not signed in")

    const session = await fetch(`${base}/auth/session`, { headers: { cookie: cookieHeader(cookies) } })
    expect(await session.json()).toMatchObject({ user: { name: "Demo User", email: DEMO_EMAIL } })
  })

  it("keeps the session in the SQLite file as the SHA-256 of the cookie's token, lists it on the home page, and sign-out deletes it", async () => {
    const { token, cookies } = await signInDemoUser(base)
    const cookieToken = cookies.get(SESSION_COOKIE)!
    const [user] = query<UserRow>(database, `SELECT id FROM "User" WHERE email = ?`, DEMO_EMAIL)
    const rows = query<SessionRow>(database, `SELECT "sessionToken", "userId", expires FROM "Session" WHERE "sessionToken" = ?`, sha256Hex(cookieToken))
    expect(rows).toEqual([{ sessionToken: sha256Hex(cookieToken), userId: user!.id, expires: expect.any(String) }])
    expect(new Date(rows[0]!.expires).getTime()).toBeGreaterThan(Date.now())
    // The cookie's own value is stored nowhere.
    expect(query(database, `SELECT 1 FROM "Session" WHERE "sessionToken" = ?`, cookieToken)).toEqual([])

    // The session JSON has what the page needs, not the stored row.
    const session = (await (await fetch(`${base}/auth/session`, { headers: { cookie: cookieHeader(cookies) } })).json()) as Record<string, unknown>
    expect(session).toEqual({ user: { id: user!.id, name: "Demo User", email: DEMO_EMAIL, image: null }, expires: expect.any(String) })

    // The home page lists it from Latchkey's GET /auth/sessions: an opaque id, the device, never the cookie nor its hash.
    const page = await home(base, cookies)
    expect(page).toMatch(/<li data-session-id="[A-Za-z0-9_-]{22}">node · Password · signed in [^<]+ <strong>\(this browser\)<\/strong><\/li>/)
    expect(page).not.toContain(cookieToken)
    expect(page).not.toContain(sha256Hex(cookieToken).slice(0, 12))
    // Kept by Latchkey on the session's row: the device it began on, the method.
    const activity = () =>
      query<{ userAgent: string; provider: string }>(database, `SELECT "userAgent", provider FROM "Session" WHERE "sessionToken" = ?`, sha256Hex(cookieToken))
    expect(activity()).toEqual([{ userAgent: "node", provider: "credentials" }])

    const response = await signOut(base, token, cookies)
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get("location")!, base).searchParams.has("error")).toBe(false)
    expect(activity()).toEqual([])
    const cleared = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))
    expect(cleared).toMatch(/^authjs\.session-token=;/)
    expect(query(database, `SELECT 1 FROM "Session" WHERE "sessionToken" = ?`, sha256Hex(cookieToken))).toEqual([])
    // The old cookie, replayed, signs nobody in.
    expect(await home(base, cookies)).toContain("not signed in")
  })

  it("rejects a wrong password with error=CredentialsSignin and no session", async () => {
    const { token, cookies } = await csrf(base)
    const response = await signIn(base, token, cookies, DEMO_EMAIL, "not-the-password")
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get("location")!, base)
    expect(location.pathname).toBe("/auth/signin")
    expect(location.searchParams.get("error")).toBe("CredentialsSignin")
    expect(cookiesOf(response).has(SESSION_COOKIE)).toBe(false)

    for (const [name, value] of cookiesOf(response)) cookies.set(name, value)
    expect(await home(base, cookies)).toContain("not signed in")
  })

  it("rejects an unknown email with error=CredentialsSignin and no session", async () => {
    const { token, cookies } = await csrf(base)
    const response = await signIn(base, token, cookies, "nobody@latchkey.dev", DEMO_PASSWORD)
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get("location")!, base).searchParams.get("error")).toBe("CredentialsSignin")
    expect(cookiesOf(response).has(SESSION_COOKIE)).toBe(false)
  })

  it("keeps answering other requests while a sign-in is hashing its password", async () => {
    const { token, cookies } = await csrf(base)
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
    const { token } = await csrf(base)
    const response = await signIn(base, token, new Map(), DEMO_EMAIL, DEMO_PASSWORD)
    expect(cookiesOf(response).has(SESSION_COOKIE)).toBe(false)
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get("location")!, base).searchParams.get("error")).toBe("MissingCSRF")
  })
})

describe.skipIf(missing.length > 0 && !onCI)("the demo across a restart", () => {
  const dirs: string[] = []
  const running: DemoRun[] = []

  /** Starts a demo on the given database and waits until it listens; its base URL. */
  async function start(database: string, secret?: string): Promise<{ base: string; child: DemoRun }> {
    if (missing.length > 0) throw new Error(`CI=true but the built packages are missing: ${missing.join(", ")}; run npm run build`)
    const demo = await startDemo({ database, ...(secret === undefined ? {} : { secret }) })
    running.push(demo)
    await demo.ready
    return { base: demo.base, child: demo }
  }

  afterAll(async () => {
    for (const demo of running) await stopDemo(demo)
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it("with AUTH_SECRET fixed, keeps the user signed in, and a sign-out form opened before the restart still works", async () => {
    const database = tempDatabase(dirs)
    const secret = "a-fixed-demo-secret-for-this-test-only-0123456789"
    const first = await start(database, secret)
    const { token, cookies } = await signInDemoUser(first.base)
    expect(await home(first.base, cookies)).toContain("Demo User")
    await stopDemo(first.child)

    const second = await start(database, secret)
    const page = await home(second.base, cookies)
    expect(page).toContain("Demo User")
    expect(page).toContain("(this browser)")
    // The second start found the demo user and created nobody.
    expect(query(database, `SELECT email FROM "User"`)).toEqual([{ email: DEMO_EMAIL }])
    expect(query(database, "SELECT user_id FROM demo_password")).toHaveLength(1)

    const hash = sha256Hex(cookies.get(SESSION_COOKIE)!)
    const response = await signOut(second.base, token, cookies)
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get("location")!, second.base).searchParams.has("error")).toBe(false)
    expect(query(database, `SELECT 1 FROM "Session" WHERE "sessionToken" = ?`, hash)).toEqual([])
  })

  it("without AUTH_SECRET, generates one into its data folder (mode 0600) and reuses it: the session and a form opened before the restart both still work", async () => {
    const database = tempDatabase(dirs)
    const first = await start(database)
    const secretFile = join(dirname(database), "auth-secret")
    expect(statSync(secretFile).mode & 0o777).toBe(0o600)
    const secret = readFileSync(secretFile, "utf8")
    expect(secret.trim().length).toBeGreaterThanOrEqual(32)
    const { token, cookies } = await signInDemoUser(first.base)
    await stopDemo(first.child)

    const second = await start(database)
    expect(readFileSync(secretFile, "utf8")).toBe(secret)
    expect(await home(second.base, cookies)).toContain("Demo User")
    const hash = sha256Hex(cookies.get(SESSION_COOKIE)!)
    // The CSRF cookie was signed with the kept secret, so the old form is still valid.
    const response = await signOut(second.base, token, cookies)
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get("location")!, second.base).searchParams.has("error")).toBe(false)
    expect(query(database, `SELECT 1 FROM "Session" WHERE "sessionToken" = ?`, hash)).toEqual([])
  })
})

describe.skipIf(missing.length > 0 && !onCI)("the demo with GitHub's variables set", () => {
  it("offers GitHub (on the sign-in page and the home page) and still explains Google and X", async () => {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-demo-"))
    const demo = await startDemoProcess({ dataDir: dir, env: { AUTH_GITHUB_ID: "demo-client-id", AUTH_GITHUB_SECRET: "demo-client-secret" } })
    try {
      await demo.ready
      const providers = (await (await fetch(`${demo.base}/auth/providers`)).json()) as Record<string, { name: string }>
      expect(providers.github).toMatchObject({ name: "GitHub" })
      expect(providers.google).toBeUndefined()
      const page = await home(demo.base)
      expect(page).toContain("Continue with GitHub")
      expect(page).not.toContain("AUTH_GITHUB_ID=")
      expect(page).toContain("<code>AUTH_GOOGLE_ID=… AUTH_GOOGLE_SECRET=… npm start</code>")
      const signIn = await (await fetch(`${demo.base}/auth/signin`)).text()
      expect(signIn).toContain(`action="${demo.base}/auth/signin/github"`)
    } finally {
      await stopDemo(demo)
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe.skipIf(missing.length > 0 && !onCI)("the demo with a DATABASE_URL it cannot use", () => {
  it("exits with status 1 and one line naming the problem, without a stack trace", async () => {
    if (missing.length > 0) throw new Error(`CI=true but the built packages are missing: ${missing.join(", ")}; run npm run build`)
    const dir = mkdtempSync(join(tmpdir(), "latchkey-demo-"))
    const demo = await startDemoProcess({ dataDir: dir, env: { DATABASE_URL: "ftp://example.invalid/demo" } })
    const { code } = await demo.exited
    const stderr = demo.output()
    rmSync(dir, { recursive: true, force: true })
    expect(code).toBe(1)
    expect(stderr).toContain("The demo could not open its database")
    expect(stderr).toContain('Unsupported database URL scheme "ftp"')
    expect(stderr).not.toMatch(/^\s+at /m)
  })
})
