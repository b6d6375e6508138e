/**
 * A minimal Latchkey app that signs in through the demo's Local OIDC
 * provider (examples/demo/local-oidc): `Auth()` under `/auth` through
 * `@latchkey/node`, JWT sessions, the one `local-oidc` provider, and a home
 * page `/` that shows the session's user. The provider runs in-process on its
 * own loopback port with its keys in `dataDir`. Everything runs from sources.
 */
import { randomBytes } from "node:crypto"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
// @ts-expect-error: the demo is plain JavaScript without declarations.
import { localOidcProvider, startLocalOidc } from "../../examples/demo/local-oidc/index.js"
import { Auth, type AuthConfig } from "../../packages/core/src/index.js"
import { toNodeHandler } from "../../packages/node/src/index.js"

/** What `startLocalOidc` resolves with. */
export interface LocalOidc {
  issuer: string
  clientId: string
  clientSecret: string
  close(): Promise<void>
}

/** A running app and its provider. */
export interface LocalOidcApp {
  /** The app, `http://localhost:{port}`. */
  readonly url: string
  /** The provider currently serving (replaced by {@link LocalOidcApp.restartProvider}). */
  readonly provider: LocalOidc
  /** Messages `Auth()` logged through `config.logger`, as `level:code`. */
  readonly logged: string[]
  /** The `account` of each completed sign-in (`events.signIn`), with its `id_token`. */
  readonly signIns: Array<{ email?: string | null; idToken?: string }>
  /** Stops the provider and starts it again on the same port with the same data folder. */
  restartProvider(): Promise<LocalOidc>
  close(): Promise<void>
}

const escapeHtml = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

/**
 * Starts the app on localhost (port 0), then the provider (port 0) with the app's callback registered.
 * With `adapter`, users and accounts are stored there (sessions stay JWTs).
 */
export async function startLocalOidcApp({ dataDir, adapter }: { dataDir: string; adapter?: AuthConfig["adapter"] }): Promise<LocalOidcApp> {
  const signIns: Array<{ email?: string | null; idToken?: string }> = []
  const logged: string[] = []
  let config: AuthConfig | undefined

  async function home(request: Request, auth: AuthConfig): Promise<Response> {
    const origin = new URL(request.url).origin
    const answer = await Auth(new Request(`${origin}/auth/session`, { headers: request.headers }), auth)
    const session = answer.ok ? ((await answer.json()) as { user?: { name?: string; email?: string } } | null) : null
    const body = session?.user
      ? `<p id="who">Signed in as <strong>${escapeHtml(session.user.name)}</strong> (<span id="email">${escapeHtml(session.user.email)}</span>)</p>`
      : `<p id="who">Not signed in</p>`
    return new Response(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>App</title></head><body>${body}</body></html>`, {
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
    })
  }

  const server = createServer(
    toNodeHandler((request) => {
      if (config === undefined) return new Response("Starting", { status: 503 })
      const { pathname } = new URL(request.url)
      if (pathname === "/auth" || pathname.startsWith("/auth/")) return Auth(request, config)
      if (pathname === "/") return home(request, config)
      return new Response("Not found", { status: 404 })
    }),
  )
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "localhost", resolve)
  })
  // localhost like the demo: app and provider then share cookies by host (ports do not separate them).
  const url = `http://localhost:${(server.address() as AddressInfo).port}`
  const start = (port: number): Promise<LocalOidc> => startLocalOidc({ port, dataDir, clientRedirectUri: `${url}/auth/callback/local-oidc` })

  let provider: LocalOidc
  try {
    provider = await start(0)
  } catch (error) {
    server.close()
    throw error
  }
  const configure = (op: LocalOidc) => {
    config = {
      secret: randomBytes(33).toString("base64"),
      trustHost: true,
      basePath: "/auth",
      adapter,
      session: { strategy: "jwt" },
      providers: [localOidcProvider(op)],
      logger: {
        error: (error) => logged.push(`error:${(error as { type?: string }).type ?? error.name}`),
        warn: (code) => logged.push(`warn:${code}`),
        debug: () => {},
      },
      events: {
        signIn: ({ user, account }) => {
          signIns.push({ email: user.email, idToken: account?.id_token as string | undefined })
        },
      },
    }
  }
  configure(provider)

  return {
    url,
    get provider() {
      return provider
    },
    signIns,
    logged,
    async restartProvider() {
      const port = Number(new URL(provider.issuer).port)
      await provider.close()
      provider = await start(port)
      // Only the provider restarts: the app keeps its secret, so its sessions stay valid.
      const secret = config!.secret
      configure(provider)
      config!.secret = secret
      return provider
    },
    async close() {
      await provider.close()
      await new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
    },
  }
}
