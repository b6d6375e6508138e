/**
 * Registers the tests of one database family: with SQLite always; with
 * PostgreSQL or MariaDB when the server answers; when it does not, a
 * skipped block (after a loud line) — or, with `CI=true`, a failing test.
 */

import { migrate } from "@latchkey/adapter-kysely"
import { afterEach, beforeEach, describe, it } from "vitest"
import { MYSQL_URL, mustHaveServers, mysqlTarget, POSTGRES_URL, type Probe, postgresTarget, probe, sqliteTarget, type Target } from "./targets.js"

/** The three families, each with how to make a target and where its server is. */
export const families = [
  { label: "SQLite", create: sqliteTarget, url: undefined },
  { label: "PostgreSQL", create: postgresTarget, url: POSTGRES_URL },
  { label: "MariaDB", create: mysqlTarget, url: MYSQL_URL },
] as const

/**
 * For each family, probes its server (top-level await) and calls `register`
 * inside a `describe` named after it, skipped (or failing under CI) when the
 * server is absent.
 */
export async function forEachFamily(
  register: (create: () => Promise<Target>, label: string) => void,
  only?: ReadonlyArray<(typeof families)[number]["label"]>,
): Promise<void> {
  for (const family of families) {
    if (only && !only.includes(family.label)) continue
    const available: Probe = family.url === undefined ? { ok: true } : await probe(family.label, family.url)
    if (available.ok) {
      describe(family.label, () => register(family.create, family.label))
    } else if (mustHaveServers()) {
      describe(family.label, () => {
        it(`${family.label} server is reachable (required with CI=true)`, () => {
          throw new Error(`${family.label} is not reachable: ${available.reason}. Start it with .ci/run.`)
        })
      })
    } else {
      describe.skip(`${family.label} (server not reachable: ${available.reason})`, () => register(family.create, family.label))
    }
  }
}

/**
 * Inside a family's block: a fresh, migrated database for each test
 * (`beforeEach`), disposed after it. Returns a getter for the current one.
 */
export function migratedTargetPerTest(create: () => Promise<Target>): () => Target {
  let target: Target | undefined
  beforeEach(async () => {
    target = await create()
    await migrate(target.db)
  })
  afterEach(async () => {
    await target?.dispose()
    target = undefined
  })
  return () => {
    if (!target) throw new Error("No database: call the getter inside a test.")
    return target
  }
}
