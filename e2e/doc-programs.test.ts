/**
 * Every whole program in README.md, docs/ and packages/*\/README.md (a code
 * block marked `<!-- run: http|fetch|exit -->`, with the blocks it continues)
 * is run as a reader would run it: compiled to JavaScript, in its own `node`
 * process, against the built packages, with the environment and the first
 * command (`npx latchkey migrate`) the text around it tells the reader to use.
 * e2e/types.test.ts type-checks the same code; this test proves it also works:
 * it starts, answers `{basePath}/session`, `/csrf` and `/providers`, logs no
 * `[auth][error]`, and ends.
 *
 * Needs `npm run build` first (the root `npm test` does it).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { freePort } from "../packages/core/test/support/free-port.js"
import { type DocProgram, type DocRuntime, docPrograms } from "./support/doc-programs.js"
import { documentationFiles } from "./types/harness/units.js"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
// Inside the repository, so that the programs' imports resolve to the workspace's packages.
const PROGRAMS_DIR = join(ROOT, "e2e/.doc-programs")
const built = existsSync(join(ROOT, "packages/core/dist/index.js")) && existsSync(join(ROOT, "packages/node/dist/index.js"))
const START_TIMEOUT_MS = 20_000

if (!built) {
  if (process.env.CI === "true") it("needs the built packages", () => expect.fail("run `npm run build` first"))
  else console.warn("[e2e/doc-programs] SKIPPED: the packages are not built; run `npm run build`")
}

const running = new Set<ChildProcess>()
afterAll(() => {
  for (const child of running) child.kill()
  rmSync(PROGRAMS_DIR, { recursive: true, force: true })
})

/**
 * Writes the program as `program.mjs` in a folder of its own under
 * e2e/.doc-programs (inside the repository, so that its imports resolve to the
 * workspace's packages), which is also its working directory: files it creates
 * (`./data/auth.sqlite`) land there.
 */
function writeProgram(program: DocProgram): { dir: string; path: string } {
  const dir = join(PROGRAMS_DIR, program.name.replace(/[^\w.-]+/g, "_"))
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const path = join(dir, "program.mjs")
  writeFileSync(path, program.javascript)
  return { dir, path }
}

/** The environment a reader sets: a secret, the program's documented variables; nothing from this test run. */
function readerEnvironment(program: DocProgram, port?: number): NodeJS.ProcessEnv {
  const documented = Object.fromEntries(Object.entries(program.options.env).map(([name, value]) => [name, value.replaceAll("$PORT", String(port ?? 3000))]))
  return {
    PATH: process.env.PATH,
    AUTH_SECRET: randomBytes(33).toString("base64"),
    ...(port === undefined ? {} : { PORT: String(port) }),
    ...documented,
  }
}

/** The `bin` entries of the workspace's packages: what `npx <name>` runs in an app that installed them. */
function workspaceBins(): Map<string, string> {
  const bins = new Map<string, string>()
  for (const name of readdirSync(join(ROOT, "packages"))) {
    const manifest = join(ROOT, "packages", name, "package.json")
    if (!existsSync(manifest)) continue
    const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin?: Record<string, string> }
    for (const [command, file] of Object.entries(bin ?? {})) bins.set(command, join(ROOT, "packages", name, file))
  }
  return bins
}

/**
 * How a reader starts a program on each runtime: Node (the one running this test), or the Bun and
 * Deno that `npm run bun-deno:install` (npm test's pretest) installs from npm into e2e/bun-deno/,
 * Deno with the permissions docs/integrations/fetch-runtimes.md tells the reader to grant.
 */
const runtimeCommands: Record<DocRuntime, { command: string; before: string[] }> = {
  node: { command: process.execPath, before: [] },
  bun: { command: join(ROOT, "e2e/bun-deno/node_modules/.bin/bun"), before: ["run"] },
  deno: { command: join(ROOT, "e2e/bun-deno/node_modules/.bin/deno"), before: ["run", "--allow-net", "--allow-env", "--allow-read"] },
}

/** Starts `node path …args` (or Bun or Deno) in `cwd`: the child, its exit, and everything it printed so far. */
function start(path: string, env: NodeJS.ProcessEnv, cwd: string, args: string[] = [], runtime: DocRuntime = "node") {
  const { command, before } = runtimeCommands[runtime]
  if (!existsSync(command)) throw new Error(`${runtime} is not installed at ${command}: run \`npm run bun-deno:install\` (npm test's pretest does)`)
  const child = spawn(command, [...before, path, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] })
  running.add(child)
  let output = ""
  child.stdout!.on("data", (chunk) => (output += chunk))
  child.stderr!.on("data", (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  return { child, exited, output: () => output }
}

/**
 * Runs the command the text says to run before the program (`npx latchkey
 * migrate`): a workspace package's bin, never anything fetched from a registry.
 */
async function runFirst(program: DocProgram, env: NodeJS.ProcessEnv, cwd: string): Promise<void> {
  const [runner, command, ...args] = program.options.first!.split(/\s+/)
  const bin = runner === "npx" ? workspaceBins().get(command!) : undefined
  if (!bin) throw new Error(`${program.name}: "first: ${program.options.first}" is not \`npx <a workspace package's bin>\``)
  const child = start(bin, env, cwd, args)
  expect(await child.exited, `${program.options.first}:\n${child.output()}`).toBe(0)
}

/** GET `url` until the server answers (it may still be starting), or fail with its output. */
async function getWhenUp(url: string, child: ReturnType<typeof start>): Promise<Response> {
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.child.exitCode !== null) throw new Error(`the program exited (${child.child.exitCode}):\n${child.output()}`)
    try {
      return await fetch(url)
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`no answer on ${url} within ${START_TIMEOUT_MS} ms:\n${child.output()}`, { cause: error })
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** One answer as the checks below see it. */
interface Answer {
  path: string
  status: number
  body: string
}

/**
 * A session cookie nobody issued, sent to programs with database sessions: the program looks it
 * up, so its store must be ready (this is what proves a documented `latchkey migrate` step), and
 * answers `null` without logging an error. (A JWT program logs `JWTSessionError` for it, rightly.)
 */
const UNKNOWN_SESSION_COOKIE = `authjs.session-token=${randomBytes(32).toString("base64url")}`

/** What every program must answer under its basePath: no session, a CSRF token, its providers. */
function expectAuthAnswers(program: DocProgram, answers: Answer[], output: string): void {
  const base = program.options.basePath
  const byPath = new Map(answers.map((answer) => [answer.path, answer]))
  const session = byPath.get(`${base}/session`)!
  expect(session.status, output).toBe(200)
  expect(session.body).toBe("null")
  if (program.options.databaseSessions) {
    expect(byPath.get(`${base}/session (unknown cookie)`), output).toMatchObject({ status: 200, body: "null" })
  }
  const csrf = byPath.get(`${base}/csrf`)!
  expect(csrf.status, output).toBe(200)
  expect(JSON.parse(csrf.body)).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/) })
  const providers = byPath.get(`${base}/providers`)!
  expect(providers.status, output).toBe(200)
  const listed = JSON.parse(providers.body) as Record<string, { id: string; signinUrl: string; callbackUrl: string }>
  for (const [id, entry] of Object.entries(listed)) {
    expect(entry).toMatchObject({
      id,
      signinUrl: expect.stringContaining(`${base}/signin/${id}`),
      callbackUrl: expect.stringContaining(`${base}/callback/${id}`),
    })
  }
  if (program.options.providers) expect(Object.keys(listed)).toEqual(program.options.providers)
  // A program that only works by logging errors is broken too (MissingSecret, UntrustedHost, AdapterError …).
  expect(output).not.toContain("[auth][error]")
}

/** Asks the server for the auth routes (and nothing else). */
async function askServer(origin: string, base: string, databaseSessions: boolean): Promise<Answer[]> {
  const answers: Answer[] = []
  for (const path of [`${base}/session`, `${base}/csrf`, `${base}/providers`]) {
    const response = await fetch(origin + path)
    answers.push({ path, status: response.status, body: await response.text() })
  }
  if (databaseSessions) {
    const unknown = await fetch(`${origin}${base}/session`, { headers: { cookie: UNKNOWN_SESSION_COOKIE } })
    answers.push({ path: `${base}/session (unknown cookie)`, status: unknown.status, body: await unknown.text() })
  }
  return answers
}

describe.runIf(built)("documented whole programs run", () => {
  const programs = docPrograms(ROOT, documentationFiles(ROOT))

  it("include the README's quick start: the fetch-style and the node:http servers", () => {
    const kinds = programs.filter((p) => p.name.startsWith("README.md:")).map((p) => p.run)
    expect(kinds).toEqual(expect.arrayContaining(["fetch", "http"]))
  })

  it.each(programs.map((p) => [p.name, p] as const))(
    "%s",
    async (_name, program) => {
      const { dir, path } = writeProgram(program)
      if (program.run === "exit") {
        const env = readerEnvironment(program)
        if (program.options.first) await runFirst(program, env, dir)
        const child = start(path, env, dir)
        expect(await child.exited, child.output()).toBe(0)
        expect(child.output()).not.toContain("[auth][error]")
        return
      }
      if (program.run === "fetch") {
        // The program is a module; a reader's runtime imports it and calls its handler. The runtime
        // owns the process, so the driver ends it (a module may hold a Redis or database client open).
        const base = program.options.basePath
        const paths = [`${base}/session`, `${base}/csrf`, `${base}/providers`, ...(program.options.handlerExport ? [] : ["/elsewhere"])]
        const driver = join(dir, "fetch-driver.mjs")
        writeFileSync(
          driver,
          `const module = await import(process.argv[2])
const exported = ${JSON.stringify(program.options.handlerExport ?? null)}
// A Workers-style module gets its variables and secrets as the second argument of fetch.
const handle = exported ? module[exported] : (request) => module.default.fetch(request, process.env)
if (typeof handle !== "function") throw new Error("the program exports no handler " + (exported ?? "default.fetch"))
const answers = []
for (const path of ${JSON.stringify(paths)}) {
  const response = await handle(new Request("http://localhost:3000" + path))
  answers.push({ path, status: response.status, body: await response.text() })
}
if (${program.options.databaseSessions}) {
  const unknown = await handle(new Request("http://localhost:3000${base}/session", { headers: { cookie: ${JSON.stringify(UNKNOWN_SESSION_COOKIE)} } }))
  answers.push({ path: "${base}/session (unknown cookie)", status: unknown.status, body: await unknown.text() })
}
console.log(JSON.stringify(answers))
process.exit(0)
`,
        )
        const env = readerEnvironment(program)
        if (program.options.first) await runFirst(program, env, dir)
        const child = start(driver, env, dir, [path])
        expect(await child.exited, child.output()).toBe(0)
        const answers = JSON.parse(child.output().trim().split("\n").at(-1)!) as Answer[]
        expectAuthAnswers(program, answers, child.output())
        if (!program.options.handlerExport) expect(answers.at(-1)).toMatchObject({ path: "/elsewhere", status: 404 })
        return
      }
      const port = await freePort()
      // Bun and Deno keep their caches under HOME.
      const env = { ...readerEnvironment(program, port), ...(program.options.runtime === "node" ? {} : { HOME: process.env.HOME, NO_COLOR: "1" }) }
      if (program.options.first) await runFirst(program, env, dir)
      const child = start(path, env, dir, [], program.options.runtime)
      await getWhenUp(`http://127.0.0.1:${port}${program.options.basePath}/session`, child)
      const answers = await askServer(`http://127.0.0.1:${port}`, program.options.basePath, program.options.databaseSessions)
      expectAuthAnswers(program, answers, child.output())
      // It ends when told to, as under a process manager: nothing keeps it alive past SIGTERM.
      child.child.kill("SIGTERM")
      const ended = await Promise.race([child.exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 5_000))])
      expect(ended, child.output()).toBe(true)
    },
    60_000,
  )
})
