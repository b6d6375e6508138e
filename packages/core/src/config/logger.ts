/**
 * The logger: `config.logger` methods where given, the default console logger
 * for the rest. Debug output is on only with `debug: true`.
 *
 * The default logger escapes control characters in everything it prints
 * that can carry outside input (messages, a cause's stack, debug messages and
 * metadata), so a `callbackUrl` with a newline cannot forge a log line and
 * terminal escape sequences are shown, not obeyed. Custom loggers receive the
 * `Error` objects and metadata as they are.
 */
import { AuthError, isClientError } from "../errors.js"
import type { LoggerInstance } from "../types.js"
import type { WarningCode } from "../warnings.js"
import { flagValue } from "./validate.js"

const warningHelp: Record<WarningCode, string> = {
  "debug-enabled": "debug logging is on; it traces every sign-in step (secrets and tokens are redacted). Turn it off in production.",
  "csrf-disabled": "CSRF protection is off (skipCSRFCheck). Only do this if your framework checks CSRF itself.",
  "env-url-basepath-redundant": "both AUTH_URL and basePath are set; basePath wins.",
  "env-url-basepath-mismatch": "AUTH_URL's path differs from basePath.",
  "experimental-webauthn": "WebAuthn support is experimental.",
  "short-secret": "a secret is shorter than 32 bytes; use at least 32 random bytes (`openssl rand -base64 33`).",
  "no-providers": "`providers` is empty, so nobody can sign in.",
  "no-client-ip":
    'a sign-in email was asked for without a client IP, so no per-client limit applies and clients without one share their per-address limits. Hand core the client IP (docs/rate-limiting.md, "The client IP"): rateLimit.clientIpHeader or AUTH_CLIENT_IP_HEADER behind a proxy.',
  "store-without-rate-limits":
    'the configured `store` keeps no rate-limit counts (it has no consume method) and rateLimit.store is not set, so the email limits count in this process only. Give your store consume and refund, or set rateLimit.store (docs/rate-limiting.md, "Where the counts live").',
  "federated-signout-unavailable":
    'a provider has federatedSignOut but no end-session endpoint (none in its discovery document, no endSessionUrl), so signing out ends the session here only, not at the provider. Set endSessionUrl (docs/sessions.md, "Federated sign-out").',
}

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
const NAMED_ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" }

/** `text` with every control character written as an escape (`\n`, `\u001b`, …). */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (char) => NAMED_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`)
}

/**
 * A stack trace for the log: a line break is kept only before an indented
 * line (a stack frame); any other break, such as one inside the error's
 * message, is escaped, so no printed line can pose as a log entry.
 */
function escapeStack(error: Error): string {
  const stack = typeof error.stack === "string" && error.stack ? error.stack : `${error.name}: ${error.message}`
  return stack
    .split("\n")
    .map((line, index) => (index > 0 && /^\s/.test(line) ? `\n${escapeControlCharacters(line)}` : `${index > 0 ? "\\n" : ""}${escapeControlCharacters(line)}`))
    .join("")
}

/** JSON for the log, never throwing (cycles, BigInt), with the separators JSON leaves raw escaped. */
function safeJson(value: unknown): string {
  try {
    return (JSON.stringify(value, null, 2) ?? "undefined").replace(/[\u2028\u2029]/g, (char) => escapeControlCharacters(char))
  } catch {
    return '"[not serialisable]"'
  }
}

function logError(error: Error): void {
  const type = error instanceof AuthError ? error.type : error.name
  console.error(`[auth][error] ${escapeControlCharacters(String(type))}: ${escapeControlCharacters(String(error.message))}`)
  const cause = (error as { cause?: unknown }).cause
  const hasCause = cause !== null && typeof cause === "object"
  if (hasCause && "err" in cause && cause.err instanceof Error) {
    const { err, ...details } = cause as { err: Error }
    console.error(`[auth][cause]: ${escapeStack(err)}`)
    if (Object.keys(details).length) console.error(`[auth][details]: ${safeJson(details)}`)
  } else if (hasCause && Object.keys(cause).length && !isClientError(error)) {
    console.error(`[auth][details]: ${safeJson(cause)}`)
  } else if (!(error instanceof AuthError)) {
    // Someone else's error: its stack says where it came from. Latchkey's own
    // say what to fix in the message, and their stack would only point inside Latchkey.
    console.error(escapeStack(error).split("\n").slice(1).join("\n"))
  }
}

function logWarning(code: WarningCode): void {
  console.warn(`[auth][warn][${escapeControlCharacters(String(code))}] ${warningHelp[code] ?? ""}`)
}

function logDebug(message: string, metadata?: unknown): void {
  console.log(`[auth][debug]: ${escapeControlCharacters(String(message))}`, safeJson(metadata))
}

/** A custom logger method, guarded: if it throws, the default prints the entry instead of the request failing. */
function guarded<A extends unknown[]>(custom: unknown, fallback: (...args: A) => void): (...args: A) => void {
  if (typeof custom !== "function") return fallback
  return (...args: A) => {
    try {
      custom(...args)
    } catch {
      fallback(...args)
    }
  }
}

/** Builds the logger for a configuration; methods that are not functions fall back to the default. */
export function createLogger(config: { debug?: unknown; logger?: unknown } | null | undefined): LoggerInstance {
  const custom = (config !== null && typeof config === "object" && config.logger !== null && typeof config.logger === "object" ? config.logger : {}) as Record<
    string,
    unknown
  >
  return {
    error: guarded(custom.error, logError),
    warn: guarded(custom.warn, logWarning),
    debug: config && flagValue(config.debug) ? guarded(custom.debug, logDebug) : () => {},
  }
}

const REDACTED = "[redacted]"
// Keys whose values are credentials: session and verification tokens, OAuth tokens, secrets, passwords, PKCE verifiers.
const SECRET_KEY = /^(?!token_type$).*(?:token|secret|password|verifier)/i

/**
 * A copy of `value` for a debug log with credentials replaced by
 * `"[redacted]"`: values under keys that name tokens, secrets, passwords or
 * verifiers, at any depth (up to 4 levels; deeper values are dropped).
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object" || value instanceof Date) return value
  if (depth >= 4) return "[…]"
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1))
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) copy[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(item, depth + 1)
  return copy
}

/** What replaces a credential in debug output, e.g. a session token passed to an adapter by itself. */
export const redactedValue = REDACTED
