/**
 * The client during server-side rendering (no `window`), against a running
 * Latchkey server: requests go to `baseUrlServer + basePathServer`, and
 * nothing is cached between calls, so one visitor's CSRF token or session
 * never reaches another request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BOB, type ClientApp, startClientApp } from "../../../e2e/support/client-app.js"
import { __NEXTAUTH, getCsrfToken, getProviders, getSession } from "../src/index.js"

describe("@latchkey/client without a window", () => {
  let app: ClientApp

  beforeAll(async () => {
    app = await startClientApp({ plain: "", react18: "", react19: "" })
    __NEXTAUTH.baseUrlServer = app.url.replace("localhost", "127.0.0.1")
    __NEXTAUTH.basePathServer = "/api/auth"
  })
  afterAll(() => app?.close())

  it("asks the server named by baseUrlServer and basePathServer", async () => {
    const providers = await getProviders()
    expect(Object.keys(providers ?? {}).sort()).toEqual(["credentials", "passkey"])
    expect(await getSession()).toBeNull()
  })

  it("does not share a CSRF token between calls (each server request is someone else's)", async () => {
    const [first, second] = [await getCsrfToken(), await getCsrfToken()]
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    expect(second).toMatch(/^[0-9a-f]{64}$/)
    expect(second).not.toBe(first)
  })

  it("getSession({ req }) and getSession({ headers }) forward the visitor's cookie", async () => {
    const base = `${__NEXTAUTH.baseUrlServer}/api/auth`
    const csrf = await fetch(`${base}/csrf`)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const csrfCookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ")
    const signedIn = await fetch(`${base}/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
      body: new URLSearchParams({ username: BOB.username, password: BOB.password, csrfToken }),
    })
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ")
    expect(cookie).toContain("authjs.session-token=")
    expect((await getSession({ req: { headers: { cookie } } }))?.user?.name).toBe(BOB.name)
    expect((await getSession({ headers: new Headers({ cookie }) }))?.user?.name).toBe(BOB.name)
    expect(await getSession()).toBeNull()
  })
})
