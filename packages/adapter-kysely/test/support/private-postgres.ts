/**
 * A PostgreSQL server of its own for one test file: the machine's PostgreSQL
 * binaries, a fresh data directory and a free port. Stopping it (for real:
 * `pg_ctl stop`, the server process exits) cannot disturb the other test
 * files, which run in parallel against the machine's shared server.
 */
import { execFileSync } from "node:child_process"
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "../../../core/test/support/free-port.js"

/** A running private server. */
export interface PrivatePostgres {
  url: string
  stop(): void
  start(): void
  /** Stops the server (if running) and deletes its data directory. */
  dispose(): void
}

/** The bin directory of the machine's PostgreSQL, or undefined when there is none. */
export function postgresBinaries(): string | undefined {
  if (!existsSync("/usr/lib/postgresql")) return undefined
  const [version] = readdirSync("/usr/lib/postgresql").sort().reverse()
  const bin = version && join("/usr/lib/postgresql", version, "bin")
  return bin && existsSync(join(bin, "initdb")) ? bin : undefined
}

/** Initialises and starts a private server (trust auth, user `postgres`, database `postgres`). */
export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-pg-"))
  const asRoot = process.getuid?.() === 0
  // PostgreSQL refuses to run as root: run its tools as the postgres user then.
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? "runuser" : join(bin, tool)
    const argv = asRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args
    execFileSync(command, argv, { stdio: "ignore", timeout: 60_000 })
  }
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()))
  const data = join(dir, "data")
  const port = await freePort()
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`
  let running = false
  const server: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      run("pg_ctl", ["-D", data, "-o", options, "-w", "-t", "30", "start"])
      running = true
    },
    stop() {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"])
      running = false
    },
    dispose() {
      try {
        if (running) server.stop()
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
  server.start()
  return server
}
