/**
 * The adapters core's database-strategy tests run against, so that the same
 * behaviour is checked on more than the memory adapter:
 * - `MemoryAdapter` (core's own);
 * - `KyselyAdapter` on SQLite (packages/adapter-kysely, its TypeScript
 *   sources, imported by path: core itself does not depend on it);
 * - the published `@auth/kysely-adapter` 1.11.2 on SQLite (compat/, outside
 *   the workspaces, with its own copy of kysely), on tables created by
 *   Latchkey's `migrate()` — the adapter an Auth.js app brings along.
 *
 * Each SQLite database is a fresh file in a temporary directory, removed by
 * `close()`.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import SQLite from "better-sqlite3"
// @ts-expect-error compat/ is a plain JS package outside the workspaces, without type declarations here.
import * as publishedKysely from "../../../../compat/kysely-adapter.js"
import { createDatabase, type Database, KyselyAdapter, migrate } from "../../../adapter-kysely/src/index.js"
import type { Adapter } from "../../src/adapters/contract.js"
import { MemoryAdapter } from "../../src/adapters/memory.js"

/** An adapter over a store of its own, and how to release that store. */
export interface OpenedAdapter {
  adapter: Adapter
  close(): Promise<void>
}

/** One adapter the suite runs against. */
export interface SessionAdapter {
  name: string
  open(): Promise<OpenedAdapter>
}

/** A migrated SQLite file in a fresh temporary directory; `use` wraps it in the adapter under test. */
async function onSqlite(use: (file: string, migrated: Awaited<ReturnType<typeof createDatabase<Database>>>) => Promise<OpenedAdapter>): Promise<OpenedAdapter> {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-core-sessions-"))
  const file = join(dir, "auth.sqlite")
  const db = await createDatabase(file)
  try {
    await migrate(db)
    const opened = await use(file, db)
    return {
      adapter: opened.adapter,
      async close() {
        try {
          await opened.close()
          await db.destroy()
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
      },
    }
  } catch (error) {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

export const sessionAdapters: SessionAdapter[] = [
  { name: "MemoryAdapter", open: async () => ({ adapter: MemoryAdapter(), close: async () => {} }) },
  {
    name: "KyselyAdapter on SQLite",
    open: () => onSqlite(async (_file, db) => ({ adapter: KyselyAdapter(db) as Adapter, close: async () => {} })),
  },
  {
    name: "@auth/kysely-adapter 1.11.2 on SQLite",
    open: () =>
      onSqlite(async (file) => {
        const published = new publishedKysely.Kysely({ dialect: new publishedKysely.SqliteDialect({ database: new SQLite(file) }) })
        return { adapter: publishedKysely.KyselyAdapter(published) as Adapter, close: () => published.destroy() }
      }),
  },
]
