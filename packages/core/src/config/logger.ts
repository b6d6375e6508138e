/**
 * The logger: `config.logger` methods where given, the default console logger
 * for the rest. Debug output is on only with `debug: true`.
 */
import { AuthError, isClientError } from "../errors.js"
import type { LoggerInstance } from "../types.js"
import type { WarningCode } from "../warnings.js"

const warningHelp: Record<WarningCode, string> = {
  "debug-enabled": "debug logging is on; logs may contain tokens. Turn it off in production.",
  "csrf-disabled": "CSRF protection is off (skipCSRFCheck). Only do this if your framework checks CSRF itself.",
  "env-url-basepath-redundant": "both AUTH_URL and basePath are set; basePath wins.",
  "env-url-basepath-mismatch": "AUTH_URL's path differs from basePath.",
  "experimental-webauthn": "WebAuthn support is experimental.",
}

function logError(error: Error): void {
  const type = error instanceof AuthError ? error.type : error.name
  console.error(`[auth][error] ${type}: ${error.message}`)
  const cause = (error as { cause?: unknown }).cause
  if (cause && typeof cause === "object" && "err" in cause && cause.err instanceof Error) {
    const { err, ...details } = cause as { err: Error }
    console.error("[auth][cause]:", err.stack ?? err.message)
    if (Object.keys(details).length) console.error("[auth][details]:", JSON.stringify(details, null, 2))
  } else if (error.stack && !isClientError(error)) {
    // Client-safe errors (a wrong password, a denied sign-in) are expected: one line is enough.
    console.error(error.stack.split("\n").slice(1).join("\n"))
  }
}

/** Builds the logger for a configuration. */
export function createLogger(config: { debug?: boolean; logger?: Partial<LoggerInstance> }): LoggerInstance {
  const custom = config.logger ?? {}
  return {
    error: custom.error ?? logError,
    warn: custom.warn ?? ((code: WarningCode) => console.warn(`[auth][warn][${code}] ${warningHelp[code] ?? ""}`)),
    debug: config.debug
      ? (custom.debug ?? ((message: string, metadata?: unknown) => console.log(`[auth][debug]: ${message}`, JSON.stringify(metadata, null, 2))))
      : () => {},
  }
}
