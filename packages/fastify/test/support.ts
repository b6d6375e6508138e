/**
 * Test support for @latchkey/fastify: a real Fastify app listening on
 * 127.0.0.1 (port 0). The cookie jar, sign-in steps and credentials config
 * are the Express tests'; raw HTTP and the SQLite database the Hono tests'.
 */
import type { FastifyInstance } from "fastify"
import { credentialsConfig } from "../../express/test/support.js"
import type { LatchkeyFastifyOptions } from "../src/index.js"

export { ALICE, CookieJar, SECRET, send, signIn } from "../../express/test/support.js"
export { databaseSessionsIn, rawRequest, sqliteWithAlice } from "../../hono/test/support.js"

export interface RunningApp {
  readonly url: string
  close(): Promise<void>
}

/** Starts `app` on 127.0.0.1, port 0. */
export async function start(app: FastifyInstance): Promise<RunningApp> {
  const address = await app.listen({ port: 0, host: "127.0.0.1" })
  return { url: address, close: () => app.close() }
}

/** The plugin's options for alice/wonderland under `/auth`, logging silenced unless a test gives Fastify a logger. */
export function pluginOptions(overrides: Partial<LatchkeyFastifyOptions> = {}): LatchkeyFastifyOptions {
  return { ...(credentialsConfig() as LatchkeyFastifyOptions), prefix: "/auth", ...overrides }
}
