/**
 * `@latchkey/hono/react` in Chromium against a real Hono server
 * (@hono/node-server, `authHandler()` at `/hono-auth`): `authConfigManager`
 * points the client there, `useSession` follows a credentials sign-in, and
 * `useOauthPopupLogin` opens the provider's page in a popup and takes the
 * popup's `postMessage` as success. The "provider" is a page of the same
 * server that reports back at once, standing in for the return to
 * `callbackUrl` after a real provider.
 */
import type { AddressInfo } from "node:net"
import { fileURLToPath } from "node:url"
import { serve } from "@hono/node-server"
import { Hono } from "hono"
import type { Browser } from "playwright-core"
import { rolldown } from "rolldown"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import Credentials from "../packages/core/src/providers/credentials.js"
import { type AuthConfig, authHandler, initAuthConfig } from "../packages/hono/src/index.js"
import { chromiumAvailable, launchChromium } from "./support/pages-browser.js"

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const ENTRIES: Record<string, string> = {
  "@latchkey/hono/react": here("../packages/hono/src/react/index.ts"),
  "@latchkey/client/react": here("../packages/client/src/react/index.ts"),
}

async function bundlePage(): Promise<string> {
  const build = await rolldown({
    input: here("support/client-pages/hono-react-app.tsx"),
    platform: "browser",
    tsconfig: false,
    plugins: [{ name: "latchkey-hono-react-resolve", resolveId: (source) => ENTRIES[source] ?? null }],
    transform: { jsx: { runtime: "automatic", importSource: "react" }, define: { "process.env.NODE_ENV": JSON.stringify("production") } },
    logLevel: "warn",
  })
  const { output } = await build.generate({ format: "esm" })
  await build.close()
  return output[0].code
}

function html(body: string): Response {
  return new Response(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>hono react</title></head><body>${body}</body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  })
}

/** The configuration, once the server's origin is known (the stand-in provider lives on it). */
function configFor(origin: string): AuthConfig {
  return {
    secret: "hono-react-test-secret-hono-react-test-secret",
    trustHost: true,
    basePath: "/hono-auth",
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: ({ username, password }) =>
          username === "alice" && password === "wonderland" ? { id: "1", name: "Alice", email: "alice@example.com" } : null,
      }),
      {
        id: "popup-idp",
        name: "Popup IdP",
        type: "oauth",
        clientId: "client",
        clientSecret: "secret",
        checks: ["state"],
        authorization: { url: `${origin}/popup-done` },
        token: { url: `${origin}/token` },
        userinfo: { url: `${origin}/userinfo` },
      },
    ],
  }
}

describe.runIf(chromiumAvailable)("@latchkey/hono/react in Chromium", () => {
  let browser: Browser
  let url = ""
  let close = async () => {}

  beforeAll(async () => {
    const script = await bundlePage()
    const holder: { config?: AuthConfig } = {}
    const app = new Hono()
    app.use(
      "/hono-auth/*",
      initAuthConfig(() => holder.config!),
    )
    app.use("/hono-auth/*", authHandler())
    app.get("/app", () => html(`<div id="root"></div><script type="module" src="/app.js"></script>`))
    app.get("/app.js", (c) => c.body(script, 200, { "content-type": "text/javascript" }))
    app.get("/popup-done", () => html(`<p>done</p><script>window.opener.postMessage({ status: "success" }, location.origin)</script>`))
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started))
    })
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    holder.config = configFor(url)
    close = () => new Promise((done) => server.close(() => done()))
    browser = await launchChromium()
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await close()
  })

  it("follows authConfigManager's basePath, and useSession sees a credentials sign-in", async () => {
    const page = await browser.newPage()
    const paths: string[] = []
    page.on("request", (request) => paths.push(new URL(request.url()).pathname))
    await page.goto(`${url}/app`)
    await expect.poll(() => page.textContent("#status")).toBe("unauthenticated")
    expect(paths).toContain("/hono-auth/session")
    expect(paths.filter((path) => path.startsWith("/api/auth"))).toEqual([])
    await page.click("#signin")
    await expect.poll(() => page.textContent("#status")).toBe("authenticated")
    expect(await page.textContent("#email")).toBe("alice@example.com")
    await page.close()
  })

  it("useOauthPopupLogin opens the provider's page in a popup and takes its message as success", async () => {
    const page = await browser.newPage()
    await page.goto(`${url}/app`)
    await expect.poll(() => page.textContent("#popup")).toBe("loading")
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.click("#popup-signin")])
    expect(new URL(popup.url()).pathname).toBe("/popup-done")
    expect(new URL(popup.url()).searchParams.get("client_id")).toBe("client")
    await expect.poll(() => page.textContent("#popup")).toBe("success")
    expect(await page.textContent("#popup-success")).toBe("onSuccess called")
    await expect.poll(() => popup.isClosed()).toBe(true)
    await page.close()
  })
})
