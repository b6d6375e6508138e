/**
 * The base path of ExpressAuth comes from each request's mount path, which
 * Express matches case-insensitively and which may hold parameters. However
 * clients spell it, one configuration object keeps one prepared state
 * (observed through its warnings, logged once), and the URLs of each answer
 * follow the path the request arrived under.
 */
import express from "express"
import { describe, expect, it } from "vitest"
import { closedAfterEachTest } from "../../core/test/support/per-test.js"
import { ExpressAuth, type ExpressAuthConfig } from "../src/index.js"
import { CookieJar, credentialsConfig, type RunningApp, send, signIn, start } from "./support.js"

const running = closedAfterEachTest<RunningApp>()

/** A config whose warnings land in `warnings`; `debug: true` makes preparing it warn "debug-enabled" once. */
function observedConfig(warnings: string[], overrides: Partial<ExpressAuthConfig> = {}): ExpressAuthConfig {
  return credentialsConfig({
    debug: true,
    logger: { error: () => {}, warn: (code) => void warnings.push(code), debug: () => {} },
    ...overrides,
  })
}

async function run(app: express.Express): Promise<RunningApp> {
  app.use((_req, res) => void res.status(404).send("fell through"))
  const started = await start(app)
  running.push(started)
  return started
}

async function callbackUrlAt(authUrl: string): Promise<string> {
  const response = await fetch(`${authUrl}/providers`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { credentials: { callbackUrl: string } }).credentials.callbackUrl
}

/** Every upper/lower-case spelling of `word` (2^length of them). */
function caseSpellings(word: string): string[] {
  let spellings = [""]
  for (const letter of word) spellings = spellings.flatMap((prefix) => [prefix + letter.toLowerCase(), prefix + letter.toUpperCase()])
  return spellings
}

describe("ExpressAuth's base path from the request", () => {
  it("prepares the configuration once however many case spellings of the mount path clients use", async () => {
    const warnings: string[] = []
    const config = observedConfig(warnings)
    const app = express()
    app.use("/api/auth", ExpressAuth(config))
    const started = await run(app)

    const jar = new CookieJar()
    expect((await signIn(jar, `${started.url}/api/auth`)).status).toBe(302)
    const spellings = caseSpellings("auth").map((auth, index) => `/${index % 2 ? "API" : "api"}/${auth}`)
    expect(spellings).toHaveLength(16)
    for (const spelling of spellings) {
      const session = (await (await send(jar, `${started.url}${spelling}/session`)).json()) as { user?: { name: string } } | null
      expect(session?.user?.name).toBe("Alice")
    }
    // One prepared state: the 16 spellings logged no second "debug-enabled".
    expect(warnings.filter((code) => code === "debug-enabled")).toHaveLength(1)
  })

  it("builds the URLs of a request under the spelling it arrived with, and signs in there", async () => {
    const app = express()
    app.use("/auth", ExpressAuth(credentialsConfig()))
    const started = await run(app)

    expect(await callbackUrlAt(`${started.url}/AUTH`)).toBe(`${started.url}/AUTH/callback/credentials`)
    const page = await (await fetch(`${started.url}/AuTh/signin`)).text()
    expect(page).toContain(`action="${started.url}/AuTh/callback/credentials"`)

    const jar = new CookieJar()
    const signedIn = await signIn(jar, `${started.url}/AuTh`)
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get("location")).toBe(started.url)
    const wrong = await signIn(new CookieJar(), `${started.url}/AUTH`, { password: "nope" })
    expect(wrong.headers.get("location")).toBe(`${started.url}/AUTH/signin?error=CredentialsSignin&code=credentials`)
    const session = (await (await send(jar, `${started.url}/auth/session`)).json()) as { user: { name: string } }
    expect(session.user.name).toBe("Alice")
  })

  it("gives each tenant of a parameterised mount its own URLs, from one prepared state", async () => {
    const warnings: string[] = []
    const tenants = express.Router()
    tenants.use("/auth", ExpressAuth(observedConfig(warnings)))
    const app = express()
    app.use("/t/:tenant", tenants)
    const started = await run(app)

    const names = Array.from({ length: 30 }, (_, index) => `tenant-${index}`)
    for (const name of names) {
      expect(await callbackUrlAt(`${started.url}/t/${name}/auth`)).toBe(`${started.url}/t/${name}/auth/callback/credentials`)
    }
    const wrong = await signIn(new CookieJar(), `${started.url}/t/acme/auth`, { password: "nope" })
    expect(wrong.headers.get("location")).toBe(`${started.url}/t/acme/auth/signin?error=CredentialsSignin&code=credentials`)
    const jar = new CookieJar()
    expect((await signIn(jar, `${started.url}/t/ACME/auth`)).status).toBe(302)
    const session = (await (await send(jar, `${started.url}/t/other/auth/session`)).json()) as { user: { name: string } }
    expect(session.user.name).toBe("Alice")
    expect(warnings.filter((code) => code === "debug-enabled")).toHaveLength(1)
  })
})
