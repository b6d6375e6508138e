/**
 * Express 4 is refused with a clear error instead of silently dropping the
 * port from every URL: at `ExpressAuth()` when the `express` package it
 * resolves is Express 4 (an app that installed Express 4, simulated by a
 * node_modules tree holding the built package next to Express 4), and per
 * request when an Express 4 app serves it anyway. Express 4 itself comes
 * from compat/ (`npm run compat:install`), outside the workspace tree.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import type { ErrorRequestHandler, Express } from "express"
import { afterAll, afterEach, describe, expect, it } from "vitest"
import { ExpressAuth, getSession, UnsupportedExpressVersion } from "../src/index.js"
import { credentialsConfig, type RunningApp, start } from "./support.js"

const packages = fileURLToPath(new URL("../../", import.meta.url))
const compat = fileURLToPath(new URL("../../../compat/", import.meta.url))
const fromCompat = createRequire(join(compat, "package.json"))
const express4 = fromCompat("express") as () => Express
const express4Version = (fromCompat("express/package.json") as { version: string }).version

const running: RunningApp[] = []
const temporary: string[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()))
})
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true })
})

/**
 * A node_modules tree as an app with Express 4 would have it: the built
 * @latchkey/express beside express 4, core and node linked.
 */
function installBesideExpress4(): string {
  const built = join(packages, "express/dist/express-version.js")
  if (!existsSync(built)) throw new Error("packages/express/dist is missing or stale: run `npm run build` first.")
  const root = mkdtempSync(join(tmpdir(), "latchkey-express4-"))
  temporary.push(root)
  const modules = join(root, "node_modules")
  mkdirSync(join(modules, "@latchkey", "express"), { recursive: true })
  symlinkSync(join(compat, "node_modules", "express"), join(modules, "express"), "dir")
  symlinkSync(join(packages, "core"), join(modules, "@latchkey", "core"), "dir")
  symlinkSync(join(packages, "node"), join(modules, "@latchkey", "node"), "dir")
  cpSync(join(packages, "express", "package.json"), join(modules, "@latchkey", "express", "package.json"))
  cpSync(join(packages, "express", "dist"), join(modules, "@latchkey", "express", "dist"), { recursive: true })
  return join(modules, "@latchkey", "express", "dist", "index.js")
}

describe("Express 4", () => {
  it("is the version compat/ provides", () => {
    expect(express4Version).toMatch(/^4\./)
  })

  it("makes ExpressAuth() throw at startup, naming the version found and what to do", async () => {
    const installed = (await import(pathToFileURL(installBesideExpress4()).href)) as typeof import("../src/index.js")
    let thrown: unknown
    try {
      installed.ExpressAuth(credentialsConfig())
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(Error)
    expect((thrown as Error).name).toBe("UnsupportedExpressVersion")
    expect((thrown as Error).message).toContain(`requires Express 5 or later, but found express ${express4Version}`)
    expect((thrown as Error).message).toContain("npm install express@5")
  })

  it("fails every request an Express 4 app routes to ExpressAuth or getSession, through next(error)", async () => {
    const config = credentialsConfig()
    const app = express4()
    app.use("/auth", ExpressAuth(config))
    app.get("/me", async (req, res, next) => {
      try {
        res.json(await getSession(req, config))
      } catch (error) {
        next(error)
      }
    })
    const onError: ErrorRequestHandler = (error: Error, _req, res, _next) =>
      void res.status(500).json({ unsupported: error instanceof UnsupportedExpressVersion, message: error.message })
    app.use(onError)
    const started = await start(app)
    running.push(started)

    for (const path of ["/auth/session", "/auth/providers", "/me"]) {
      const response = await fetch(`${started.url}${path}`)
      expect(response.status).toBe(500)
      const body = (await response.json()) as { unsupported: boolean; message: string }
      expect(body.unsupported).toBe(true)
      expect(body.message).toMatch(/requires Express 5 or later, but this request was served by Express 4/)
    }
  })
})
