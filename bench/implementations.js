// Loads the two implementations the benchmark compares, plus the node:http adapter that
// every HTTP server of the benchmark goes through.
//
//   "latchkey"  @latchkey/core (+ @latchkey/core/jwt, providers/credentials)
//   "authjs"    @auth/core 0.41.3 from ../compat (installed by `npm run compat:install`)
//
// With LATCHKEY_BENCH_STANDIN=1 the "latchkey" side is @auth/core too and the node adapter is
// ./standin-node.js. That mode only exists to debug the harness before @latchkey/core and
// @latchkey/node are built; its numbers mean nothing, and run.js says so on every line.

import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"

export const STANDIN = process.env.LATCHKEY_BENCH_STANDIN === "1"

const here = (path) => fileURLToPath(new URL(path, import.meta.url))

/** Builds what both libraries are given: the same shape, created once, reused for every request. */
export function makeConfig(Credentials, secret) {
  return {
    secret,
    trustHost: true,
    basePath: "/auth",
    providers: [Credentials({ credentials: {}, authorize: () => null })],
  }
}

/** The checks both sides get in the OAuth rows: the same work on both (Latchkey's oidc default; @auth/core's is PKCE only). */
export const OAUTH_CHECKS = ["pkce", "state", "nonce"]

/**
 * The configuration of the OAuth rows: one inline `oidc` provider (id "op") at the benchmark's
 * local OpenID Provider (`op`: what op.js reports), the same for both libraries, JWT sessions,
 * no adapter. `endpoints: "discovery"` configures only the `issuer` (the endpoints come from
 * the discovery document); `"explicit"` also gives the authorization, token and userinfo URLs,
 * so POST /signin needs no discovery in either library.
 */
export function makeOAuthConfig(secret, op, endpoints = "discovery") {
  const provider = {
    id: "op",
    name: "Bench OP",
    type: "oidc",
    issuer: op.issuer,
    clientId: op.clientId,
    clientSecret: op.clientSecret,
    checks: [...OAUTH_CHECKS],
  }
  if (endpoints === "explicit") {
    provider.authorization = { url: `${op.issuer}/auth`, params: { scope: "openid profile email" } }
    provider.token = `${op.issuer}/token`
    provider.userinfo = `${op.issuer}/me`
  } else if (endpoints !== "discovery") {
    throw new Error(`unknown endpoints "${endpoints}"`)
  }
  return { secret, trustHost: true, basePath: "/auth", providers: [provider] }
}

async function loadCompat() {
  if (!existsSync(here("../compat/node_modules/@auth/core/package.json"))) {
    throw new Error("@auth/core is not installed in compat/: run `npm run compat:install` at the repository root")
  }
  return import("../compat/index.js")
}

/** { Auth, Credentials, encode, decode, label } for one side. */
export async function loadLibrary(side) {
  if (side === "authjs" || (side === "latchkey" && STANDIN)) {
    const m = await loadCompat()
    const label = side === "authjs" ? "@auth/core 0.41.3" : "@auth/core (STAND-IN for Latchkey)"
    return { Auth: m.Auth, Credentials: m.Credentials, encode: m.encode, decode: m.decode, label }
  }
  if (side !== "latchkey") throw new Error(`unknown library "${side}"`)
  let core, jwt, credentials
  try {
    core = await import("@latchkey/core")
    jwt = await import("@latchkey/core/jwt")
    credentials = await import("@latchkey/core/providers/credentials")
  } catch (error) {
    throw new Error(
      "cannot load @latchkey/core (is packages/core/dist built? run `npm run build` at the root, " +
        "or set LATCHKEY_BENCH_STANDIN=1 to debug the harness with @auth/core on both sides): " +
        (error?.message ?? error),
    )
  }
  return {
    Auth: core.Auth,
    Credentials: credentials.default,
    encode: jwt.encode,
    decode: jwt.decode,
    label: "@latchkey/core",
  }
}

/** toNodeHandler from @latchkey/node (or the stand-in). The same adapter serves every server. */
export async function loadNodeAdapter() {
  if (STANDIN) {
    const m = await import("./standin-node.js")
    return { toNodeHandler: m.toNodeHandler, label: "stand-in adapter (bench/standin-node.js)" }
  }
  try {
    const m = await import("@latchkey/node")
    return { toNodeHandler: m.toNodeHandler, label: "@latchkey/node" }
  } catch (error) {
    throw new Error(
      "cannot load @latchkey/node (is packages/node/dist built? run `npm run build` at the root, " +
        "or set LATCHKEY_BENCH_STANDIN=1): " +
        (error?.message ?? error),
    )
  }
}
