/**
 * The server for the `@latchkey/client` browser tests: `Auth()` at the
 * client's default base path `/api/auth` (through `@latchkey/node`) with a
 * password provider and the `passkey` provider on a MemoryAdapter (JWT
 * sessions), and the test pages, bundled with rolldown from
 * e2e/support/client-pages and the client's TypeScript sources:
 *
 * - `/plain`: `@latchkey/client` and `./webauthn` on `window.latchkey`, and
 *   an `<input autocomplete="username webauthn">` for autofill;
 * - `/react18`, `/react19`: client-pages/react-app.tsx with that React.
 *
 * Served at `http://localhost:{port}`: a secure context, so WebAuthn works
 * over plain HTTP, and the passkey's RP ID is `localhost`.
 */
import { randomBytes } from "node:crypto"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { fileURLToPath } from "node:url"
import type { Browser, Page } from "playwright-core"
import { type Plugin, rolldown } from "rolldown"
import { afterAll, beforeAll } from "vitest"
import { MemoryAdapter } from "../../packages/core/src/adapters/memory.js"
import { Auth, type AuthConfig } from "../../packages/core/src/index.js"
import Credentials from "../../packages/core/src/providers/credentials.js"
import Passkey from "../../packages/core/src/providers/passkey.js"
import { toNodeHandler } from "../../packages/node/src/index.js"
import { CHROMIUM_PATH, chromiumAvailable, launchChromium } from "./pages-browser.js"

/** The one user who can sign in with a password. */
export const BOB = { username: "bob", password: "correct horse", name: "Bob", email: "bob@example.test" } as const

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const CLIENT_ENTRIES: Record<string, string> = {
  "@latchkey/client": here("../../packages/client/src/index.ts"),
  "@latchkey/client/react": here("../../packages/client/src/react/index.ts"),
  "@latchkey/client/webauthn": here("../../packages/client/src/webauthn/index.ts"),
}
/** A file inside e2e/react18, so that `react` resolves from there to React 18. */
const REACT18_IMPORTER = here("../react18/package.json")

/** Resolves the client's entries to its sources, and (for React 18) `react`/`react-dom` from e2e/react18. */
function resolveFor(react: 18 | 19): Plugin {
  return {
    name: "latchkey-client-test-resolve",
    async resolveId(source) {
      if (CLIENT_ENTRIES[source]) return CLIENT_ENTRIES[source]
      if (react === 18 && /^react(-dom)?(\/|$)/.test(source)) return this.resolve(source, REACT18_IMPORTER, { skipSelf: true })
      return null
    },
  }
}

async function bundle(entry: string, react: 18 | 19): Promise<string> {
  const build = await rolldown({
    input: here(`client-pages/${entry}`),
    platform: "browser",
    tsconfig: false,
    plugins: [resolveFor(react)],
    transform: {
      jsx: { runtime: "automatic", importSource: "react" },
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
    },
    logLevel: "warn",
  })
  const { output } = await build.generate({ format: "esm" })
  await build.close()
  return output[0].code
}

/** The test pages' scripts, bundled once per test file. */
export interface ClientBundles {
  plain: string
  react18: string
  react19: string
}

/** Bundles the three test pages (a few seconds: React twice). */
export async function bundleClientPages(): Promise<ClientBundles> {
  const [plain, react18, react19] = await Promise.all([bundle("plain.ts", 19), bundle("react-app.tsx", 18), bundle("react-app.tsx", 19)])
  return { plain, react18, react19 }
}

/** A running server. */
export interface ClientApp {
  /** `http://localhost:{port}` */
  readonly url: string
  readonly config: AuthConfig
  /** Messages `Auth()` logged, as `level:type`. */
  readonly logged: string[]
  close(): Promise<void>
}

function page(title: string, script: string, body: string): Response {
  return new Response(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}<script type="module" src="/${script}.js"></script></body></html>`,
    { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } },
  )
}

/** Starts the server on 127.0.0.1, port 0, serving `bundles`. Each call has its own secret and users. */
export async function startClientApp(bundles: ClientBundles): Promise<ClientApp> {
  const logged: string[] = []
  // Bob is a stored user too, so that, signed in with his password, he can add a passkey (the server
  // links a passkey only to a user the adapter knows).
  const adapter = MemoryAdapter()
  const bob = await adapter.createUser!({ id: "bob-1", name: BOB.name, email: BOB.email, emailVerified: null })
  const config: AuthConfig = {
    secret: randomBytes(33).toString("base64"),
    trustHost: true,
    basePath: "/api/auth",
    adapter,
    session: { strategy: "jwt", registry: true },
    logger: {
      error: (error) => logged.push(`error:${(error as { type?: string }).type ?? error.name}`),
      warn: (code) => logged.push(`warn:${code}`),
      debug: () => {},
    },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize({ username, password }) {
          if (username !== BOB.username || password !== BOB.password) return null
          return bob
        },
      }),
      // Sign-up by passkey allowed: a signed-out visitor may register a passkey for a new address.
      Passkey({ relyingParty: { name: "Latchkey client test" }, allowSignUp: true }),
    ],
    callbacks: {
      // `update({ nickname })` from the client reaches the token, and the session shows it.
      jwt({ token, trigger, session }) {
        const nickname = (session as { nickname?: unknown } | undefined)?.nickname
        if (trigger === "update" && typeof nickname === "string") token.nickname = nickname
        return token
      },
      session({ session, token }) {
        if (typeof token?.nickname === "string") (session as { nickname?: string }).nickname = token.nickname
        return session
      },
    },
  }
  const scripts: Record<string, string> = { "/plain.js": bundles.plain, "/react18.js": bundles.react18, "/react19.js": bundles.react19 }
  const server = createServer(
    toNodeHandler((request) => {
      const { pathname } = new URL(request.url)
      if (pathname.startsWith("/api/auth/")) return Auth(request, config)
      const script = scripts[pathname]
      if (script) return new Response(script, { headers: { "content-type": "text/javascript" } })
      if (pathname === "/plain") {
        return page("Client", "plain", `<p id="ready"></p><label>Email <input id="email" name="email" autocomplete="username webauthn"></label>`)
      }
      if (pathname === "/favicon.ico") return new Response(null, { status: 204 })
      if (pathname === "/react18" || pathname === "/react19") return page("React client", pathname.slice(1), `<div id="root"></div>`)
      return new Response("Not found", { status: 404 })
    }),
  )
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://localhost:${port}`,
    config,
    logged,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/**
 * Records the requests `page` sends to the auth routes from now on, as
 * "METHOD /path" (with the query when `withQuery`), in the order sent.
 */
export function recordAuthRequests(page: Page, { withQuery = false } = {}): string[] {
  const seen: string[] = []
  page.on("request", (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith("/api/auth/")) seen.push(`${request.method()} ${url.pathname}${withQuery ? url.search : ""}`)
  })
  return seen
}

/** The server and browser of one client test suite, set once its `beforeAll` ran. */
export interface ClientAppInChromium {
  readonly app: ClientApp
  readonly browser: Browser
}

/**
 * Starts the client app (pages bundled) and Chromium before the tests of the
 * calling `describe`, and closes both after them. Its fields are set once
 * the suite's `beforeAll` ran. Throws when Chromium is missing (call it in a
 * `describe` skipped when Chromium is missing outside CI).
 */
export function clientAppInChromium(): ClientAppInChromium {
  const running = {} as { app: ClientApp; browser: Browser }
  beforeAll(async () => {
    if (!chromiumAvailable) throw new Error(`CI=true but Chromium is missing at ${CHROMIUM_PATH}`)
    running.app = await startClientApp(await bundleClientPages())
    running.browser = await launchChromium()
  })
  afterAll(async () => {
    await running.browser?.close()
    await running.app?.close()
  })
  return running
}
