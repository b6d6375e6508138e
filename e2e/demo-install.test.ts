/**
 * What `npm install && npm start` fetches: the root's install as npm plans it
 * from the committed manifests and lockfile (`npm ci --dry-run` on a copy of
 * them, so this repository's node_modules is not touched), which must hold
 * what the demo runs and builds with and none of the test-only runtimes and
 * frameworks (Next.js with its compilers, Bun, Deno: about 530 of the 740 MB
 * it was). Those come from e2e/next16/ and e2e/bun-deno/ in npm test's pretest.
 */
import { execFile } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL("..", import.meta.url))

/** npm without the npm_* variables of the npm/npx that started vitest (they would redirect it). */
function npmEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")))
}

/** Packages only tests and benchmarks use, with the platform packages they bring. */
const TEST_ONLY = [/^next$/, /^@next\//, /^sharp$/, /^@img\//, /^bun$/, /^@oven\//, /^deno$/, /^@deno\//]

describe("the root's npm install (what npm install && npm start fetches)", () => {
  let copy: string
  let added: string[]

  beforeAll(async () => {
    copy = mkdtempSync(join(tmpdir(), "latchkey-root-install-"))
    const { workspaces } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { workspaces: string[] }
    for (const file of ["package.json", "package-lock.json", ".npmrc", ...workspaces.map((folder) => `${folder}/package.json`)]) {
      if (!existsSync(join(ROOT, file))) continue
      mkdirSync(dirname(join(copy, file)), { recursive: true })
      cpSync(join(ROOT, file), join(copy, file))
    }
    const { stdout } = await run("npm", ["ci", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund"], {
      cwd: copy,
      env: npmEnvironment(),
      maxBuffer: 16 * 1024 * 1024,
    })
    added = [...stdout.matchAll(/^add (\S+) /gm)].map((match) => match[1]!)
  }, 120_000)

  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true })
  })

  it("fetches neither Next.js nor Bun nor Deno", () => {
    expect(added.length).toBeGreaterThan(100)
    expect(added.filter((name) => TEST_ONLY.some((pattern) => pattern.test(name)))).toEqual([])
  })

  it("fetches everything the demo imports and what builds its packages", () => {
    const demo = JSON.parse(readFileSync(join(ROOT, "examples/demo/package.json"), "utf8")) as { dependencies: Record<string, string> }
    const fromRegistry = Object.keys(demo.dependencies).filter((name) => !name.startsWith("@latchkey/"))
    const builders = ["typescript", "rolldown", "simple-icons", "@types/node", "@types/react"]
    expect([...fromRegistry, ...builders].filter((name) => !added.includes(name))).toEqual([])
  })
})
