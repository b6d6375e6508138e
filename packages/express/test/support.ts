/**
 * Test support: a real Express app on 127.0.0.1 (ephemeral port), a cookie
 * jar that behaves like a browser's, and a Latchkey config with a
 * Credentials provider (alice / wonderland).
 */
import { createRequire } from "node:module"
import { type AddressInfo, connect } from "node:net"
import { fileURLToPath } from "node:url"
import Credentials from "@latchkey/core/providers/credentials"
import express, { type Express } from "express"
import type { ExpressAuthConfig } from "../src/index.js"

export const SECRET = "express-test-secret-express-test-secret"

export const ALICE = { id: "1", name: "Alice", email: "alice@example.com", image: null }

/** A config that signs in alice/wonderland and nobody else. Logging is silenced. */
export function credentialsConfig(overrides: Partial<ExpressAuthConfig> = {}): ExpressAuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize({ username, password }) {
          return username === "alice" && password === "wonderland" ? ALICE : null
        },
      }),
    ],
    ...overrides,
  }
}

export interface RunningApp {
  readonly url: string
  close(): Promise<void>
}

/** Starts `app` on 127.0.0.1, port 0. */
export async function start(app: Express): Promise<RunningApp> {
  const server = await new Promise<ReturnType<Express["listen"]>>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening))
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Keeps cookies from Set-Cookie (deleting expired ones) and sends them back. */
export class CookieJar {
  readonly cookies = new Map<string, { value: string; attributes: string }>()

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";")
      const separator = pair.indexOf("=")
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))
      if (expired || value === "") this.cookies.delete(name)
      else this.cookies.set(name, { value, attributes: attributes.join(";") })
    }
  }

  header(): string {
    return [...this.cookies].map(([name, { value }]) => `${name}=${value}`).join("; ")
  }

  names(): string[] {
    return [...this.cookies.keys()]
  }
}

/** `fetch` that never follows redirects and keeps cookies in `jar`. */
export async function send(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  if (jar.cookies.size > 0) headers.set("cookie", jar.header())
  const response = await fetch(url, { ...init, headers, redirect: "manual" })
  jar.store(response)
  return response
}

/** Signs alice in through `{authUrl}/csrf` and `{authUrl}/callback/credentials`; returns the callback's response. */
export async function signIn(
  jar: CookieJar,
  authUrl: string,
  options: { password?: string; json?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  const csrf = (await (await send(jar, `${authUrl}/csrf`, { headers: options.headers })).json()) as { csrfToken: string }
  const fields = { csrfToken: csrf.csrfToken, username: "alice", password: options.password ?? "wonderland" }
  return send(jar, `${authUrl}/callback/credentials`, {
    method: "POST",
    headers: { ...options.headers, ...(options.json ? { "content-type": "application/json" } : {}) },
    body: options.json ? JSON.stringify(fields) : new URLSearchParams(fields),
  })
}

/**
 * The Express versions every behaviour is checked on: the workspace's
 * Express 5, and Express 4 from compat/ (`npm run compat:install`), outside
 * the workspace tree, typed as Express 5 (the calls the tests make exist on both).
 */
export interface ExpressVersion {
  /** "Express 4.22.3", for test names. */
  name: string
  major: 4 | 5
  /** The `express` function of that version. */
  express: typeof express
  /** The wildcard mount path the version's router understands for everything below `/auth`. */
  wildcardAuthMount: string
}

const fromCompat = createRequire(fileURLToPath(new URL("../../../compat/package.json", import.meta.url)))

function versionOf(require: NodeJS.Require): string {
  return (require("express/package.json") as { version: string }).version
}

export const EXPRESS_VERSIONS: readonly ExpressVersion[] = [
  {
    name: `Express ${versionOf(fromCompat)}`,
    major: 4,
    express: fromCompat("express") as typeof express,
    wildcardAuthMount: "/auth/*",
  },
  {
    name: `Express ${versionOf(createRequire(import.meta.url))}`,
    major: 5,
    express,
    wildcardAuthMount: "/auth/*splat",
  },
]

/** Each version with each way of mounting ExpressAuth below `/auth`: `[title, version, mountPath]`. */
export const MOUNTS: ReadonlyArray<readonly [string, ExpressVersion, string]> = EXPRESS_VERSIONS.flatMap((version) => [
  [`${version.name}, app.use("/auth", …)`, version, "/auth"] as const,
  [`${version.name}, app.use("${version.wildcardAuthMount}", …)`, version, version.wildcardAuthMount] as const,
])

/** Sends `GET {path}` with exactly these header lines over a raw socket (fetch refuses hostile Host values); returns status line, head and body. */
export function rawGet(port: number, path: string, headerLines: string[]): Promise<{ status: string; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end([`GET ${path} HTTP/1.1`, ...headerLines, "Connection: close", "", ""].join("\r\n")))
    const chunks: Buffer[] = []
    socket.on("data", (chunk: Buffer) => chunks.push(chunk))
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString()
      const split = text.indexOf("\r\n\r\n")
      resolve({ status: text.slice(0, text.indexOf("\r\n")), head: text.slice(0, split), body: text.slice(split + 4) })
    })
    socket.on("error", reject)
  })
}
