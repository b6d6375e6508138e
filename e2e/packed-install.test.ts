/**
 * The packages as an app outside this repository gets them: `scripts/pack.mjs`
 * (the root `npm run pack`, without its build step) packs every publishable
 * workspace into tarballs; a new app in a temporary directory outside the
 * repository installs three of them with npm, next to kysely and
 * better-sqlite3 from the registry (`--prefer-offline`: the npm cache first);
 * then its program, which passes its own `Kysely` to `KyselyAdapter(db)`, is
 * type-checked with `strict` and run for one request.
 *
 * The failure it guards against: with `file:` folder dependencies the app got
 * a second kysely (resolved from the repository) and `KyselyAdapter(db)` failed
 * with TS2345 (`#private`). Installing from the registry and compiling
 * better-sqlite3 can take minutes on a busy machine, hence the timeouts.
 *
 * Needs `npm run build` first (the root `npm test` does it).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { isAbsolute, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL("..", import.meta.url))
const PUBLISHABLE = ["core", "node", "express", "hono", "fastify", "adapter-test", "adapter-kysely", "adapter-redis", "client", "next"]
const INSTALLED = ["core", "node", "adapter-kysely"]
const built = PUBLISHABLE.every((name) => existsSync(join(ROOT, "packages", name, "dist/index.js")))
const INSTALL_TIMEOUT_MS = 10 * 60_000
const EMAIL = "packed@example.com"

if (!built) {
  if (process.env.CI === "true") it("needs the built packages", () => expect.fail("run `npm run build` first"))
  else console.warn("[e2e/packed-install] SKIPPED: the packages are not built; run `npm run build`")
}

/** The version range the repository itself uses for `name`, so npm can answer from its cache. */
function workspaceRange(manifest: string, name: string): string {
  const json = JSON.parse(readFileSync(join(ROOT, manifest), "utf8")) as Record<string, Record<string, string> | undefined>
  const range = json.dependencies?.[name] ?? json.devDependencies?.[name]
  if (!range) throw new Error(`${manifest} does not list ${name}`)
  return range
}

/** npm without the npm_* variables of the npm/npx that started vitest (they would redirect it). */
function npmEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")))
}

/** The app's program: migrate, store one session through the adapter, serve Auth() on a free port. */
const PROGRAM = `import { createHash } from "node:crypto"
import { createServer } from "node:http"
import { Auth, setEnvDefaults, type AuthConfig } from "@latchkey/core"
import Credentials from "@latchkey/core/providers/credentials"
import { KyselyAdapter, migrate, type Database } from "@latchkey/adapter-kysely"
import { toNodeHandler } from "@latchkey/node"
import SQLite from "better-sqlite3"
import { Kysely, SqliteDialect } from "kysely"

const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(process.env.DATABASE_FILE!) }) })
await migrate(db)
const adapter = KyselyAdapter(db)
const user = await adapter.createUser!({ id: "", name: "Packed", email: process.env.USER_EMAIL!, emailVerified: null })
// Latchkey stores a database session under the SHA-256 of the cookie's token.
const sessionToken = createHash("sha256").update(process.env.SESSION_TOKEN!).digest("hex")
await adapter.createSession!({ sessionToken, userId: user.id, expires: new Date(Date.now() + 3_600_000) })

const config: AuthConfig = { adapter, providers: [Credentials({ credentials: {}, authorize: () => null })] }
setEnvDefaults(process.env, config)
const server = createServer(toNodeHandler((request) => Auth(request, config)))
server.listen(0, "127.0.0.1", () => {
  const address = server.address()
  if (address && typeof address === "object") console.log(\`listening on \${address.port}\`)
})
`

describe.runIf(built)("the packed packages, installed by an app outside the repository", () => {
  let work: string
  let app: string
  let tarballs: string[] = []
  let server: ChildProcess | undefined

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "latchkey-packed-"))
    app = join(work, "app")
    mkdirSync(join(app, "src"), { recursive: true })
    await run(process.execPath, [join(ROOT, "scripts/pack.mjs"), "--out", join(work, "tarballs")], { cwd: ROOT })
    tarballs = readdirSync(join(work, "tarballs")).filter((file) => file.endsWith(".tgz"))

    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "packed-app", private: true, type: "module" }, null, 2))
    writeFileSync(join(app, "src/server.ts"), PROGRAM)
    const compilerOptions = {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      rootDir: "src",
      outDir: "dist",
      types: ["node"],
    }
    writeFileSync(join(app, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }, null, 2))
    const fromRegistry = [
      `kysely@${workspaceRange("bench/package.json", "kysely")}`,
      `better-sqlite3@${workspaceRange("bench/package.json", "better-sqlite3")}`,
      `@types/node@${workspaceRange("package.json", "@types/node")}`,
      "@types/better-sqlite3",
    ]
    const local = INSTALLED.map((name) => join(work, "tarballs", tarballs.find((file) => file.startsWith(`latchkey-${name}-`))!))
    await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", ...local, ...fromRegistry], {
      cwd: app,
      env: npmEnvironment(),
      maxBuffer: 16 * 1024 * 1024,
    })
  }, INSTALL_TIMEOUT_MS)

  afterAll(() => {
    server?.kill()
    if (work) rmSync(work, { recursive: true, force: true })
  })

  it("packs every publishable package into one folder", () => {
    expect(tarballs.sort()).toEqual(PUBLISHABLE.map((name) => `latchkey-${name}-0.1.0.tgz`).sort())
  })

  it("creates the app outside the repository, and installs from the tarballs, not from the repository", () => {
    const fromRoot = relative(ROOT, app)
    expect(fromRoot.startsWith("..") || isAbsolute(fromRoot)).toBe(true)
    const manifest = JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as { dependencies: Record<string, string> }
    for (const name of INSTALLED) expect(manifest.dependencies[`@latchkey/${name}`]).toMatch(/^file:.*\.tgz$/)
  })

  it("installs one copy of kysely, shared by the app and the adapter", () => {
    const copies: string[] = []
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue
        const path = join(folder, entry.name)
        if (entry.name === "kysely" && existsSync(join(path, "package.json"))) copies.push(relative(app, path))
        else walk(path)
      }
    }
    walk(join(app, "node_modules"))
    expect(copies).toEqual([join("node_modules", "kysely")])
  })

  it("type-checks a program that passes its own Kysely to KyselyAdapter(db) and Auth()", async () => {
    const tsc = join(ROOT, "node_modules/typescript/bin/tsc")
    const result = await run(process.execPath, [tsc, "-p", app], { cwd: app }).catch((error: { stdout?: string }) => error)
    expect("stdout" in result ? result.stdout : "", "tsc output").toBe("")
    expect(existsSync(join(app, "dist/server.js"))).toBe(true)
  }, 120_000)

  it("runs the program: one GET /auth/session answers the session stored through the adapter", async () => {
    const token = randomBytes(32).toString("base64url")
    server = spawn(process.execPath, ["dist/server.js"], {
      cwd: app,
      env: {
        PATH: process.env.PATH,
        AUTH_SECRET: randomBytes(33).toString("base64"),
        AUTH_TRUST_HOST: "true",
        DATABASE_FILE: join(work, "auth.sqlite"),
        USER_EMAIL: EMAIL,
        SESSION_TOKEN: token,
      },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the app did not start:\n${output}`)), 30_000)
      const read = (chunk: Buffer) => {
        output += chunk
        const match = /listening on (\d+)/.exec(output)
        if (match) {
          clearTimeout(timer)
          resolve(Number(match[1]))
        }
      }
      server!.stdout!.on("data", read)
      server!.stderr!.on("data", read)
      server!.once("exit", (code) => reject(new Error(`the app exited (${code}):\n${output}`)))
    })
    const response = await fetch(`http://127.0.0.1:${port}/auth/session`, { headers: { cookie: `authjs.session-token=${token}` } })
    expect(response.status).toBe(200)
    const session = (await response.json()) as { user?: { email?: string } } | null
    expect(session?.user?.email).toBe(EMAIL)
  }, 60_000)
})
