/**
 * One application configuration, built for either implementation: the same
 * secret, `trustHost: true`, `basePath: "/auth"` and a Credentials provider
 * (username/password) whose `authorize` accepts alice/wonderland. A recording
 * logger keeps test output quiet and lets tests look at what was logged.
 */
import type { Implementation } from "./implementations.js"

export const SECRET = "differential-test-secret-0123456789abcdef"
export const OTHER_SECRET = "another-secret-entirely-fedcba9876543210"

/** The user `authorize` returns for alice/wonderland. */
export const ALICE = {
  id: "1",
  name: "Alice",
  email: "alice@example.com",
  image: "https://example.com/a.png",
} as const

/** Where the app is served; `secure` origins use `__Secure-`/`__Host-` cookie names. */
export interface AppOrigin {
  readonly label: string
  readonly origin: string
  readonly secure: boolean
}

export const HTTP_ORIGIN: AppOrigin = { label: "http", origin: "http://localhost:3000", secure: false }
export const HTTPS_ORIGIN: AppOrigin = { label: "https", origin: "https://app.example", secure: true }
export const ORIGINS = [HTTP_ORIGIN, HTTPS_ORIGIN] as const

/** The default cookie names for an origin. */
export function cookieNames(secure: boolean) {
  const prefix = secure ? "__Secure-" : ""
  return {
    session: `${prefix}authjs.session-token`,
    callbackUrl: `${prefix}authjs.callback-url`,
    csrf: `${secure ? "__Host-" : ""}authjs.csrf-token`,
    state: `${prefix}authjs.state`,
    pkce: `${prefix}authjs.pkce.code_verifier`,
  }
}

/** What a recording logger saw. */
export interface LogRecord {
  errors: Error[]
  warnings: string[]
}

/** A logger that records instead of printing. */
export function recordingLogger(): { logger: { error(e: Error): void; warn(code: string): void; debug(): void }; log: LogRecord } {
  const log: LogRecord = { errors: [], warnings: [] }
  return {
    log,
    logger: {
      error: (error: Error) => void log.errors.push(error),
      warn: (code: string) => void log.warnings.push(code),
      debug: () => {},
    },
  }
}

/** Options of {@link makeConfig}: anything of the config, plus an `authorize` override. */
export interface ConfigOptions extends Record<string, unknown> {
  authorize?: (credentials: Record<string, unknown>, request: Request) => unknown
  /** Extra options for the Credentials provider (e.g. its id). */
  provider?: Record<string, unknown>
}

/** The default `authorize`: alice/wonderland signs in as {@link ALICE}, anything else is rejected. */
export function defaultAuthorize(credentials: Record<string, unknown>): typeof ALICE | null {
  return credentials.username === "alice" && credentials.password === "wonderland" ? { ...ALICE } : null
}

/**
 * A fresh configuration for `impl` (configs are never shared between
 * implementations or tests: `@auth/core` mutates the object it is given).
 */
export function makeConfig(impl: Implementation, options: ConfigOptions = {}): Record<string, any> & { log: LogRecord } {
  const { authorize = defaultAuthorize, provider = {}, ...overrides } = options
  const { logger, log } = recordingLogger()
  const config: Record<string, any> = {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    logger,
    providers: [
      impl.Credentials({
        credentials: {
          username: { label: "Username" },
          password: { label: "Password", type: "password" },
        },
        authorize,
        ...provider,
      }),
    ],
    ...overrides,
  }
  // Not enumerable: neither implementation should see it as an option.
  Object.defineProperty(config, "log", { value: log, enumerable: false })
  return config as Record<string, any> & { log: LogRecord }
}
