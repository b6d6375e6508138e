/**
 * `latchkey migrate`, run as a process the way a deploy script runs it:
 * connection from DATABASE_URL, output a person can read, exit codes a
 * script can check, and no stack trace on failure.
 */
import { execFile } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { appliedMigrations, migrationNames } from "@latchkey/adapter-kysely"
import SQLite from "better-sqlite3"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { forEachFamily } from "./support/server-tests.js"
import type { Target } from "./support/targets.js"

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url))

interface Run {
  code: number
  stdout: string
  stderr: string
}

/** Runs `latchkey <args>` with `env` added to (or, for undefined values, removed from) the environment. */
function latchkey(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  const merged = { ...process.env, ...env }
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete merged[key]
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env: merged, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr })
    })
  })
}

await forEachFamily((create) => {
  let target: Target
  beforeEach(async () => {
    target = await create()
  })
  afterEach(async () => {
    await target.dispose()
  })

  it("migrate applies the migrations, then says the database is up to date; --status lists them", async () => {
    const first = await latchkey(["migrate"], { DATABASE_URL: target.url })
    expect(first.code, first.stderr).toBe(0)
    for (const name of migrationNames) expect(first.stdout).toContain(`applied ${name}`)
    expect(await appliedMigrations(target.db)).toEqual(migrationNames)

    const second = await latchkey(["migrate"], { DATABASE_URL: target.url })
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout).toMatch(/is up to date/)

    const status = await latchkey(["migrate", "--status"], { DATABASE_URL: target.url })
    expect(status.code).toBe(0)
    expect(status.stdout.trim().split("\n")).toEqual(migrationNames.map((name) => `applied  ${name}`))
  })

  it("--status on a database never migrated lists every migration pending and creates no table", async () => {
    const status = await latchkey(["migrate", "--status"], { DATABASE_URL: target.url })
    expect(status.code, status.stderr).toBe(0)
    expect(status.stdout.trim().split("\n")).toEqual(migrationNames.map((name) => `pending  ${name}`))
    expect(await target.db.introspection.getTables()).toEqual([])
  })

  it("migrate --to stops at the named migration", async () => {
    const run = await latchkey(["migrate", "--to", "0001_authjs_tables"], { DATABASE_URL: target.url })
    expect(run.code, run.stderr).toBe(0)
    expect(await appliedMigrations(target.db)).toEqual(["0001_authjs_tables"])
  })
})

describe("SQLite files that do not exist yet", () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "latchkey-cli-"))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it("--status reports a missing file as not created yet, every migration pending, and creates nothing", async () => {
    const file = join(dir, "data", "auth.sqlite")
    const run = await latchkey(["migrate", "--status"], { DATABASE_URL: file })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain(`${file}: not created yet; ${migrationNames.length} migrations pending`)
    for (const name of migrationNames) expect(run.stdout).toContain(`pending  ${name}`)
    expect(readdirSync(dir)).toEqual([])
  })

  it("migrate creates the missing directory and the file; --status then lists every migration applied", async () => {
    const file = join(dir, "data", "nested", "auth.sqlite")
    const run = await latchkey(["migrate"], { DATABASE_URL: file })
    expect(run.code, run.stderr).toBe(0)
    expect(existsSync(file)).toBe(true)
    const status = await latchkey(["migrate", "--status"], { DATABASE_URL: `sqlite:${file}` })
    expect(status.code, status.stderr).toBe(0)
    expect(status.stdout.trim().split("\n")).toEqual(migrationNames.map((name) => `applied  ${name}`))
  })

  it("--status on an existing file that was never migrated lists every migration pending and creates no table", async () => {
    const file = join(dir, "empty.sqlite")
    new SQLite(file).close()
    const status = await latchkey(["migrate", "--status"], { DATABASE_URL: file })
    expect(status.code, status.stderr).toBe(0)
    expect(status.stdout.trim().split("\n")).toEqual(migrationNames.map((name) => `pending  ${name}`))
    const database = new SQLite(file, { readonly: true })
    expect(database.prepare("select name from sqlite_master").all()).toEqual([])
    database.close()
  })
})

describe("usage errors and failures", () => {
  it("without DATABASE_URL: exit code 2 and the usage", async () => {
    const run = await latchkey(["migrate"], { DATABASE_URL: undefined })
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/DATABASE_URL is not set/)
    expect(run.stderr).toMatch(/Usage: latchkey migrate/)
  })

  it("an unknown command or option: exit code 2", async () => {
    expect((await latchkey(["migrtae"], { DATABASE_URL: "x.sqlite" })).code).toBe(2)
    expect((await latchkey(["migrate", "--force"], { DATABASE_URL: "x.sqlite" })).code).toBe(2)
  })

  it("a database that does not answer: exit code 1, the reason, no stack trace", async () => {
    const run = await latchkey(["migrate"], { DATABASE_URL: "postgres://nobody@127.0.0.1:1/nothing" })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/latchkey migrate failed: .*ECONNREFUSED/)
    expect(run.stderr).not.toMatch(/\n\s+at /)
  })

  it("an unsupported URL scheme: exit code 1 naming the schemes that work", async () => {
    const run = await latchkey(["migrate"], { DATABASE_URL: "mongodb://127.0.0.1/x" })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/Unsupported database URL scheme "mongodb"/)
  })
})
