/**
 * The published entry points resolve from plain Node ESM (no bundler, no
 * TypeScript) after `npm run build`, with the names `@auth/core` users import.
 */
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("..", import.meta.url))
const built = existsSync(`${root}/packages/core/dist/index.js`)

function importInNode(specifier: string): string[] {
  const script = `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m).sort()))`
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" })
  return JSON.parse(output)
}

describe.runIf(built)("package exports from plain Node ESM", () => {
  it.each([
    [
      "@latchkey/core",
      [
        "Auth",
        "handleAuthRequest",
        "AuthError",
        "CredentialsSignin",
        "createActionURL",
        "customFetch",
        "isAuthAction",
        "parseActionPath",
        "raw",
        "setEnvDefaults",
        "skipCSRFCheck",
      ],
    ],
    // The shared store (docs/sessions.md, "The store").
    ["@latchkey/core", ["MemoryStore", "MAX_STORE_TTL", "MAX_STORE_KEY_LENGTH", "MAX_STORE_VALUE_BYTES", "checkStoreKey", "checkStoreTtl", "checkStoreValue"]],
    ["@latchkey/core/jwt", ["decode", "encode", "getToken"]],
    ["@latchkey/core/errors", ["AccessDenied", "AuthError", "CredentialsSignin", "MissingCSRF", "Verification", "isClientError"]],
    ["@latchkey/core/providers/credentials", ["default"]],
    ["@latchkey/core/providers/resend", ["RESEND_API_URL", "default"]],
    ["@latchkey/core/providers/postmark", ["POSTMARK_API_URL", "default"]],
    ["@latchkey/core/providers/sendgrid", ["SENDGRID_API_URL", "default"]],
    ["@latchkey/core/providers/mailgun", ["MAILGUN_API_URLS", "default"]],
    ["@latchkey/core/adapters", ["isDate"]],
    ["@latchkey/core/adapters/memory", ["MemoryAdapter", "default"]],
    ["@latchkey/core/rate-limit", ["MemoryRateLimitStore", "checkRateLimit", "checkRateLimitKey", "createRateLimiter"]],
    ["@latchkey/core/types", []],
    ["@latchkey/core/integration", ["encodeParsedForm", "originFromHost", "parseCookieHeader", "readSession", "resolvePublicOrigin", "sessionFromBody"]],
    ["@latchkey/core/providers", []],
    [
      "@latchkey/node",
      ["NodeHeaderView", "originFromHost", "toAuthRequest", "toNodeAuthHandler", "toNodeHandler", "toWebRequest", "writeAuthResponse", "writeWebResponse"],
    ],
    ["@latchkey/express", ["AuthError", "CredentialsSignin", "ExpressAuth", "UnsupportedExpressVersion", "customFetch", "getSession", "requireSession"]],
    ["@latchkey/express/providers/github", ["default"]],
    ["@latchkey/express/adapters", ["isDate"]],
    ["@latchkey/hono", ["authHandler", "getAuthUser", "initAuthConfig", "reqWithEnvUrl", "setEnvDefaults", "verifyAuth"]],
    ["@latchkey/hono/react", ["SessionProvider", "authConfigManager", "signIn", "signOut", "useOauthPopupLogin", "useSession"]],
    ["@latchkey/fastify", ["default", "getSession", "latchkey", "requireSession"]],
    ["@latchkey/client", ["RedirectRefusedError", "__NEXTAUTH", "getCsrfToken", "getProviders", "getSession", "signIn", "signOut"]],
    [
      "@latchkey/client/react",
      [
        "RedirectRefusedError",
        "SessionContext",
        "SessionProvider",
        "__NEXTAUTH",
        "getCsrfToken",
        "getProviders",
        "getSession",
        "signIn",
        "signOut",
        "useSession",
      ],
    ],
    [
      "@latchkey/client/webauthn",
      ["PasskeyOptionsError", "RedirectRefusedError", "registerPasskey", "signIn", "startPasskeyAutofill", "supportsConditionalCreate", "upgradeToPasskey"],
    ],
    // "@latchkey/next" itself imports Next's extensionless entries, which only a Next build (or a resolve hook, e2e/next-exports.test.ts) resolves.
    ["@latchkey/next/jwt", ["decode", "encode", "getToken"]],
    [
      "@latchkey/next/react",
      [
        "RedirectRefusedError",
        "SessionContext",
        "SessionProvider",
        "__NEXTAUTH",
        "getCsrfToken",
        "getProviders",
        "getSession",
        "signIn",
        "signOut",
        "useSession",
      ],
    ],
    ["@latchkey/next/providers/github", ["default"]],
    ["@latchkey/adapter-redis", ["RedisAdapter", "RedisAdapterError", "RedisRateLimitStore", "RedisStore"]],
    ["@latchkey/adapter-kysely", ["KyselyAdapter", "KyselyAdapterError", "KyselyAuth", "createDatabase", "migrate", "migrationNames"]],
  ])("%s exports %j", (specifier, names) => {
    expect(importInNode(specifier)).toEqual(expect.arrayContaining(names))
  })

  it("exports every provider's factory as the default of @latchkey/core/providers/<id>, and not the internal providers/lib", () => {
    // Every module of src/providers but the index and the two holding shared OAuth types and helpers.
    const ids = readdirSync(join(root, "packages/core/src/providers"))
      .filter((file) => file.endsWith(".ts") && !["index.ts", "oauth.ts", "oauth1.ts"].includes(file))
      .map((file) => file.slice(0, -3))
    expect(ids.length).toBeGreaterThanOrEqual(34)
    const script = `
      const ids = ${JSON.stringify(ids)}
      const found = {}
      for (const id of ids) found[id] = typeof (await import("@latchkey/core/providers/" + id)).default
      let lib = "exported"
      try { await import("@latchkey/core/providers/lib/provider-api") } catch (error) { lib = error.code }
      console.log(JSON.stringify({ found, lib }))`
    const output = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" }))
    expect(output.found).toEqual(Object.fromEntries(ids.map((id) => [id, "function"])))
    expect(output.lib).toBe("ERR_PACKAGE_PATH_NOT_EXPORTED")
  })

  it("shares one copy of each class across entry points: an error Auth() logs is an instance of the class @latchkey/core/errors exports", () => {
    // The JavaScript is bundled with shared chunks (packages/core/rolldown.config.mjs); a class
    // written into two entry points would break instanceof between them.
    const script = `
      const core = await import("@latchkey/core")
      const errors = await import("@latchkey/core/errors")
      const { default: Credentials } = await import("@latchkey/core/providers/credentials")
      const logged = []
      const config = { trustHost: true, providers: [Credentials({ authorize: () => null })], logger: { error: (e) => logged.push(e), warn() {}, debug() {} } }
      const response = await core.Auth(new Request("http://localhost:3000/auth/session"), config)
      console.log(JSON.stringify({
        sameClasses: core.AuthError === errors.AuthError && core.CredentialsSignin === errors.CredentialsSignin,
        status: response.status,
        logged: logged.map((e) => e.type),
        instance: logged.length > 0 && logged.every((e) => e instanceof errors.MissingSecret && e instanceof core.AuthError),
      }))`
    const output = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" }))
    expect(output).toEqual({ sameClasses: true, status: 500, logged: ["MissingSecret"], instance: true })
  })

  it("selects the node:crypto runtime on Node through the #crypto import", () => {
    const script = `import { runtimeCrypto } from "#crypto"; console.log(runtimeCrypto.name)`
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: `${root}/packages/core`,
      encoding: "utf8",
    })
    expect(output.trim()).toBe("node")
  })
})

it("has been built before the tests run (npm test builds first)", () => {
  expect(built, "run `npm run build` first").toBe(true)
})
