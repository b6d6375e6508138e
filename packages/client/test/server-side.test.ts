/**
 * The client during server-side rendering (no `window`), against a running
 * Latchkey server: requests go to `baseUrlServer + basePathServer`, and
 * nothing is cached between calls, so one visitor's CSRF token or session
 * never reaches another request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startClientApp, type ClientApp } from "../../../e2e/support/client-app.js"
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
})
