/**
 * The `latchkey` command line. `latchkey migrate`: brings the database in `DATABASE_URL` to the latest
 * schema (a SQLite file's directory is created when missing).
 * `latchkey migrate --status` lists the migrations and which are applied,
 * and changes nothing: a SQLite file that does not exist is reported as
 * "not created yet", not created. Exit code 0 on success, 1 on failure (with the reason, no stack),
 * 2 on a usage error.
 *
 * @module cli
 */
import { existsSync } from "node:fs"
import { createDatabase, parseDatabaseUrl } from "./connect.js"
import { appliedMigrations, migrate, migrationNames } from "./migrate.js"

const usage = `Usage: latchkey migrate [--status] [--to <migration>]

Brings the database named by DATABASE_URL to the latest Latchkey schema
(idempotent; safe to run from several servers at once).

  DATABASE_URL   postgres://user@host:5432/db, mysql://user@host:3306/db,
                 or a SQLite file path (sqlite:<path> and file:<path> work too)
  --status       list the migrations and whether each is applied; change nothing
  --to <name>    migrate up to this migration only

Migrations: ${migrationNames.join(", ")}`

/** Runs the command line `args` (without `node` and the script); returns the exit code. */
export async function main(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = args
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    console.log(usage)
    return command === undefined ? 2 : 0
  }
  if (command !== "migrate") {
    console.error(`Unknown command ${JSON.stringify(command)}.\n\n${usage}`)
    return 2
  }
  let status = false
  let to: string | undefined
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index]
    if (arg === "--status") status = true
    else if (arg === "--to" && rest[index + 1] !== undefined) to = rest[++index]
    else {
      console.error(`Unknown option ${JSON.stringify(arg)}.\n\n${usage}`)
      return 2
    }
  }
  const url = env.DATABASE_URL
  if (!url) {
    console.error(`DATABASE_URL is not set.\n\n${usage}`)
    return 2
  }
  let db: Awaited<ReturnType<typeof createDatabase>> | undefined
  try {
    const target = parseDatabaseUrl(url)
    const where = target.family === "sqlite" ? target.filename : target.family
    if (status) {
      // --status changes nothing: a SQLite file that does not exist is reported, not created.
      if (target.family === "sqlite" && target.filename !== ":memory:" && !existsSync(target.filename)) {
        console.log(`${where}: not created yet; ${migrationNames.length} migrations pending (run \`latchkey migrate\`).`)
        for (const name of migrationNames) console.log(`pending  ${name}`)
        return 0
      }
      db = await createDatabase(url, { max: 1, readonly: true })
      const applied = new Set(await appliedMigrations(db))
      for (const name of migrationNames) console.log(`${applied.has(name) ? "applied" : "pending"}  ${name}`)
      return 0
    }
    db = await createDatabase(url, { max: 1 })
    const result = await migrate(db, to === undefined ? {} : { to })
    if (result.applied.length === 0) console.log(`latchkey migrate: ${where} is up to date.`)
    for (const name of result.applied) console.log(`latchkey migrate: applied ${name}`)
    return 0
  } catch (error) {
    // The reason, not a stack: this is a command people run by hand and in deploy scripts.
    console.error(`latchkey migrate failed: ${error instanceof Error ? error.message : String(error)}`)
    const cause = error instanceof Error ? error.cause : undefined
    if (cause instanceof Error && !(error as Error).message.includes(cause.message)) console.error(`  cause: ${cause.message}`)
    return 1
  } finally {
    await db?.destroy()
  }
}
