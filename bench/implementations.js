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
