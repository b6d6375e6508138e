/**
 * An application on Latchkey's core (its TypeScript sources, as core's own
 * tests run them) with the `database` session strategy and a credentials
 * provider that signs in users of the adapter, driven by core's test client
 * (CSRF token, form POST, a cookie jar).
 */
import type { Adapter } from "@latchkey/core/adapters"
import { Auth } from "../../../core/src/index.js"
import Credentials from "../../../core/src/providers/credentials.js"
import { Client } from "../../../core/test/support/client.js"
import { HTTP_ORIGIN } from "../../../core/test/support/config.js"

export const ORIGIN = HTTP_ORIGIN.origin
export const SESSION_COOKIE = "authjs.session-token"

/** What the app's logger received. */
export interface AppLog {
  errors: Error[]
}

/** A Latchkey configuration: database sessions, credentials signing in the adapter's user with that email. */
export function appConfig(adapter: Adapter, log: AppLog) {
  return {
    secret: "adapter-kysely-test-secret-0123456789abcdef",
    trustHost: true,
    adapter,
    session: { strategy: "database" as const },
    logger: { error: (error: Error) => void log.errors.push(error), warn: () => {}, debug: () => {} },
    providers: [
      Credentials({
        credentials: { email: { label: "Email" } },
        authorize: async (credentials) => (await adapter.getUserByEmail!(String(credentials.email))) ?? null,
      }),
    ],
  }
}

/** A browser at ORIGIN in front of `Auth()` with `config`; sign in with `signIn({ email })`. */
export function browser(config: ReturnType<typeof appConfig>): Client<ReturnType<typeof appConfig>> {
  return new Client({ Auth }, config, HTTP_ORIGIN)
}
