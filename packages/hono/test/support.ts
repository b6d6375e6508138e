/**
 * Test support for @latchkey/hono: a real Hono app served by
 * `@hono/node-server` on 127.0.0.1 (port 0), raw HTTP for headers `fetch`
 * will not send (a hostile `Host`), and a SQLite database for the database
 * strategy (with the config that signs alice into it). The cookie jar, sign-in steps and credentials config are the
 * Express tests' (packages/express/test/support.ts).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { request as httpRequest } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { serve } from "@hono/node-server"
import Credentials from "@latchkey/core/providers/credentials"
import type { Hono } from "hono"
import { createDatabase, KyselyAdapter, migrate } from "../../adapter-kysely/src/index.js"
import { ALICE, credentialsConfig } from "../../express/test/support.js"
import type { AuthConfig } from "../src/index.js"

export { ALICE, CookieJar, SECRET, send, signIn } from "../../express/test/support.js"

export interface RunningApp {
  readonly url: string
  close(): Promise<void>
}

/** Serves `app` with `@hono/node-server` on 127.0.0.1, port 0. */
export function start(app: Hono): Promise<RunningApp> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
            server.close(() => done())
          }),
      })
    })
  })
}

/** A Latchkey config for Hono (basePath `/api/auth`, as `@hono/auth-js` apps use) with alice/wonderland. */
export function honoConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return { ...(credentialsConfig() as AuthConfig), basePath: "/api/auth", ...overrides }
}

/** An HTTP/1.1 request with exactly the headers given (`Host` included), answered as status, headers and text. */
export function rawRequest(
  url: string,
  path: string,
  headers: Record<string, string>,
  method = "GET",
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method, headers, setHost: false }, (res) => {
      let body = ""
      res.setEncoding("utf8")
      res.on("data", (chunk: string) => (body += chunk))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on("error", reject)
    req.end()
  })
}

/** A migrated SQLite database in a temporary directory with alice in it; `close()` removes it. */
export async function sqliteWithAlice(): Promise<{ adapter: ReturnType<typeof KyselyAdapter>; alice: typeof ALICE; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-hono-"))
  const db = await createDatabase(join(dir, "auth.sqlite"))
  await migrate(db)
  const adapter = KyselyAdapter(db)
  const created = await adapter.createUser!({ id: "", name: ALICE.name, email: ALICE.email, image: null, emailVerified: null })
  return {
    adapter,
    alice: { ...ALICE, id: created.id },
    async close() {
      await db.destroy()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The config fields that sign alice/wonderland in as `db`'s alice, into database sessions stored in `db`. */
export function databaseSessionsIn(db: Awaited<ReturnType<typeof sqliteWithAlice>>): Pick<AuthConfig, "adapter" | "session" | "providers"> {
  return {
    adapter: db.adapter,
    session: { strategy: "database" },
    providers: [
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: ({ username, password }) => (username === "alice" && password === "wonderland" ? db.alice : null),
      }),
    ],
  }
}
