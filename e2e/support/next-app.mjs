/**
 * The Next.js fixture app (e2e/next-app) as users run it: `next build`, then
 * `next start` in its own process on a free port, offline
 * (`NEXT_TELEMETRY_DISABLED=1`). A build is reused while nothing it is made
 * of changed (the fixture's files, @latchkey/next's and core's built code),
 * so one test run builds each variant once.
 *
 * The next-auth variant is the same app copied to e2e/.next-auth-app with
 * every "@latchkey/next" import rewritten to "next-auth" (resolved from
 * compat/node_modules through a symlink): what moving an app over is.
 *
 * Plain JavaScript (types in JSDoc), so bench/integration-next.js uses the
 * same build and start as the tests.
 */
import { execFileSync, spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
export const ROOT = fileURLToPath(new URL("../..", import.meta.url))
/** The fixture app, written against @latchkey/next. */
export const LATCHKEY_APP = join(ROOT, "e2e/next-app")
/** Where the next-auth copy of the fixture is generated (git-ignored). */
export const NEXT_AUTH_APP = join(ROOT, "e2e/.next-auth-app")
const NEXT_BIN = join(ROOT, "node_modules/next/dist/bin/next")
/** The fixture on Next 15 (middleware.js on the Node.js runtime instead of Next 16's proxy.js; git-ignored). */
export const NEXT15_APP = join(ROOT, "e2e/.next15-app")
/** The fixture on Next 15 with middleware.js on the Edge runtime (Next 15's default) and next-auth's split configuration (git-ignored). */
export const NEXT15_EDGE_APP = join(ROOT, "e2e/.next15-edge-app")
/** The Next 15 release the fixture is tested on (the peer range's lower major). */
export const NEXT15_VERSION = "15.5.29"
/** Where that Next is installed (`npm run next15:install`, from e2e/next15's lockfile), inside the repository so it shares the root's React. */
const NEXT15_INSTALL = join(ROOT, "e2e/next15")
/** The `next` binary an app is built and served with: its own node_modules/next when it has one (Next 15), else the root's. */
function nextBinOf(appDir) {
  const own = join(appDir, "node_modules/next/dist/bin/next")
  return existsSync(own) ? own : NEXT_BIN
}
const STAMP = ".next/latchkey-fixture-stamp"
const READY_TIMEOUT_MS = 60_000
/** Whether next-auth is installed in compat/ (npm run compat:install). */
export const nextAuthInstalled = existsSync(join(ROOT, "compat/node_modules/next-auth/package.json"))
/** Files below `dir` (build output and node_modules left out), sorted. */
function sourceFiles(dir) {
  const files = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === ".next" || entry.name === "node_modules" || entry.name === "next-env.d.ts") continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...sourceFiles(path))
    else files.push(path)
  }
  return files.sort()
}
/** A digest of what a build of `appDir` is made of: its sources and the built packages it imports. */
function buildInputsDigest(appDir) {
  const hash = createHash("sha256")
  for (const file of sourceFiles(appDir)) hash.update(relative(appDir, file)).update(readFileSync(file))
  for (const dist of ["packages/next/dist", "packages/core/dist", "packages/client/dist", "packages/node/dist"]) {
    const dir = join(ROOT, dist)
    if (!existsSync(dir)) continue
    for (const file of sourceFiles(dir)) hash.update(relative(ROOT, file)).update(String(statSync(file).mtimeMs))
  }
  hash.update(readFileSync(join(nextBinOf(appDir), "../../../package.json")))
  const nextAuth = join(ROOT, "compat/node_modules/next-auth/package.json")
  if (existsSync(nextAuth)) hash.update(readFileSync(nextAuth))
  return hash.digest("hex")
}
/** The environment of `next` commands: the test's own, minus AUTH_* (the app gets its own), offline. */
function nextEnv(extra = {}) {
  const env = { ...process.env }
  for (const name of Object.keys(env)) if (name.startsWith("AUTH_") || name.startsWith("NEXTAUTH_") || name.startsWith("FIXTURE_")) delete env[name]
  delete env.NODE_ENV
  return { ...env, NEXT_TELEMETRY_DISABLED: "1", ...extra }
}
/**
 * Builds `appDir` with `next build` unless its last build is of the same inputs.
 * @param {string} appDir
 * @returns {{ appDir: string, milliseconds: number }} `milliseconds` is 0 when the last build was reused
 */
export function buildNextApp(appDir) {
  const digest = buildInputsDigest(appDir)
  const stampFile = join(appDir, STAMP)
  if (existsSync(join(appDir, ".next/BUILD_ID")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === digest) {
    return { appDir, milliseconds: 0 }
  }
  const started = performance.now()
  try {
    execFileSync(process.execPath, [nextBinOf(appDir), "build"], { cwd: appDir, env: nextEnv(), stdio: "pipe", encoding: "utf8" })
  } catch (error) {
    const { stdout = "", stderr = "" } = error
    throw new Error(`next build failed in ${appDir}:\n${stdout}\n${stderr}`)
  }
  writeFileSync(stampFile, digest)
  return { appDir, milliseconds: Math.round(performance.now() - started) }
}
/**
 * Writes the next-auth copy of the fixture: the same files with
 * "@latchkey/next" replaced by "next-auth" (the whole migration of the app's
 * code), and node_modules/next-auth linking to compat's install.
 */
export function writeNextAuthVariant() {
  for (const entry of existsSync(NEXT_AUTH_APP) ? readdirSync(NEXT_AUTH_APP) : []) {
    if (entry !== ".next") rmSync(join(NEXT_AUTH_APP, entry), { recursive: true, force: true })
  }
  mkdirSync(NEXT_AUTH_APP, { recursive: true })
  for (const file of sourceFiles(LATCHKEY_APP)) {
    const target = join(NEXT_AUTH_APP, relative(LATCHKEY_APP, file))
    mkdirSync(join(target, ".."), { recursive: true })
    if (file.endsWith(".js") || file.endsWith(".mjs")) writeFileSync(target, readFileSync(file, "utf8").replaceAll("@latchkey/next", "next-auth"))
    else cpSync(file, target)
  }
  mkdirSync(join(NEXT_AUTH_APP, "node_modules"), { recursive: true })
  symlinkSync(join(ROOT, "compat/node_modules/next-auth"), join(NEXT_AUTH_APP, "node_modules/next-auth"), "dir")
  return NEXT_AUTH_APP
}
/**
 * Writes the Next 15 copy of the fixture to `dir` with `files` (path → text)
 * added, and node_modules/next linking to e2e/next15's install.
 * @param {string} dir
 * @param {Record<string, string>} files
 * @returns {string} dir
 */
function writeNext15Copy(dir, files) {
  const installed = join(NEXT15_INSTALL, "node_modules/next/package.json")
  if (!existsSync(installed) || JSON.parse(readFileSync(installed, "utf8")).version !== NEXT15_VERSION) {
    throw new Error(`Next ${NEXT15_VERSION} is not installed in e2e/next15: run \`npm run next15:install\` (npm test's pretest does).`)
  }
  for (const entry of existsSync(dir) ? readdirSync(dir) : []) {
    if (entry !== ".next") rmSync(join(dir, entry), { recursive: true, force: true })
  }
  for (const file of sourceFiles(LATCHKEY_APP)) {
    if (relative(LATCHKEY_APP, file) === "proxy.js") continue
    const target = join(dir, relative(LATCHKEY_APP, file))
    mkdirSync(join(target, ".."), { recursive: true })
    cpSync(file, target)
  }
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text)
  mkdirSync(join(dir, "node_modules"), { recursive: true })
  symlinkSync(join(NEXT15_INSTALL, "node_modules/next"), join(dir, "node_modules/next"), "dir")
  return dir
}
/**
 * Writes the Next 15 copy of the fixture: middleware.js (auth as middleware,
 * on the Node.js runtime) instead of Next 16's proxy.js.
 */
export function writeNext15Variant() {
  return writeNext15Copy(NEXT15_APP, {
    "middleware.js": [
      "// Next 15: auth as middleware (proxy.js in Next 16), on the Node.js runtime.",
      'export { auth as middleware } from "./auth"',
      "",
      'export const config = { matcher: ["/dashboard/:path*"], runtime: "nodejs" }',
      "",
    ].join("\n"),
  })
}
/**
 * Writes the Edge copy of the fixture: next-auth's split configuration, an
 * auth.config.js without adapter or database, which middleware.js runs on
 * Next 15's default Edge runtime (no `runtime` in its config).
 */
export function writeNext15EdgeVariant() {
  return writeNext15Copy(NEXT15_EDGE_APP, {
    "auth.config.js": [
      "// The Edge-safe part of the configuration (no adapter, no database): what middleware needs to read a JWT session.",
      'import NextAuth from "@latchkey/next"',
      'import Credentials from "@latchkey/next/providers/credentials"',
      "",
      "export const { auth } = NextAuth({",
      "  // The same provider as auth.js (a pure function: nothing the Edge runtime lacks).",
      "  providers: [Credentials({ credentials: { username: {}, password: {} }, authorize: () => null })],",
      "  callbacks: {",
      "    authorized({ auth, request }) {",
      '      if (request.nextUrl.pathname.startsWith("/dashboard")) return !!auth',
      "      return true",
      "    },",
      "  },",
      "})",
      "",
    ].join("\n"),
    "middleware.js": [
      "// Next 15: auth as middleware on the Edge runtime (the default: no `runtime` below).",
      'export { auth as middleware } from "./auth.config"',
      "",
      'export const config = { matcher: ["/dashboard/:path*"] }',
      "",
    ].join("\n"),
  })
}
/**
 * @typedef {object} NextServer A running `next start`.
 * @property {import("node:child_process").ChildProcess} child
 * @property {string} origin `http://localhost:{port}` (the server listens on 127.0.0.1)
 * @property {number} port
 * @property {() => string} output everything it printed so far
 * @property {() => Promise<void>} close
 */

/**
 * Starts `next start` for the built `appDir` on `port` with `env`, and waits until it answers.
 * @param {string} appDir
 * @param {Record<string, string>} env
 * @param {number} port
 * @returns {Promise<NextServer>}
 */
export async function startNextApp(appDir, env, port) {
  const chosen = port
  const child = spawn(process.execPath, [nextBinOf(appDir), "start", "-p", String(chosen), "-H", "127.0.0.1"], {
    cwd: appDir,
    env: nextEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout.on("data", (chunk) => (output += chunk.toString()))
  child.stderr.on("data", (chunk) => (output += chunk.toString()))
  const exited = new Promise((resolve) => child.once("exit", () => resolve()))
  // `localhost`, not 127.0.0.1: Next's NextURL rewrites 127.0.0.1 to localhost, so next-auth's URLs would name another host.
  const origin = `http://localhost:${chosen}`
  const deadline = Date.now() + READY_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}) before answering:\n${output}`)
    try {
      await fetch(`${origin}/api/auth/providers`)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`next start did not answer within ${READY_TIMEOUT_MS} ms:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    child,
    origin,
    port: chosen,
    output: () => output,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill("SIGTERM")
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}
