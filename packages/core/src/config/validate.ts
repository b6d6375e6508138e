/**
 * Type and range checks of the options an application sets, run once when a
 * configuration is prepared. A wrong value becomes an {@link InvalidOption}
 * naming the option, what it got and what it takes, instead of a `TypeError`
 * deep in a request or a session that silently misbehaves (`session.maxAge:
 * "30d"` would make every expiry `NaN`).
 *
 * As permissive as `@auth/core` wherever a value works there: unknown keys
 * are ignored, `null` counts as unset, and the boolean flags also accept the
 * strings an environment file gives (see {@link flagValue}). Provider entries
 * are checked where they are normalised (config/providers.ts).
 */
import { InvalidOption } from "../errors.js"
import { checkRateLimit } from "../security/rate-limit/check.js"
import { originOfEntry } from "../security/redirect-proxy-targets.js"

/** Reads a boolean option: a boolean, or a string where "false", "0", "no", "off" and "" are false. */
export function flagValue(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value
  if (typeof value === "string") return !/^(?:false|0|no|off|)$/i.test(value.trim())
  return undefined
}

/** How a value is named in a message: `the string "30d"`, `the number -1`, `an array`, … */
function describe(value: unknown): string {
  if (value === null) return "null"
  if (Array.isArray(value)) return "an array"
  switch (typeof value) {
    case "string":
      return `the string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)}`
    case "number":
    case "bigint":
    case "boolean":
      return `the ${typeof value} ${String(value)}`
    case "function":
      return "a function"
    case "symbol":
      return "a symbol"
    default:
      return value instanceof URL ? "a URL object" : "an object"
  }
}

const isUnset = (value: unknown): value is null | undefined => value === undefined || value === null
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value)

type Problem = string | undefined

function mustBe(path: string, value: unknown, what: string, fix = ""): string {
  return `\`${path}\` must be ${what}; got ${describe(value)}.${fix ? ` ${fix}` : ""}`
}

function checkObject(path: string, value: unknown): Problem {
  return isUnset(value) || isObject(value) ? undefined : mustBe(path, value, "an object")
}

function checkString(path: string, value: unknown): Problem {
  return isUnset(value) || typeof value === "string" ? undefined : mustBe(path, value, "a string")
}

function checkFunction(path: string, value: unknown): Problem {
  return isUnset(value) || typeof value === "function" ? undefined : mustBe(path, value, "a function")
}

function checkFlag(path: string, value: unknown): Problem {
  return isUnset(value) || flagValue(value) !== undefined ? undefined : mustBe(path, value, "a boolean (true or false)")
}

function checkSeconds(path: string, value: unknown): Problem {
  if (isUnset(value) || (typeof value === "number" && Number.isFinite(value) && value >= 0)) return undefined
  const fix = typeof value === "string" ? `Write the number of seconds, e.g. 30 * 24 * 60 * 60 for 30 days.` : ""
  return mustBe(path, value, "a number of seconds (finite, 0 or more)", fix)
}

function checkOneOf(path: string, value: unknown, allowed: readonly string[]): Problem {
  if (isUnset(value) || allowed.includes(value as string)) return undefined
  return mustBe(path, value, `one of ${allowed.map((item) => JSON.stringify(item)).join(", ")}`)
}

/** Checks each listed key of an optional object section with `check`. */
function checkSection(path: string, section: unknown, keys: readonly string[], check: (path: string, value: unknown) => Problem): Problem {
  const problem = checkObject(path, section)
  if (problem || isUnset(section)) return problem
  for (const key of keys) {
    const found = check(`${path}.${key}`, (section as Record<string, unknown>)[key])
    if (found) return found
  }
  return undefined
}

function checkSecret(value: unknown): Problem {
  if (isUnset(value) || typeof value === "string") return undefined
  if (!Array.isArray(value)) return mustBe("secret", value, "a string or an array of strings")
  const index = value.findIndex((item) => typeof item !== "string")
  return index === -1 ? undefined : mustBe(`secret[${index}]`, value[index], "a string")
}

function checkSession(value: unknown): Problem {
  if (!isUnset(value) && !isObject(value)) return mustBe("session", value, "an object", 'e.g. `session: { strategy: "jwt" }`.')
  if (isUnset(value)) return undefined
  return (
    checkOneOf("session.strategy", value.strategy, ["jwt", "database"]) ??
    checkSeconds("session.maxAge", value.maxAge) ??
    checkSeconds("session.updateAge", value.updateAge) ??
    checkSeconds("session.revocationCheckInterval", value.revocationCheckInterval) ??
    checkFunction("session.generateSessionToken", value.generateSessionToken) ??
    checkLegacyTokens(value.legacyTokens) ??
    checkSessionCache(value.cache) ??
    checkRegistry(value.registry) ??
    checkMaxLifetime(value.maxLifetime)
  )
}

function checkLegacyTokens(value: unknown): Problem {
  if (isUnset(value) || typeof value === "boolean" || typeof value === "function") return undefined
  return mustBe("session.legacyTokens", value, "true, false or a function (token) => boolean")
}

function checkSessionCache(value: unknown): Problem {
  if (isUnset(value) || value === false) return undefined
  const example = "e.g. `session: { cache: { maxAge: 60 } }`, or `false` for no cache."
  if (!isObject(value)) return mustBe("session.cache", value, "an object or false", example)
  const { maxAge } = value
  if (typeof maxAge === "number" && Number.isFinite(maxAge) && maxAge > 0) return undefined
  return mustBe("session.cache.maxAge", maxAge, "a number of seconds above 0", example)
}

function checkRegistry(value: unknown): Problem {
  if (isUnset(value) || typeof value === "boolean") return undefined
  return mustBe("session.registry", value, "true or false", "e.g. `session: { registry: true }` (docs/sessions.md).")
}

function checkMaxLifetime(value: unknown): Problem {
  if (isUnset(value) || (typeof value === "number" && Number.isFinite(value) && value > 0)) return undefined
  return mustBe("session.maxLifetime", value, "a number of seconds above 0", "e.g. `session: { maxLifetime: 7 * 24 * 60 * 60 }` for a week.")
}

function checkJwt(value: unknown): Problem {
  const problem = checkObject("jwt", value)
  if (problem || !isObject(value)) return problem
  return checkSeconds("jwt.maxAge", value.maxAge) ?? checkFunction("jwt.encode", value.encode) ?? checkFunction("jwt.decode", value.decode)
}

function checkTheme(value: unknown): Problem {
  const problem = checkObject("theme", value)
  if (problem || !isObject(value)) return problem
  return (
    checkOneOf("theme.colorScheme", value.colorScheme, ["auto", "dark", "light"]) ??
    checkSection("theme", value, ["logo", "brandColor", "buttonText"], checkString)
  )
}

const COOKIE_PURPOSES = [
  "sessionToken",
  "callbackUrl",
  "csrfToken",
  "pkceCodeVerifier",
  "state",
  "nonce",
  "webauthnChallenge",
  "sessionCache",
  "signOutState",
] as const

function checkCookies(value: unknown): Problem {
  return checkSection("cookies", value, COOKIE_PURPOSES, (path, cookie) => {
    if (isUnset(cookie)) return undefined
    if (!isObject(cookie)) return mustBe(path, cookie, "an object", "of `{ name, options }`.")
    if (cookie.name !== undefined && (typeof cookie.name !== "string" || cookie.name === "")) {
      return mustBe(`${path}.name`, cookie.name, "a non-empty string")
    }
    return checkObject(`${path}.options`, cookie.options)
  })
}

function checkAdapter(value: unknown): Problem {
  if (isUnset(value) || typeof value === "object" || typeof value === "function") return undefined
  return mustBe("adapter", value, "an object of adapter methods", "Pass the adapter itself, e.g. `adapter: KyselyAdapter(db)`.")
}

function checkAllowedOrigins(path: string, value: unknown): Problem {
  if (isUnset(value) || typeof value === "function") return undefined
  const what = 'a list of origins (e.g. ["https://pr-42.preview.example.com"]) or a function (origin) => boolean'
  if (!Array.isArray(value)) return mustBe(path, value, what)
  const index = value.findIndex((entry) => typeof entry !== "string" || originOfEntry(entry) === undefined)
  if (index === -1) return undefined
  return mustBe(
    `${path}[${index}]`,
    value[index],
    "an origin: an absolute http(s) URL with no path",
    'Write only scheme, host and port, e.g. "https://pr-42.preview.example.com"; for a pattern, pass a function.',
  )
}

function checkExperimental(value: unknown): Problem {
  const problem = checkObject("experimental", value)
  if (problem || !isObject(value)) return problem
  return checkFlag("experimental.enableWebAuthn", value.enableWebAuthn)
}

function checkRateLimitWindows(path: string, value: unknown): Problem {
  if (isUnset(value)) return undefined
  if (!Array.isArray(value)) return mustBe(path, value, "a list of { limit, window }", "e.g. `[{ limit: 5, window: 3600 }]`; `[]` lifts the limit.")
  const windows = new Set<unknown>()
  for (const [index, entry] of value.entries()) {
    if (!isObject(entry)) return mustBe(`${path}[${index}]`, entry, "an object { limit, window }")
    try {
      checkRateLimit(entry.limit, entry.window)
    } catch (error) {
      return `\`${path}[${index}]\`: ${(error as Error).message}`
    }
    if (windows.has(entry.window)) return `\`${path}\` has two limits with the window ${String(entry.window)} s; keep the lower one.`
    windows.add(entry.window)
  }
  return undefined
}

function checkRateLimitOptions(value: unknown): Problem {
  const problem = checkObject("rateLimit", value)
  if (problem || !isObject(value)) return problem
  if (!isUnset(value.store) && !(isObject(value.store) && typeof value.store.consume === "function")) {
    return mustBe(
      "rateLimit.store",
      value.store,
      "a rate-limit store (an object with a consume(key, limit, window) method)",
      "e.g. `new MemoryRateLimitStore()` or `new RedisRateLimitStore(redis)`.",
    )
  }
  if (!isUnset(value.clientIpHeader) && (typeof value.clientIpHeader !== "string" || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/i.test(value.clientIpHeader))) {
    return mustBe("rateLimit.clientIpHeader", value.clientIpHeader, "a header name", 'e.g. "x-real-ip": the header your proxy sets to the client\'s address.')
  }
  if (!isUnset(value.ipv6Subnet) && !(Number.isInteger(value.ipv6Subnet) && (value.ipv6Subnet as number) >= 1 && (value.ipv6Subnet as number) <= 128)) {
    return mustBe(
      "rateLimit.ipv6Subnet",
      value.ipv6Subnet,
      "an integer from 1 to 128",
      "It is the prefix length IPv6 clients are grouped by; the default 64 counts each /64 as one client.",
    )
  }
  const email = value.email
  return (
    checkObject("rateLimit.email", email) ??
    (isObject(email)
      ? (checkRateLimitWindows("rateLimit.email.perAddress", email.perAddress) ??
        checkRateLimitWindows("rateLimit.email.perAddressTotal", email.perAddressTotal) ??
        checkRateLimitWindows("rateLimit.email.perClient", email.perClient))
      : undefined)
  )
}

/** The methods every `store` has (store/store.ts). */
const STORE_METHODS = ["get", "set", "add", "delete", "increment", "setAdd", "setRemove", "setMembers"] as const

function checkStore(value: unknown): Problem {
  if (isUnset(value)) return undefined
  const missing = isObject(value) ? STORE_METHODS.filter((name) => typeof value[name] !== "function") : STORE_METHODS
  if (missing.length === 0) return undefined
  return mustBe(
    "store",
    value,
    `a store (it lacks ${missing.join(", ")})`,
    "e.g. `new MemoryStore()` of @latchkey/core or `new RedisStore(redis)` of @latchkey/adapter-redis (docs/sessions.md).",
  )
}

/**
 * The first option of `config` with a wrong type or value, as an
 * {@link InvalidOption} whose message names it; `undefined` when all are fine.
 */
export function validateOptions(config: unknown): InvalidOption | undefined {
  if (!isObject(config)) return new InvalidOption(`The configuration must be an object (AuthConfig); got ${describe(config)}.`)
  const problem =
    checkSection("logger", config.logger, ["error", "warn", "debug"], checkFunction) ??
    checkSecret(config.secret) ??
    (isUnset(config.providers) || Array.isArray(config.providers)
      ? undefined
      : mustBe("providers", config.providers, "an array", "e.g. `providers: [Credentials({...})]`.")) ??
    checkSession(config.session) ??
    checkJwt(config.jwt) ??
    checkString("basePath", config.basePath) ??
    checkSection("pages", config.pages, ["signIn", "signOut", "error", "verifyRequest", "newUser"], checkString) ??
    checkSection("callbacks", config.callbacks, ["signIn", "redirect", "session", "jwt"], checkFunction) ??
    checkSection("events", config.events, ["signIn", "signOut", "createUser", "updateUser", "linkAccount", "session", "signInFailure"], checkFunction) ??
    checkTheme(config.theme) ??
    checkCookies(config.cookies) ??
    checkFlag("trustHost", config.trustHost) ??
    checkFlag("useSecureCookies", config.useSecureCookies) ??
    checkFlag("debug", config.debug) ??
    checkAdapter(config.adapter) ??
    checkString("redirectProxyUrl", config.redirectProxyUrl) ??
    checkAllowedOrigins("redirectProxyAllowedOrigins", config.redirectProxyAllowedOrigins) ??
    checkExperimental(config.experimental) ??
    checkRateLimitOptions(config.rateLimit) ??
    checkStore(config.store)
  return problem === undefined ? undefined : new InvalidOption(problem)
}
