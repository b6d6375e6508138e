/**
 * An application on Latchkey's core (its TypeScript sources, as core's own
 * tests run them) with the `database` session strategy and a credentials
 * provider that signs in users of the adapter, driven like a browser: CSRF
 * token, form POST, a cookie jar.
 */
import type { Adapter } from "@latchkey/core/adapters"
import { Auth } from "../../../core/src/index.js"
import Credentials from "../../../core/src/providers/credentials.js"

export const ORIGIN = "http://localhost:3000"
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

/** A browser: keeps cookies, sends requests to `Auth()`. */
export class Browser {
  readonly cookies = new Map<string, string>()
  constructor(private readonly config: ReturnType<typeof appConfig>) {}

  async send(path: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers = new Headers({ cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ") })
    let body: string | undefined
    if (init.form) {
      headers.set("content-type", "application/x-www-form-urlencoded")
      body = new URLSearchParams(init.form).toString()
    }
    const response = await Auth(new Request(`${ORIGIN}/auth${path}`, { method: init.method ?? "GET", headers, body }), this.config)
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";")
      const index = pair.indexOf("=")
      const name = pair.slice(0, index).trim()
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=thu, 01 jan 1970/i.test(attribute))
      if (expired) this.cookies.delete(name)
      else this.cookies.set(name, pair.slice(index + 1))
    }
    return response
  }

  /** Signs in with the credentials provider; returns the callback's answer. */
  async signIn(email: string): Promise<Response> {
    const { csrfToken } = (await (await this.send("/csrf")).json()) as { csrfToken: string }
    return this.send("/callback/credentials", { method: "POST", form: { csrfToken, email, callbackUrl: ORIGIN } })
  }

  /** `GET /session`: the status and the parsed body. */
  async session(): Promise<{ status: number; body: any }> {
    const response = await this.send("/session")
    return { status: response.status, body: await response.json() }
  }
}
