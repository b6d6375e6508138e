/**
 * Every whole program in README.md, docs/ and packages/*\/README.md (a code
 * block marked `<!-- run: http|fetch|exit -->`, with the blocks it continues)
 * is run as a reader would run it: compiled to JavaScript, in its own `node`
 * process, against the built packages. e2e/types.test.ts type-checks the same
 * code; this test proves it also works.
 *
 * Needs `npm run build` first (the root `npm test` does it).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { documentationFiles } from "./types/harness/units.js"
import { type DocProgram, docPrograms } from "./support/doc-programs.js"
import { freePort } from "../packages/core/test/support/free-port.js"

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

/** Writes the program as an ES module under e2e/.doc-programs and returns its path. */
function writeProgram(program: DocProgram): string {
  mkdirSync(PROGRAMS_DIR, { recursive: true })
  const path = join(PROGRAMS_DIR, `${program.name.replace(/[^\w.-]+/g, "_")}.mjs`)
  writeFileSync(path, program.javascript)
  return path
}

/** The environment a reader sets: a secret, and PORT for servers; nothing from this test run. */
function readerEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, AUTH_SECRET: randomBytes(33).toString("base64"), ...extra }
}

/** Starts `node path …args`: the child, its exit, and everything it printed so far. */
function start(path: string, env: NodeJS.ProcessEnv, args: string[] = []) {
  const child = spawn(process.execPath, [path, ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
  running.add(child)
  let output = ""
  child.stdout!.on("data", (chunk) => (output += chunk))
  child.stderr!.on("data", (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  return { child, exited, output: () => output }
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


describe.runIf(built)("documented whole programs run", () => {
  const programs = docPrograms(ROOT, documentationFiles(ROOT))

  it("include the README's quick start: the fetch-style and the node:http servers", () => {
    const kinds = programs.filter((p) => p.name.startsWith("README.md:")).map((p) => p.run)
    expect(kinds).toEqual(expect.arrayContaining(["fetch", "http"]))
  })

  it.each(programs.map((p) => [p.name, p] as const))("%s", async (_name, program) => {
    const path = writeProgram(program)
    if (program.run === "exit") {
      const child = start(path, readerEnvironment())
      expect(await child.exited, child.output()).toBe(0)
      return
    }
    if (program.run === "fetch") {
      // The program is a module; a reader's runtime imports it and calls its fetch().
      const driver = join(PROGRAMS_DIR, "fetch-driver.mjs")
      writeFileSync(
        driver,
        `const { default: app } = await import(process.argv[2])
const answers = []
for (const path of ["/auth/session", "/auth/csrf", "/elsewhere"]) {
  const response = await app.fetch(new Request("http://localhost:3000" + path))
  answers.push({ path, status: response.status, body: await response.text() })
}
console.log(JSON.stringify(answers))
`,
      )
      const child = start(driver, readerEnvironment(), [path])
      expect(await child.exited, child.output()).toBe(0)
      const answers = JSON.parse(child.output().trim().split("\n").at(-1)!) as Array<{ path: string; status: number; body: string }>
      expect(answers.map(({ path: at, status }) => [at, status])).toEqual([
        ["/auth/session", 200],
        ["/auth/csrf", 200],
        ["/elsewhere", 404],
      ])
      expect(answers[0]!.body).toBe("null")
      expect(JSON.parse(answers[1]!.body)).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/) })
      return
    }
    const port = await freePort()
    const child = start(path, readerEnvironment({ PORT: String(port) }))
    const session = await getWhenUp(`http://127.0.0.1:${port}/auth/session`, child)
    expect(session.status, child.output()).toBe(200)
    expect(await session.json()).toBeNull()
    const csrf = await fetch(`http://127.0.0.1:${port}/auth/csrf`)
    expect(csrf.status).toBe(200)
    expect((await csrf.json()) as unknown).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/) })
    child.child.kill()
  }, 60_000)
})
