/**
 * What `npm run pack` prints, as a newcomer reads it: one table, a row per
 * tarball naming the other tarballs it needs and what the app installs from
 * npm beside it, and an example, with none of the build's own output. Each row
 * is then taken at its word: in a new app outside the repository, npm resolves
 * the whole tree of that tarball plus the ones its row names (`--dry-run`:
 * nothing is downloaded but metadata, from the npm cache first). A row that
 * left out a tarball fails here as it did for users, with a 404 for
 * `@latchkey/client@0.1.0` from the registry.
 *
 * Needs `npm run build` first (the root `npm test` does it), so the build step
 * finds nothing to do.
 */
import { execFile } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL("..", import.meta.url))
const PUBLISHABLE = ["core", "node", "express", "hono", "fastify", "adapter-test", "adapter-kysely", "adapter-redis", "client", "next"]
const built = PUBLISHABLE.every((name) => existsSync(join(ROOT, "packages", name, "dist/index.js")))

if (!built) {
  if (process.env.CI === "true") it("needs the built packages", () => expect.fail("run `npm run build` first"))
  else console.warn("[e2e/pack-table] SKIPPED: the packages are not built; run `npm run build`")
}

/** npm without the npm_* variables of the npm/npx that started vitest (they would redirect it). */
function npmEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")))
}

interface Row {
  name: string
  tarball: string
  needs: string[]
  fromNpm: string[]
}

describe.runIf(built)("npm run pack's table", () => {
  let work: string
  let out: string
  let printed: string

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "latchkey-pack-table-"))
    out = join(work, "tarballs")
    // The root script itself, with its output folder moved out of the repository.
    const { stdout, stderr } = await run("npm", ["run", "--silent", "pack", "--", "--out", out], {
      cwd: ROOT,
      env: npmEnvironment(),
      maxBuffer: 16 * 1024 * 1024,
    })
    printed = stdout + stderr
  }, 5 * 60_000)

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true })
  })

  /** The table's rows, read back from the printed text. */
  function rows(): Row[] {
    const lines = printed.split("\n")
    const header = lines.findIndex((line) => line.startsWith("package "))
    expect(header, printed).toBeGreaterThan(-1)
    return lines
      .slice(header + 1)
      .filter((line) => line.startsWith("@latchkey/"))
      .map((line) => {
        // Columns are two or more spaces apart; a cell has at most one space in a row ("669 KiB", "core, node").
        const [name, tarball, size, needs, fromNpm] = line.split(/\s{2,}/)
        expect(size).toMatch(/^\d+ KiB$/)
        const list = (cell = "-") => (cell === "-" ? [] : cell.split(", "))
        return { name: name!, tarball: tarball!, needs: list(needs), fromNpm: list(fromNpm) }
      })
  }

  it("prints one table with a row per tarball written, an example, and nothing of the build", () => {
    expect(printed).not.toMatch(/asset\s+│/)
    expect(printed.split("\n").filter((line) => line.trim() !== "").length).toBeLessThanOrEqual(16)
    const table = rows()
    expect(table.map((row) => row.tarball).sort()).toEqual(
      readdirSync(out)
        .filter((file) => file.endsWith(".tgz"))
        .sort(),
    )
    expect(table.map((row) => row.name).sort()).toEqual(PUBLISHABLE.map((name) => `@latchkey/${name}`).sort())
    expect(table.find((row) => row.name === "@latchkey/next")).toMatchObject({ needs: ["core", "client"], fromNpm: ["next", "react"] })
    expect(table.find((row) => row.name === "@latchkey/express")).toMatchObject({ needs: ["core", "node"], fromNpm: ["express"] })
    const example = /npm install (.+)$/m.exec(printed)![1]!.split(" ")
    expect(example.map((path) => path.slice(out.length + 1)).sort()).toEqual([
      "latchkey-client-0.1.0.tgz",
      "latchkey-core-0.1.0.tgz",
      "latchkey-next-0.1.0.tgz",
    ])
  })

  it(
    "names for each tarball every tarball it needs: npm resolves each row in a new app without asking the registry for a @latchkey package",
    async () => {
      const table = rows()
      const tarballOf = (short: string) => join(out, table.find((row) => row.name === `@latchkey/${short}`)!.tarball)
      for (const row of table) {
        const app = join(work, `app-${row.name.slice("@latchkey/".length)}`)
        mkdirSync(app)
        writeFileSync(join(app, "package.json"), JSON.stringify({ name: "newcomer-app", private: true }))
        const args = [
          "install",
          "--dry-run",
          "--prefer-offline",
          "--no-audit",
          "--no-fund",
          join(out, row.tarball),
          ...row.needs.map(tarballOf),
          ...row.fromNpm,
        ]
        const result = await run("npm", args, { cwd: app, env: npmEnvironment(), maxBuffer: 16 * 1024 * 1024 }).catch((error: { stderr?: string }) => ({
          stderr: error.stderr ?? String(error),
        }))
        expect(result.stderr, `${row.name}: npm ${args.join(" ")}`).not.toMatch(/npm error/)
      }
    },
    10 * 60_000,
  )
})
