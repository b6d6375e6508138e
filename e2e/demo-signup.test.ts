/**
 * The demo's sign-up over HTTP (examples/demo/sign-up.js), as a browser and
 * as an attacker would send it, against the real demo process with its real
 * SMTP server: the form only ever sends mail, the account exists once its
 * confirmation link is used, known and unknown addresses get the same answer,
 * and a link works once however many use it at the same time. The mail is
 * read from /mailbox; the database straight from the SQLite file. Then the
 * single use again in one process on SQLite, PostgreSQL and MariaDB, where
 * 50 uses of one link are all in flight at once.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { KyselyAdapter } from "@latchkey/adapter-kysely"
import SQLite from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
// @ts-expect-error: the demo is plain JavaScript without declarations.
import { openDatabase, passwordHashOf } from "../examples/demo/database.js"
// @ts-expect-error: the demo is plain JavaScript without declarations.
import { startMailbox } from "../examples/demo/mailbox.js"
// @ts-expect-error: the demo is plain JavaScript without declarations.
import { confirmSignUp, startSignUp } from "../examples/demo/sign-up.js"
import {
  MYSQL_URL,
  mustHaveServers,
  mysqlTarget,
  POSTGRES_URL,
  postgresTarget,
  probe,
  sqliteTarget,
  type Target,
} from "../packages/adapter-kysely/test/support/targets.js"
import { type DemoRun, startDemo, stopDemo } from "./support/demo-process.js"

const BUILT = ["core", "node", "adapter-kysely", "client"].map((name) => fileURLToPath(new URL(`../packages/${name}/dist/index.js`, import.meta.url)))
const missing = BUILT.filter((file) => !existsSync(file))
const onCI = process.env.CI === "true"
if (missing.length > 0 && !onCI) console.warn(`SKIPPING e2e/demo-signup.test.ts: build the packages first (npm run build); missing ${missing.join(", ")}`)

const SESSION_COOKIE = "authjs.session-token"
const DEMO_EMAIL = "demo@latchkey.dev"
const DEMO_PASSWORD = "latchkey-demo"

type Cookies = Map<string, string>

function keepCookies(cookies: Cookies, response: Response): Cookies {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0]!
    const eq = pair.indexOf("=")
    cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim())
  }
  return cookies
}

const cookieHeader = (cookies: Cookies) => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ")

/** The hidden fields of the first form in `html`. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[name!] = value!.replaceAll("&amp;", "&").replaceAll("&quot;", '"')
  }
  return fields
}

interface Mail {
  subject: string
  links: string[]
}

describe.skipIf(missing.length > 0 && !onCI)("the demo's sign-up (examples/demo/sign-up.js)", () => {
  let demo: DemoRun
  let database: string
  const dataDir = mkdtempSync(join(tmpdir(), "latchkey-demo-signup-"))

  beforeAll(async () => {
    database = join(dataDir, "demo.sqlite")
    demo = await startDemo({ dataDir, env: { DATABASE_URL: database } })
    await demo.ready
  }, 90_000)

  afterAll(async () => {
    await stopDemo(demo)
    rmSync(dataDir, { recursive: true, force: true })
  })

  const url = (path: string) => `${demo.base}${path}`
  function query<Row>(sql: string, ...params: unknown[]): Row[] {
    const db = new SQLite(database, { fileMustExist: true })
    try {
      return db.prepare(sql).all(...params) as Row[]
    } finally {
      db.close()
    }
  }
  const usersWith = (email: string) => query<{ id: string; emailVerified: string | null }>(`SELECT id, "emailVerified" FROM "User" WHERE email = ?`, email)
  /** A form POST from the demo's own pages (their Origin), as the browser sends it. */
  const postForm = (path: string, fields: Record<string, string>, cookies: Cookies = new Map()) =>
    fetch(url(path), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: demo.base, cookie: cookieHeader(cookies) },
      body: new URLSearchParams(fields).toString(),
    })
  const signUp = (email: string, password: string, name = "") => postForm("/signup", { name, email, password })

  /** Every message in /mailbox to `email`, newest first. */
  async function mailTo(email: string): Promise<Mail[]> {
    const html = await (await fetch(url("/mailbox"))).text()
    return html
      .split('<section class="card message"')
      .slice(1)
      .filter((section) => section.includes(`To ${email} ·`))
      .map((section) => ({
        subject: /<h2>([^<]*)<\/h2>/.exec(section)![1]!,
        links: [...section.matchAll(/<a class="sign-in-link" href="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&")),
      }))
  }
  /** Waits for the `count`-th message to `email`; the newest. */
  async function newestMail(email: string, count: number): Promise<Mail> {
    await expect.poll(async () => (await mailTo(email)).length).toBe(count)
    return (await mailTo(email))[0]!
  }
  const confirmationLink = (mail: Mail) => mail.links.find((link: string) => link.startsWith(url("/signup/confirm?token=")))
  const tokenOf = (link: string) => new URL(link).searchParams.get("token")!

  /** A CSRF token and the cookie that goes with it, as a fresh browser gets them. */
  async function freshBrowser(): Promise<{ csrfToken: string; cookies: Cookies }> {
    const response = await fetch(url("/auth/csrf"))
    const { csrfToken } = (await response.json()) as { csrfToken: string }
    return { csrfToken, cookies: keepCookies(new Map(), response) }
  }

  /** Signs in with the password form; the session cookie, or undefined when refused. */
  async function passwordSignIn(email: string, password: string): Promise<string | undefined> {
    const { csrfToken, cookies } = await freshBrowser()
    const response = await postForm("/auth/callback/credentials", { csrfToken, email, password, callbackUrl: "/" }, cookies)
    return keepCookies(cookies, response).get(SESSION_COOKIE) || undefined
  }

  /** The whole email sign-in: ask, read the link in /mailbox, open it, press its button. The session's user, or the error. */
  async function emailSignIn(email: string, signedIn?: Cookies): Promise<{ userId?: string; error?: string | null }> {
    const { csrfToken, cookies } = await freshBrowser()
    for (const [name, value] of signedIn ?? []) if (name === SESSION_COOKIE) cookies.set(name, value)
    const before = (await mailTo(email)).length
    const asked = await postForm("/auth/signin/nodemailer", { csrfToken, email, callbackUrl: "/" }, cookies)
    keepCookies(cookies, asked)
    expect(new URL(asked.headers.get("location")!, demo.base).pathname).toBe("/auth/verify-request")
    const link = (await newestMail(email, before + 1)).links.find((href) => href.includes("/auth/callback/nodemailer?"))!
    const page = await fetch(link, { headers: { cookie: cookieHeader(cookies) } })
    keepCookies(cookies, page)
    const confirmed = await postForm(new URL(link).pathname + new URL(link).search, hiddenFields(await page.text()), cookies)
    keepCookies(cookies, confirmed)
    const location = new URL(confirmed.headers.get("location")!, demo.base)
    if (location.searchParams.has("error") || !cookies.get(SESSION_COOKIE)) return { error: location.searchParams.get("error") }
    const session = (await (await fetch(url("/auth/session"), { headers: { cookie: cookieHeader(cookies) } })).json()) as { user: { id: string } }
    return { userId: session.user.id }
  }

  it("answers an address that has an account as it answers a new one, creates nothing, and mails its owner a note, not a link", async () => {
    const [demoUser] = usersWith(DEMO_EMAIL)
    const passwordBefore = query(`SELECT password_hash FROM demo_password WHERE user_id = ?`, demoUser!.id)
    const known = await signUp(DEMO_EMAIL, "an attacker's passphrase", "Mallory")
    const fresh = await signUp("first.timer@example.test", "an attacker's passphrase", "Mallory")
    expect(known.status).toBe(fresh.status)
    expect(known.status).toBe(200)
    const knownPage = await known.text()
    expect(knownPage.replaceAll(DEMO_EMAIL, "ADDRESS")).toBe((await fresh.text()).replaceAll("first.timer@example.test", "ADDRESS"))
    expect(knownPage).toContain("Check your email")

    // One message each: a note for the owner, a confirmation link for the new address.
    const note = await newestMail(DEMO_EMAIL, 1)
    expect(note.subject).toBe("You already have an account")
    expect(confirmationLink(note)).toBeUndefined()
    expect(confirmationLink(await newestMail("first.timer@example.test", 1))).toBeDefined()

    // Nothing changed for the account: still one user, the same password, which still signs in.
    expect(usersWith(DEMO_EMAIL)).toEqual([demoUser])
    expect(query(`SELECT password_hash FROM demo_password WHERE user_id = ?`, demoUser!.id)).toEqual(passwordBefore)
    expect(query(`SELECT 1 FROM demo_pending_signup WHERE email = ?`, DEMO_EMAIL)).toEqual([])
    expect(await passwordSignIn(DEMO_EMAIL, DEMO_PASSWORD)).toBeDefined()
    expect(await passwordSignIn(DEMO_EMAIL, "an attacker's passphrase")).toBeUndefined()
  })

  it("never makes an account of a victim's address without its inbox, and the victim then signs in by email", async () => {
    const victim = "victim@example.test"
    expect((await signUp(victim, "the attacker's passphrase")).status).toBe(200)
    expect(usersWith(victim)).toEqual([])
    expect(await passwordSignIn(victim, "the attacker's passphrase")).toBeUndefined()

    // Straight to the credentials provider, as the old sign-up posted: no account either.
    const { csrfToken, cookies } = await freshBrowser()
    const forged = await postForm(
      "/auth/callback/credentials",
      { csrfToken, intent: "signup", email: victim, password: "the attacker's passphrase", callbackUrl: "/" },
      cookies,
    )
    expect(keepCookies(cookies, forged).get(SESSION_COOKIE)).toBeFalsy()
    expect(usersWith(victim)).toEqual([])

    // The owner of the inbox signs in by email: a new user, address verified.
    const { userId, error } = await emailSignIn(victim)
    expect(error).toBeUndefined()
    expect(usersWith(victim)).toEqual([{ id: userId, emailVerified: expect.any(String) }])
    // The attacker's pending sign-up, used now, makes no second account and sets no password.
    const attackersLink = (await mailTo(victim)).map(confirmationLink).find(Boolean)!
    const result = await postForm("/signup/confirm", { token: tokenOf(attackersLink) })
    expect(await result.text()).toContain("You already have an account")
    expect(usersWith(victim)).toHaveLength(1)
    expect(query(`SELECT 1 FROM demo_password WHERE user_id = ?`, userId)).toEqual([])
  })

  it("stores only a hash of the link's secret; the link's page creates nothing, its button creates the account, verified, which signs in with the password and by email", async () => {
    const email = "nell@example.test"
    await signUp(email, "nell's long passphrase", "Nell")
    const link = confirmationLink(await newestMail(email, 1))!
    const [id, secret] = tokenOf(link).split(".")
    expect(Buffer.from(secret!, "base64url")).toHaveLength(32)
    const rows = query<{ id: string; secret_hash: string; password_hash: string }>(
      `SELECT id, secret_hash, password_hash FROM demo_pending_signup WHERE email = ?`,
      email,
    )
    expect(rows).toEqual([{ id, secret_hash: expect.stringMatching(/^[0-9a-f]{64}$/), password_hash: expect.stringMatching(/^scrypt\$/) }])
    expect(JSON.stringify(rows)).not.toContain(secret)

    // A scanner opening the link (GET, HEAD) creates nothing.
    const page = await fetch(link)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(email)
    await fetch(link, { method: "HEAD" })
    expect(usersWith(email)).toEqual([])

    const created = await postForm("/signup/confirm", hiddenFields(html))
    expect(created.status).toBe(200)
    expect(await created.text()).toContain("Your account is ready")
    const [user] = usersWith(email)
    expect(user!.emailVerified).not.toBeNull()
    expect(query(`SELECT 1 FROM demo_pending_signup WHERE email = ?`, email)).toEqual([])

    expect(await passwordSignIn(email, "nell's long passphrase")).toBeDefined()
    expect(await emailSignIn(email)).toEqual({ userId: user!.id })
  })

  it("lists email sign-in on the home page only when it works: an unconfirmed address says how to confirm it, which then works", async () => {
    const email = "unconfirmed@example.test"
    await signUp(email, "an unconfirmed passphrase")
    await postForm("/signup/confirm", { token: tokenOf(confirmationLink(await newestMail(email, 1))!) })
    // As a user made by a passkey alone (or by the demo's sign-up before it confirmed addresses) is.
    const db = new SQLite(database)
    db.prepare(`UPDATE "User" SET "emailVerified" = NULL WHERE email = ?`).run(email)
    db.close()

    const cookies: Cookies = new Map([[SESSION_COOKIE, (await passwordSignIn(email, "an unconfirmed passphrase"))!]])
    const home = async () => (await fetch(url("/"), { headers: { cookie: cookieHeader(cookies) } })).text()
    expect(await home()).toContain('Email link or code: <span class="muted">not yet')
    // What the page says to do (signed out, Latchkey refuses it: OAuthAccountNotLinked): while signed in, an email link confirms the address.
    const { userId } = await emailSignIn(email, cookies)
    expect(usersWith(email)).toEqual([{ id: userId, emailVerified: expect.any(String) }])
    expect(await home()).toContain(`Email link or code to <strong>${email}</strong>`)
  })

  it("lets one of 20 parallel uses of a link create the account; the others say the link does not work", async () => {
    const email = "parallel@example.test"
    await signUp(email, "a parallel passphrase")
    const token = tokenOf(confirmationLink(await newestMail(email, 1))!)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postForm("/signup/confirm", { token }).then(async (r) => [r.status, await r.text()] as const)),
    )
    const created = answers.filter(([, text]) => text.includes("Your account is ready"))
    expect(created).toHaveLength(1)
    expect(created[0]![0]).toBe(200)
    const refused = answers.filter(([status, text]) => status === 400 && text.includes("This link does not work"))
    expect(refused).toHaveLength(19)
    expect(usersWith(email)).toHaveLength(1)
    expect(query(`SELECT 1 FROM demo_password WHERE user_id = ?`, usersWith(email)[0]!.id)).toHaveLength(1)
    // Used: the link's page says so too.
    expect((await fetch(url(`/signup/confirm?token=${token}`))).status).toBe(400)
  })

  it("makes one account of two links of one address used at once", async () => {
    const email = "twice@example.test"
    await signUp(email, "the first passphrase")
    await signUp(email, "the second passphrase")
    const mails = await mailTo(email)
    expect(mails).toHaveLength(2)
    const tokens = mails.map((mail) => tokenOf(confirmationLink(mail)!))
    const answers = await Promise.all(tokens.map((token) => postForm("/signup/confirm", { token }).then((r) => r.text())))
    expect(answers.filter((text) => text.includes("Your account is ready"))).toHaveLength(1)
    expect(answers.filter((text) => text.includes("You already have an account"))).toHaveLength(1)
    expect(usersWith(email)).toHaveLength(1)
  })

  it("refuses a link that expired, was altered or is not one, creating nothing", async () => {
    const email = "late@example.test"
    await signUp(email, "a late passphrase")
    const token = tokenOf(confirmationLink(await newestMail(email, 1))!)
    const [id, secret] = token.split(".")
    const flipped = `${id}.${secret!.slice(0, -1)}${secret!.endsWith("A") ? "B" : "A"}`
    for (const bad of [flipped, id!, `${token}.x`, "", "not-a-token"]) {
      expect((await postForm("/signup/confirm", { token: bad })).status, bad).toBe(400)
      expect((await fetch(url(`/signup/confirm?token=${encodeURIComponent(bad)}`))).status, bad).toBe(400)
    }
    const db = new SQLite(database)
    db.prepare("UPDATE demo_pending_signup SET expires = ? WHERE id = ?").run(new Date(Date.now() - 1000).toISOString(), id)
    db.close()
    const late = await postForm("/signup/confirm", { token })
    expect(late.status).toBe(400)
    expect(await late.text()).toContain("This link does not work")
    expect(usersWith(email)).toEqual([])
  })

  it("refuses a sign-up or a confirmation posted from another site", async () => {
    const other = { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" }
    const body = new URLSearchParams({ email: "cross@example.test", password: "a cross-site passphrase" }).toString()
    expect((await fetch(url("/signup"), { method: "POST", headers: other, body })).status).toBe(403)
    expect((await fetch(url("/signup/confirm"), { method: "POST", headers: other, body: "token=x.y" })).status).toBe(403)
    expect(await mailTo("cross@example.test")).toEqual([])
  })
})

const servers = [
  { label: "SQLite", target: sqliteTarget, reachable: async () => true },
  { label: "PostgreSQL", target: postgresTarget, reachable: async () => (await probe("PostgreSQL", POSTGRES_URL)).ok },
  { label: "MariaDB", target: mysqlTarget, reachable: async () => (await probe("MariaDB/MySQL", MYSQL_URL)).ok },
]

for (const { label, target, reachable } of servers) {
  const up = missing.length === 0 && (mustHaveServers() || (await reachable()))
  describe.skipIf(!up)(`the demo's sign-up link used 50 times at once, in one process (${label})`, () => {
    let database: Target
    let db: Awaited<ReturnType<typeof openDatabase>>
    let mailbox: Awaited<ReturnType<typeof startMailbox>>

    beforeAll(async () => {
      database = await target()
      db = await openDatabase(database.url)
      mailbox = await startMailbox({ port: 0 })
    })

    afterAll(async () => {
      await mailbox?.close()
      await db?.destroy()
      await database?.dispose()
    })

    it("creates one user with one password; every other use is refused", async () => {
      const adapter = KyselyAdapter(db)
      const email = `crowd-${label.toLowerCase()}@example.test`
      await startSignUp({ db, adapter, origin: "http://localhost:3000", smtpPort: mailbox.port }, { email, password: "a crowded passphrase" })
      await expect.poll(() => mailbox.messages().length).toBe(1)
      const token = new URL(mailbox.messages()[0]!.links.find((link: string) => link.includes("/signup/confirm?"))!).searchParams.get("token")!
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, () => confirmSignUp({ db, adapter }, token).then((result: { outcome: string }) => result.outcome)),
      )
      expect(outcomes.filter((outcome: string) => outcome === "created")).toHaveLength(1)
      expect(outcomes.filter((outcome: string) => outcome === "invalid")).toHaveLength(49)
      const user = await adapter.getUserByEmail(email)
      expect(user?.emailVerified).toBeInstanceOf(Date)
      expect(await passwordHashOf(db, user!.id)).toMatch(/^scrypt\$/)
    })
  })
}
