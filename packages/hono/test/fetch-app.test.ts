/**
 * The same helpers in a plain fetch app (`app.fetch(request)`), as on Bun,
 * Deno or Workers: no Node server, the origin from the request URL, the
 * environment from the Workers-style bindings (`c.env`).
 */
import { Hono } from "hono"
import { HTTPException } from "hono/http-exception"
import { describe, expect, it, vi } from "vitest"
import { blankEnvInEachTest, SECRET_ENV } from "../../core/test/support/per-test.js"
import { authHandler, getAuthUser, initAuthConfig, verifyAuth } from "../src/index.js"
import { ALICE, CookieJar, honoConfig, SECRET } from "./support.js"

// The bindings are the only configuration: nothing from the developer's shell.
blankEnvInEachTest([...SECRET_ENV, "AUTH_URL"])

type Bindings = { AUTH_SECRET: string; AUTH_URL?: string }

function fetchApp() {
  const app = new Hono<{ Bindings: Bindings }>()
  const { providers, logger } = honoConfig()
  // The secret comes from the bindings, as a Workers app gets it.
  app.use(
    "*",
    initAuthConfig((c) => ({ secret: c.env.AUTH_SECRET, basePath: "/api/auth", trustHost: true, providers, logger })),
  )
  app.use("/api/auth/*", authHandler())
  app.use("/api/protected/*", verifyAuth())
  app.get("/api/protected/me", (c) => c.json(c.get("authUser").session))
  app.get("/whoami", async (c) => c.json(await getAuthUser(c)))
  app.onError((error) => (error instanceof HTTPException ? error.getResponse() : new Response(error.message, { status: 500 })))
  return app
}

/** `app.fetch` with a cookie jar, no redirects followed. */
async function call(app: ReturnType<typeof fetchApp>, env: Bindings, jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  if (jar.cookies.size > 0) headers.set("cookie", jar.header())
  const response = await app.fetch(new Request(url, { ...init, headers }), env)
  jar.store(response)
  return response
}

async function signInThrough(app: ReturnType<typeof fetchApp>, env: Bindings, jar: CookieJar, base: string): Promise<Response> {
  const { csrfToken } = (await (await call(app, env, jar, `${base}/api/auth/csrf`)).json()) as { csrfToken: string }
  return call(app, env, jar, `${base}/api/auth/callback/credentials`, {
    method: "POST",
    body: new URLSearchParams({ csrfToken, username: "alice", password: "wonderland" }),
  })
}

describe("@latchkey/hono as a fetch app", () => {
  it("signs in, reads the user and guards routes with the secret from c.env", async () => {
    const app = fetchApp()
    const env = { AUTH_SECRET: SECRET }
    const jar = new CookieJar()
    expect((await call(app, env, jar, "http://app.test/api/protected/me")).status).toBe(401)
    const signedIn = await signInThrough(app, env, jar, "http://app.test")
    expect(signedIn.status).toBe(302)
    expect(((await (await call(app, env, jar, "http://app.test/api/protected/me")).json()) as { user: { email: string } }).user.email).toBe(ALICE.email)
    expect(((await (await call(app, env, jar, "http://app.test/whoami")).json()) as { token: { sub: string } }).token.sub).toBe(ALICE.id)
  })

  it("on an https URL sets __Secure- cookies and reads them back", async () => {
    const app = fetchApp()
    const env = { AUTH_SECRET: SECRET }
    const jar = new CookieJar()
    await signInThrough(app, env, jar, "https://app.test")
    expect(jar.names()).toContain("__Secure-authjs.session-token")
    expect((await call(app, env, jar, "https://app.test/api/protected/me")).status).toBe(200)
  })

  // hono/adapter's env(c), which the helpers read as @hono/auth-js does, is process.env on Node and c.env on Workers.
  it("takes AUTH_URL from the runtime's environment as the origin, over the request URL's", async () => {
    vi.stubEnv("AUTH_URL", "https://public.example/api/auth")
    const app = fetchApp()
    const env = { AUTH_SECRET: SECRET }
    const providers = (await (await app.fetch(new Request("http://internal:8787/api/auth/providers"), env)).json()) as { credentials: { signinUrl: string } }
    expect(providers.credentials.signinUrl).toBe("https://public.example/api/auth/signin/credentials")
  })
})
