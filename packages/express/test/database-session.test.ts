/**
 * Database sessions on SQLite (KyselyAdapter from @latchkey/adapter-kysely)
 * on Express 4 and 5: an e-mail sign-in through a real SMTP server and a
 * credentials sign-in each leave a session row that /auth/session,
 * getSession and requireSession read, and sign-out deletes.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Credentials from "@latchkey/core/providers/credentials"
import Nodemailer from "@latchkey/core/providers/nodemailer"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createDatabase, KyselyAdapter, migrate } from "../../adapter-kysely/src/index.js"
import { closedAfterEachTest } from "../../core/test/support/per-test.js"
import { linkOf, smtpSinkForFile } from "../../core/test/support/smtp-sink.js"
import { ExpressAuth, type ExpressAuthConfig, getSession, requireSession } from "../src/index.js"
import { CookieJar, credentialsConfig, EXPRESS_VERSIONS, type RunningApp, send, signIn, start } from "./support.js"

const sink = await smtpSinkForFile()
const directory = mkdtempSync(join(tmpdir(), "latchkey-express-sessions-"))
let db: Awaited<ReturnType<typeof createDatabase>>
beforeAll(async () => {
  db = await createDatabase(join(directory, "auth.sqlite"))
  await migrate(db)
})
afterAll(async () => {
  await db.destroy()
  rmSync(directory, { recursive: true, force: true })
})
const running = closedAfterEachTest<RunningApp>()

async function sessionRows(): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*) as count from session`.execute(db)
  return Number(rows[0]?.count)
}

/** The hidden fields of a page's form (name → value), HTML entities in values decoded. */
function hiddenFields(html: string): Map<string, string> {
  const fields = new Map<string, string>()
  for (const input of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1]
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? ""
    if (name) fields.set(name, value.replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&"))
  }
  return fields
}

describe.each(EXPRESS_VERSIONS)("database sessions on SQLite, $name", (version) => {
  async function appWith(config: ExpressAuthConfig) {
    const server = version.express()
    server.use("/auth", ExpressAuth(config))
    server.get("/me", async (req, res, next) => {
      try {
        res.json({ session: await getSession(req, config) })
      } catch (error) {
        next(error)
      }
    })
    server.get("/account", requireSession(config), (_req, res) => void res.json({ email: res.locals.session.user.email }))
    const started = await start(server)
    running.push(started)
    return started
  }

  it("signs in by e-mail link, reads the session row, and deletes it on sign-out", async () => {
    const config = credentialsConfig({
      adapter: KyselyAdapter(db),
      session: { strategy: "database" },
      providers: [Nodemailer({ server: sink.server, from: "Latchkey tests <no-reply@localhost>" })],
    })
    const { url } = await appWith(config)
    const email = `reader-${version.major}@example.com`
    const jar = new CookieJar()
    const { csrfToken } = (await (await send(jar, `${url}/auth/csrf`)).json()) as { csrfToken: string }
    const requested = await send(jar, `${url}/auth/signin/nodemailer`, { method: "POST", body: new URLSearchParams({ csrfToken, email }) })
    expect(requested.status).toBe(302)
    expect(requested.headers.get("location")).toMatch(new RegExp(`^${url}/auth/verify-request`))
    const mail = sink.messages.find((message) => message.recipients.includes(email))
    if (!mail) throw new Error("no sign-in e-mail arrived")
    const link = linkOf(mail)
    expect(link.startsWith(`${url}/auth/callback/nodemailer?`)).toBe(true)

    // The link opens a confirmation page (mail scanners spend nothing); its button posts the token.
    const confirm = await send(jar, link)
    expect(confirm.status).toBe(200)
    const fields = hiddenFields(await confirm.text())
    expect(fields.get("email")).toBe(email)
    const before = await sessionRows()
    const confirmed = await send(jar, `${url}/auth/callback/nodemailer`, { method: "POST", body: new URLSearchParams([...fields]) })
    expect(confirmed.status).toBe(302)
    expect(await sessionRows()).toBe(before + 1)
    // A database session's cookie is an opaque token, not a JWT.
    expect(jar.cookies.get("authjs.session-token")?.value).not.toContain(".")

    const me = (await (await send(jar, `${url}/me`)).json()) as { session: { user: { email: string } } }
    expect(me.session.user.email).toBe(email)
    expect(await (await send(jar, `${url}/account`)).json()).toEqual({ email })

    const signout = await send(jar, `${url}/auth/signout`, {
      method: "POST",
      body: new URLSearchParams({ csrfToken: ((await (await send(jar, `${url}/auth/csrf`)).json()) as { csrfToken: string }).csrfToken }),
    })
    expect(signout.status).toBe(302)
    expect(await sessionRows()).toBe(before)
    expect(await (await send(jar, `${url}/me`)).json()).toEqual({ session: null })
  })

  it("signs in with credentials into a database session that getSession reads from SQLite", async () => {
    const adapter = KyselyAdapter(db)
    // Credentials sign a known user in under the database strategy: the user row exists first.
    const email = `alice-${version.major}@example.com`
    const alice = await adapter.createUser({ id: crypto.randomUUID(), name: "Alice", email, image: null, emailVerified: null })
    const config = credentialsConfig({
      adapter,
      session: { strategy: "database" },
      providers: [Credentials({ credentials: { username: {}, password: {} }, authorize: ({ password }) => (password === "wonderland" ? alice : null) })],
    })
    const { url } = await appWith(config)
    const jar = new CookieJar()
    expect((await signIn(jar, `${url}/auth`)).status).toBe(302)
    const { rows } = await sql<{ n: number }>`select count(*) as n from session where "userId" = ${alice.id}`.execute(db)
    expect(Number(rows[0]?.n)).toBe(1)
    const me = (await (await send(jar, `${url}/me`)).json()) as { session: { user: { email: string } } }
    expect(me.session.user.email).toBe(email)

    // The row is the truth: deleted behind the app's back, the session is gone.
    await sql`delete from session where "userId" = ${alice.id}`.execute(db)
    expect(await (await send(jar, `${url}/me`)).json()).toEqual({ session: null })
  })
})
