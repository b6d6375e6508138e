/**
 * A small app for the passkey tests: a `node:http` server on an ephemeral
 * loopback port serving `Auth()` under `/auth` with the `passkey` and
 * `webauthn` providers (sign-up by passkey allowed on `passkey` only), a test page `/` that drives `@simplewebauthn/browser`
 * 14 (served from node_modules at `/simplewebauthn-browser.js`) against
 * `/auth/webauthn-options` and `/auth/callback`, and `/.well-known/webauthn`
 * through `webauthnWellKnown`. Hosts `a.app.localhost` and `b.app.localhost` (RP ID `app.localhost`) are
 * the configured origins; Chromium resolves `*.localhost` to loopback and
 * treats it as a secure context, so WebAuthn works over plain HTTP.
 */
import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import { createServer } from "node:http"
import { createRequire } from "node:module"
import type { AddressInfo } from "node:net"
import { dirname, join } from "node:path"
import type { Adapter } from "../../packages/core/src/adapters/contract.js"
import { Auth, type AuthConfig } from "../../packages/core/src/index.js"
import Passkey from "../../packages/core/src/providers/passkey.js"
import WebAuthn, { webauthnWellKnown } from "../../packages/core/src/providers/webauthn.js"
import { toNodeHandler } from "../../packages/node/src/index.js"

const require = createRequire(import.meta.url)
const BROWSER_LIBRARY = readFileSync(join(dirname(require.resolve("@simplewebauthn/browser")), "..", "dist", "bundle", "index.umd.min.js"), "utf8")

/**
 * The test page: `window.ceremony(provider, action, email, { reuseOptions })`
 * fetches options, runs the browser ceremony and posts the response as
 * `@auth/core`'s client does (form-encoded `action` and `data`), returning
 * what happened. `window.optionsOnly` and `window.post` split the steps.
 */
const PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Passkey test</title>
<script src="/simplewebauthn-browser.js"></script>
<script>
async function optionsOnly(provider, action, email) {
  const query = new URLSearchParams()
  if (action) query.set("action", action)
  if (email) query.set("email", email)
  const res = await fetch("/auth/webauthn-options/" + provider + "?" + query)
  return { status: res.status, body: await res.json() }
}
async function run(answer) {
  const { startAuthentication, startRegistration } = SimpleWebAuthnBrowser
  return answer.action === "register"
    ? startRegistration({ optionsJSON: answer.options })
    : startAuthentication({ optionsJSON: answer.options })
}
async function post(provider, action, data) {
  const res = await fetch("/auth/callback/" + provider, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
    body: new URLSearchParams({ action, data: JSON.stringify(data), callbackUrl: location.origin + "/" }),
  })
  return { status: res.status, url: (await res.json()).url }
}
async function ceremony(provider, action, email) {
  const options = await optionsOnly(provider, action, email)
  if (options.status !== 200) return { options }
  let data
  try { data = await run(options.body) } catch (error) { return { options, browserError: String(error && error.name), message: String(error && error.message) } }
  return { options, data, result: await post(provider, options.body.action, data) }
}
</script></head><body><h1>Passkey test page</h1></body></html>`

/** A running app. */
export interface PasskeyApp {
  readonly port: number
  /** `http://{host}.app.localhost:{port}` */
  origin(host: "a" | "b" | "c"): string
  readonly config: AuthConfig
  /** Messages `Auth()` logged, as `level:type`. */
  readonly logged: string[]
  close(): Promise<void>
}

/** The relying party every passkey provider of the app uses (its origins follow the port). */
export type PasskeyAppRelyingParty = { readonly id: string; name: string; readonly origin: string[] }

/**
 * Starts the app with `adapter` under `strategy`; origins a.app.localhost and b.app.localhost are configured, c.app.localhost is not.
 * `providers` replaces the default providers (`passkey` and `webauthn`), given the relying party to use.
 */
export async function startPasskeyApp(
  adapter: Adapter,
  strategy: "jwt" | "database",
  providers?: (relyingParty: PasskeyAppRelyingParty) => AuthConfig["providers"],
): Promise<PasskeyApp> {
  const logged: string[] = []
  let port = 0
  const origins = () => [`http://a.app.localhost:${port}`, `http://b.app.localhost:${port}`]
  const relyingParty = {
    get id() {
      return "app.localhost"
    },
    name: "Latchkey passkey test",
    get origin() {
      return origins()
    },
  }
  const config: AuthConfig = {
    secret: randomBytes(33).toString("base64"),
    trustHost: true,
    basePath: "/auth",
    adapter,
    session: { strategy },
    logger: {
      error: (error) => logged.push(`error:${(error as { type?: string }).type ?? error.name}`),
      warn: (code) => logged.push(`warn:${code}`),
      debug: () => {},
    },
    // `passkey` lets signed-out visitors sign up; `webauthn` keeps the default (only signed-in users register).
    providers: providers ? providers(relyingParty) : [Passkey({ relyingParty, allowSignUp: true }), WebAuthn({ relyingParty, enableConditionalUI: false })],
  }
  const server = createServer(
    toNodeHandler((request) => {
      const { pathname } = new URL(request.url)
      if (pathname.startsWith("/auth/")) return Auth(request, config)
      if (pathname === "/.well-known/webauthn") return webauthnWellKnown(config)
      if (pathname === "/simplewebauthn-browser.js") return new Response(BROWSER_LIBRARY, { headers: { "content-type": "text/javascript" } })
      if (pathname === "/") return new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } })
      return new Response("Not found", { status: 404 })
    }),
  )
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  port = (server.address() as AddressInfo).port
  return {
    port,
    origin: (host) => `http://${host}.app.localhost:${port}`,
    config,
    logged,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
