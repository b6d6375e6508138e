/** Express's `trust proxy` setting decides whether X-Forwarded-* headers shape URLs and cookies. */
import express from "express"
import { describe, expect, it } from "vitest"
import { closedAfterEachTest } from "../../core/test/support/per-test.js"
import { ExpressAuth, getSession } from "../src/index.js"
import { CookieJar, credentialsConfig, type RunningApp, send, signIn, start } from "./support.js"

const running = closedAfterEachTest<RunningApp>()

const FORWARDED = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "auth.example.com" }

async function appWith(trustProxy: boolean) {
  const config = credentialsConfig()
  const app = express()
  app.set("trust proxy", trustProxy)
  app.use("/auth/*splat", ExpressAuth(config))
  app.get("/me", async (req, res) => void res.json(await getSession(req, config)))
  const started = await start(app)
  running.push(started)
  return started
}

describe("trust proxy", () => {
  it("with trust proxy, builds URLs for the forwarded origin and uses secure cookie names", async () => {
    const app = await appWith(true)
    const providers = (await (await fetch(`${app.url}/auth/providers`, { headers: FORWARDED })).json()) as {
      credentials: { callbackUrl: string }
    }
    expect(providers.credentials.callbackUrl).toBe("https://auth.example.com/auth/callback/credentials")

    const jar = new CookieJar()
    const response = await signIn(jar, `${app.url}/auth`, { headers: FORWARDED })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe("https://auth.example.com")
    expect(jar.names()).toEqual(expect.arrayContaining(["__Host-authjs.csrf-token", "__Secure-authjs.session-token"]))
    expect(jar.cookies.get("__Secure-authjs.session-token")?.attributes).toMatch(/Secure/i)

    // getSession must look for the same (secure) cookie name.
    const session = (await (await send(jar, `${app.url}/me`, { headers: FORWARDED })).json()) as { user: { name: string } }
    expect(session.user.name).toBe("Alice")
  })

  it("without trust proxy, ignores X-Forwarded-* headers", async () => {
    const app = await appWith(false)
    const providers = (await (await fetch(`${app.url}/auth/providers`, { headers: FORWARDED })).json()) as {
      credentials: { callbackUrl: string }
    }
    expect(providers.credentials.callbackUrl).toBe(`${app.url}/auth/callback/credentials`)
    const jar = new CookieJar()
    await signIn(jar, `${app.url}/auth`, { headers: FORWARDED })
    expect(jar.names()).toEqual(expect.arrayContaining(["authjs.csrf-token", "authjs.session-token"]))
  })
})
