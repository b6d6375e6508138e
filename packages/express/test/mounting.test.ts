/** Where ExpressAuth can be mounted, and how it derives `basePath` from it. */
import express from "express"
import { describe, expect, it } from "vitest"
import { closedAfterEachTest } from "../../core/test/support/per-test.js"
import { ExpressAuth, getSession } from "../src/index.js"
import { CookieJar, credentialsConfig, type RunningApp, send, signIn, start } from "./support.js"

const running = closedAfterEachTest<RunningApp>()

async function run(app: express.Express) {
  app.use((_req, res) => void res.status(404).send("fell through"))
  const started = await start(app)
  running.push(started)
  return started
}

async function signinUrlAt(appUrl: string, authPath: string): Promise<string> {
  const providers = (await (await fetch(`${appUrl}${authPath}/providers`)).json()) as {
    credentials: { signinUrl: string; callbackUrl: string }
  }
  return providers.credentials.callbackUrl
}

describe("mounting ExpressAuth", () => {
  it("works as app.use('/auth/*splat', …), the @auth/express form", async () => {
    const app = express()
    app.use("/auth/*splat", ExpressAuth(credentialsConfig()))
    const started = await run(app)
    expect(await signinUrlAt(started.url, "/auth")).toBe(`${started.url}/auth/callback/credentials`)
  })

  it("works as app.use('/auth', …)", async () => {
    const app = express()
    app.use("/auth", ExpressAuth(credentialsConfig()))
    const started = await run(app)
    expect(await signinUrlAt(started.url, "/auth")).toBe(`${started.url}/auth/callback/credentials`)
  })

  it("takes the provider segment after a wildcard mount correctly (/auth/signin/credentials)", async () => {
    const app = express()
    app.use("/auth/*splat", ExpressAuth(credentialsConfig()))
    const started = await run(app)
    const jar = new CookieJar()
    const csrf = (await (await send(jar, `${started.url}/auth/csrf`)).json()) as { csrfToken: string }
    const response = await send(jar, `${started.url}/auth/signin/credentials`, {
      method: "POST",
      body: new URLSearchParams({ csrfToken: csrf.csrfToken }),
    })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toMatch(new RegExp(`^${started.url}/auth/signin`))
  })

  it("uses the full path of nested routers as basePath, and signs in there", async () => {
    const config = credentialsConfig()
    const api = express.Router()
    api.use("/auth", ExpressAuth(config))
    api.get("/me", async (req, res) => void res.json(await getSession(req, { ...config, basePath: "/api/v1/auth" })))
    const app = express()
    app.use("/api/v1", api)
    const started = await run(app)

    expect(await signinUrlAt(started.url, "/api/v1/auth")).toBe(`${started.url}/api/v1/auth/callback/credentials`)
    const jar = new CookieJar()
    const response = await signIn(jar, `${started.url}/api/v1/auth`)
    expect(response.status).toBe(302)
    const session = (await (await send(jar, `${started.url}/api/v1/me`)).json()) as { user: { name: string } } | null
    expect(session?.user.name).toBe("Alice")
  })

  it("handles a wildcard mount inside a router with a parameter", async () => {
    const tenants = express.Router()
    tenants.use("/auth/*splat", ExpressAuth(credentialsConfig()))
    const app = express()
    app.use("/t/:tenant", tenants)
    const started = await run(app)
    expect(await signinUrlAt(started.url, "/t/acme/auth")).toBe(`${started.url}/t/acme/auth/callback/credentials`)
    expect(await signinUrlAt(started.url, "/t/other/auth")).toBe(`${started.url}/t/other/auth/callback/credentials`)
  })

  it("uses config.basePath over the mount path, and leaves other paths to next()", async () => {
    const app = express()
    app.use(ExpressAuth(credentialsConfig({ basePath: "/custom/auth" })))
    const started = await run(app)
    expect(await signinUrlAt(started.url, "/custom/auth")).toBe(`${started.url}/custom/auth/callback/credentials`)
    const elsewhere = await fetch(`${started.url}/auth/providers`)
    expect(await elsewhere.text()).toBe("fell through")
  })

  it("works mounted at the root", async () => {
    const app = express()
    app.use(ExpressAuth(credentialsConfig()))
    const started = await run(app)
    expect(await signinUrlAt(started.url, "")).toBe(`${started.url}/callback/credentials`)
    expect(await (await fetch(`${started.url}/about`)).text()).toBe("fell through")
  })
})
