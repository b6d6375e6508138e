/**
 * Session tokens at rest, on every SQL database, read back with plain
 * SELECTs: after a sign-in the `Session` row holds the SHA-256 of the
 * cookie's token and nothing else of it; that stored value sent as a cookie
 * signs nobody in; a row written the Auth.js way (the raw UUID token) keeps
 * its user signed in and is moved to its hash on first use; sign-out
 * deletes the row.
 */
import { createHash } from "node:crypto"
import { KyselyAdapter } from "@latchkey/adapter-kysely"
import { newUser } from "@latchkey/adapter-test"
import { expect, it } from "vitest"
import { type AppLog, appConfig, browser, SESSION_COOKIE } from "./support/app.js"
import { rawReads } from "./support/raw.js"
import { forEachFamily, migratedTargetPerTest } from "./support/server-tests.js"

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex")

await forEachFamily((create) => {
  const current = migratedTargetPerTest(create)

  it("a signed-in session's row holds only its token's SHA-256; that value as a cookie is no session; sign-out deletes the row", async () => {
    const adapter = KyselyAdapter(current().db)
    const raw = rawReads(current().db, current().family)
    const user = await adapter.createUser!(newUser())
    const log: AppLog = { errors: [] }
    const app = browser(appConfig(adapter, log))
    await app.signIn({ email: user.email })
    const token = app.jar.cookies.get(SESSION_COOKIE)!
    expect(token).toMatch(/^[\w-]{43}$/)

    const rows = await current().db.selectFrom("Session").select(["sessionToken", "userId"]).execute()
    expect(rows).toEqual([{ sessionToken: sha256(token), userId: user.id }])
    expect(await raw.session(token)).toBeNull()

    const thief = browser(appConfig(adapter, log))
    thief.jar.cookies.set(SESSION_COOKIE, rows[0]!.sessionToken as string)
    expect((await thief.session()).body).toBeNull()

    expect((await app.session()).body.user.email).toBe(user.email)
    await app.signOut()
    expect(await current().db.selectFrom("Session").selectAll().execute()).toEqual([])
    expect(log.errors).toEqual([])
  })

  it("a row Auth.js wrote (the raw UUID) keeps its user signed in and is moved to its hash", async () => {
    const adapter = KyselyAdapter(current().db)
    const raw = rawReads(current().db, current().family)
    const user = await adapter.createUser!(newUser())
    const token = crypto.randomUUID()
    const expires = new Date(Date.now() + 29 * 24 * 3600 * 1000 + 3600 * 1000)
    await adapter.createSession!({ sessionToken: token, userId: user.id, expires })
    const log: AppLog = { errors: [] }
    const app = browser(appConfig(adapter, log))
    app.jar.cookies.set(SESSION_COOKIE, token)

    const answers = await Promise.all([app.session(), app.session(), app.session()])
    expect(answers.map((answer) => answer.body?.user?.email)).toEqual([user.email, user.email, user.email])
    expect(await raw.session(token)).toBeNull()
    expect(await raw.session(sha256(token))).toMatchObject({ userId: user.id, expires })
    expect(await current().db.selectFrom("Session").select("sessionToken").execute()).toEqual([{ sessionToken: sha256(token) }])
    expect((await app.session()).body.user.email).toBe(user.email)
    expect(log.errors).toEqual([])
  })
})
