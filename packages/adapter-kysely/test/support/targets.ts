/**
 * The databases the tests run against, each isolated per test file:
 * - SQLite: a fresh file in a temporary directory;
 * - PostgreSQL: a fresh schema in the `test` database (the connections'
 *   `search_path`), dropped afterwards;
 * - MySQL/MariaDB: a fresh database, dropped afterwards.
 *
 * A server that does not answer skips its tests with a loud line, and
 * fails them when `CI=true` (see {@link probe}).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createDatabase, type SqlFamily } from "@latchkey/adapter-kysely"
import { type Kysely, sql } from "kysely"

/** Default URLs of the machine's servers. */
export const POSTGRES_URL = process.env.DATABASE_URL_PG ?? "postgres://postgres@127.0.0.1:5432/test"
export const MYSQL_URL = process.env.DATABASE_URL_MYSQL ?? "mysql://root@127.0.0.1:3306/test"

/** A database for one test file. */
export interface Target {
  family: SqlFamily
  /** A label for test names. */
  label: string
  /** A URL that reaches the same isolated database (for the CLI). */
  url: string
  db: Kysely<any>
  /** Opens another connection pool to the same isolated database. */
  connect(options?: { max?: number }): Promise<Kysely<any>>
  /** Destroys the pools this target opened and drops what it created. */
  dispose(): Promise<void>
}

/** A short random name part. */
export const runId = () => `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`

/** A SQLite file in a fresh temporary directory. */
export async function sqliteTarget(): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-kysely-"))
  const file = join(dir, "auth.sqlite")
  const pools: Kysely<any>[] = []
  const connect = async () => {
    const db = await createDatabase<any>(file)
    pools.push(db)
    return db
  }
  const db = await connect()
  return {
    family: "sqlite",
    label: "SQLite",
    url: file,
    db,
    connect,
    async dispose() {
      for (const pool of pools) await pool.destroy()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A fresh schema in PostgreSQL's `test` database. */
export async function postgresTarget(): Promise<Target> {
  const schema = `latchkey_${runId()}`
  const admin = await createDatabase<any>(POSTGRES_URL, { max: 1 })
  await sql`create schema ${sql.id(schema)}`.execute(admin)
  const pools: Kysely<any>[] = [admin]
  const connect = async (options: { max?: number } = {}) => {
    const db = await createDatabase<any>(POSTGRES_URL, { schema, max: options.max ?? 10 })
    pools.push(db)
    return db
  }
  const db = await connect()
  const url = new URL(POSTGRES_URL)
  url.searchParams.set("options", `-c search_path=${schema}`)
  return {
    family: "postgres",
    label: "PostgreSQL",
    url: url.toString(),
    db,
    connect,
    async dispose() {
      for (const pool of pools.slice(1)) await pool.destroy()
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin)
      await admin.destroy()
    },
  }
}

/** A fresh database on the MySQL/MariaDB server. */
export async function mysqlTarget(): Promise<Target> {
  const name = `latchkey_${runId()}`
  const admin = await createDatabase<any>(MYSQL_URL, { max: 1 })
  await sql`create database ${sql.id(name)} character set utf8mb4`.execute(admin)
  const url = new URL(MYSQL_URL)
  url.pathname = `/${name}`
  const pools: Kysely<any>[] = [admin]
  const connect = async (options: { max?: number } = {}) => {
    const db = await createDatabase<any>(url.toString(), { max: options.max ?? 10 })
    pools.push(db)
    return db
  }
  const db = await connect()
  return {
    family: "mysql",
    label: "MariaDB/MySQL",
    url: url.toString(),
    db,
    connect,
    async dispose() {
      for (const pool of pools.slice(1)) await pool.destroy()
      await sql`drop database if exists ${sql.id(name)}`.execute(admin)
      await admin.destroy()
    },
  }
}

/** Whether a server answers, and the loud line to print when it does not. */
export interface Probe {
  ok: boolean
  reason?: string
}

/**
 * Connects to `url` once. When the server does not answer, prints a loud
 * line; the caller skips its tests, unless `CI=true`, where the caller
 * registers a failing test instead (see {@link requireServer}).
 */
export async function probe(label: string, url: string): Promise<Probe> {
  let db: Kysely<any> | undefined
  try {
    db = await createDatabase<any>(url, { max: 1 })
    await Promise.race([sql`select 1`.execute(db), new Promise((_, reject) => setTimeout(() => reject(new Error("no answer within 5 s")), 5_000).unref())])
    return { ok: true }
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error)
    console.warn(
      `\n${"!".repeat(78)}\n!! ${label} at ${url.replace(/\/\/[^@/]*@/, "//…@")} is not reachable (${reason}).\n` +
        `!! Its tests ${process.env.CI === "true" ? "FAIL, because CI=true" : "are SKIPPED"}. Start it with .ci/run.\n${"!".repeat(78)}\n`,
    )
    return { ok: false, reason }
  } finally {
    await db?.destroy().catch(() => undefined)
  }
}

/** Whether the tests of a server that did not answer must fail rather than skip. */
export const mustHaveServers = () => process.env.CI === "true"
