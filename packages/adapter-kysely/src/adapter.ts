/**
 * `KyselyAdapter(db)`: the 19 adapter operations over Kysely, on SQLite,
 * PostgreSQL and MySQL/MariaDB, against Auth.js's tables.
 *
 * What it guarantees beyond `@auth/kysely-adapter` (each checked by
 * `@latchkey/adapter-test`):
 * - every lookup is exact: on MySQL a `CAST(… AS BINARY)` comparison is
 *   added, so a case-, accent- or trailing-space-insensitive collation of an
 *   existing database cannot match someone else's key;
 * - a key that cannot be in the column (a non-UUID against a PostgreSQL
 *   `uuid` column, a NUL character) reads as "not found", not as a driver error;
 * - `useVerificationToken` is single use under concurrency (DELETE …
 *   RETURNING; on MySQL, only the caller whose DELETE removed the row gets it);
 * - `deleteUser` removes the user's sessions, accounts and authenticators
 *   itself, in one transaction, so it holds even where foreign keys are off;
 * - the authenticator counter never goes backwards;
 * - `linkAccount` stores the token-response fields the `Account` table has
 *   columns for and leaves out the others (`expires_in`, GitHub's
 *   `refresh_token_expires_in`, …) instead of failing the sign-in;
 * - refused writes throw a {@link KyselyAdapterError} that says why.
 *
 * @module adapter
 */

import type {
  AccountTokenUpdate,
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  AuthenticatorBackupStateUpdate,
  ProviderSessionDeletion,
  SessionListing,
  VerificationToken,
} from "@latchkey/core/adapters"
import { type Kysely, type RawBuilder, sql } from "kysely"
import { type ColumnTypes, tableColumns } from "./columns.js"
import { type SqlFamily, sqlFamily } from "./dialect.js"
import { isUnmatchableKey, KyselyAdapterError, missingTable, refusal } from "./errors.js"
import { type Database, sessionColumns, type TableName } from "./schema.js"
import { fromRow, type ReadTypes, readTypes, toRow } from "./values.js"

/** What the adapter learns about the tables on first use. */
interface TableInfo {
  /** Column names, or undefined when the tables could not be seen (then all fields are written). */
  columns: ReadonlySet<string> | undefined
  /** The table does not exist (an Auth.js database that was never migrated has no `Authenticator`). */
  missing: boolean
  read: ReadTypes
}

type Tables = Record<TableName, TableInfo>

const tableNames: readonly TableName[] = ["User", "Account", "Session", "VerificationToken", "Authenticator"]

/** The optional `AdapterSession` fields of Latchkey's session listing (migration 0005). */
const SESSION_ACTIVITY_FIELDS = ["createdAt", "lastSeenAt", "userAgent", "provider"] as const

/** Prefix of the session columns in `getSessionAndUser`'s joined row. */
const SESSION_PREFIX = "latchkey_session__"

/** Options of {@link KyselyAdapter}. */
export interface KyselyAdapterOptions {
  /**
   * PostgreSQL and MySQL: the schema (MySQL: database) the tables are in,
   * when it is not the connection's default — the same option as
   * `@auth/kysely-adapter`'s. Migrate with `migrate(db, { schema })`.
   * Default: the connection's.
   */
  schemaName?: string
}

/**
 * What {@link KyselyAdapter} returns: every operation of the contract,
 * none optional, plus Latchkey's `updateAuthenticatorBackupState` (the
 * passkey backup state, docs/providers/passkey.md),
 * `deleteSessionsByProviderSession` (federated sign-out, docs/sessions.md; the
 * columns of migration 0006), `updateAccount` / `listAccountsByUserId`
 * (access-token refresh, docs/sessions.md) and the session-listing extension
 * (`listSessionsByUserId`, `deleteSessionsByUserId`; the columns of migration
 * 0005), so `adapter.getUserByEmail(email)` needs no `!`. Still an
 * `Adapter`, so it goes wherever one does.
 */
export type KyselyAdapterInstance = Required<Adapter> &
  Required<AuthenticatorBackupStateUpdate> &
  Required<ProviderSessionDeletion> &
  Required<AccountTokenUpdate> &
  Required<SessionListing>

/**
 * Creates the adapter over `db`, a Kysely instance with a SQLite
 * (better-sqlite3), PostgreSQL (pg) or MySQL/MariaDB (mysql2) dialect —
 * the same call as `@auth/kysely-adapter`'s. Run {@link migrate} (or
 * `latchkey migrate`) once to create the tables; an existing Auth.js
 * database works as it is.
 *
 * @example
 * ```ts
 * import { Kysely, SqliteDialect } from "kysely"
 * import SQLite from "better-sqlite3"
 * import { KyselyAdapter, migrate } from "@latchkey/adapter-kysely"
 *
 * const db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite("auth.sqlite") }) })
 * await migrate(db)
 * export const adapter = KyselyAdapter(db)
 * ```
 */
export function KyselyAdapter(db: Kysely<Database> | Kysely<any>, options: KyselyAdapterOptions = {}): KyselyAdapterInstance {
  const { schemaName } = options
  const kysely = schemaName === undefined ? (db as Kysely<any>) : (db as Kysely<any>).withSchema(schemaName)
  const family: SqlFamily = sqlFamily(kysely)
  const returning = kysely.getExecutor().adapter.supportsReturning

  // Learned once per adapter, on first use; learned again on the next call
  // if it fails (e.g. the database was down) or if the tables do not exist
  // yet (an app started before `latchkey migrate`), so that migrating
  // while the app runs needs no restart.
  let tables: Promise<Tables> | undefined
  const info = (): Promise<Tables> => {
    tables ??= learnTables(kysely, family, schemaName).then(
      async (learned) => {
        if (learned.User.columns === undefined && (await userTableMissing(kysely, family))) tables = undefined
        return learned
      },
      (error: unknown) => {
        tables = undefined
        throw error
      },
    )
    return tables
  }

  /** `column = value`, and on MySQL also byte-for-byte equal, whatever the column's collation. */
  const exact = (column: string, value: string): RawBuilder<boolean> =>
    family === "mysql"
      ? sql<boolean>`(${sql.ref(column)} = ${value} and cast(${sql.ref(column)} as binary) = cast(${value} as binary))`
      : sql<boolean>`${sql.ref(column)} = ${value}`

  /** Runs a lookup; a key that cannot be in the column means "not found". */
  const lookup = async <T>(notFound: T, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      if (isUnmatchableKey(family, error)) return notFound
      throw error
    }
  }

  /** Runs a write; a refusal becomes a {@link KyselyAdapterError}. */
  const write = async <T>(operation: string, table: TableName, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      throw refusal(family, operation, table, error)
    }
  }

  const read = async <T>(table: TableName, row: Record<string, unknown> | undefined): Promise<T | null> =>
    row ? fromRow<T>(row, (await info())[table].read) : null

  const selectUser = (where: RawBuilder<boolean>) => kysely.selectFrom("User").selectAll().where(where)

  /**
   * `record` without the session-activity fields whose columns this
   * database lacks (migration 0005 not run yet): core hands them to every
   * adapter with `listSessionsByUserId`, and an unmigrated table must keep
   * signing people in. When the columns cannot be seen, everything is written.
   */
  const withoutMissingActivity = async <T extends object>(record: T): Promise<T> => {
    const columns = (await info()).Session.columns
    if (columns === undefined) return record
    const kept = { ...record } as Record<string, unknown>
    for (const field of SESSION_ACTIVITY_FIELDS) if (field in kept && !columns.has(field)) delete kept[field]
    return kept as T
  }

  return explainMissingTables(family, {
    async createUser(user) {
      const record = { ...user, id: crypto.randomUUID() } as AdapterUser
      await write("createUser", "User", () => kysely.insertInto("User").values(toRow(family, record)).execute())
      return record
    },

    getUser: (id) => lookup(null, async () => read<AdapterUser>("User", await selectUser(exact("id", id)).executeTakeFirst())),

    getUserByEmail: (email) => lookup(null, async () => read<AdapterUser>("User", await selectUser(exact("email", email)).executeTakeFirst())),

    getUserByAccount: ({ provider, providerAccountId }) =>
      lookup(null, async () => {
        const row = await kysely
          .selectFrom("User")
          .innerJoin("Account", "User.id", "Account.userId")
          .selectAll("User")
          .where(exact("Account.provider", provider))
          .where(exact("Account.providerAccountId", providerAccountId))
          .executeTakeFirst()
        return read<AdapterUser>("User", row)
      }),

    async updateUser({ id, ...changes }) {
      const values = toRow(family, changes)
      const row = await write("updateUser", "User", async () => {
        if (Object.keys(values).length > 0) {
          const update = kysely.updateTable("User").set(values).where(exact("id", id))
          if (returning) return update.returningAll().executeTakeFirst()
          await update.execute()
        }
        return selectUser(exact("id", id)).executeTakeFirst()
      })
      if (!row) throw new KyselyAdapterError("updateUser", "User", "not_found")
      return (await read<AdapterUser>("User", row))!
    },

    async deleteUser(userId) {
      const known = await info()
      await lookup(undefined, () =>
        kysely.transaction().execute(async (trx) => {
          // Children first: the cascade holds even where foreign keys are not enforced.
          for (const child of ["Authenticator", "Session", "Account"] as const) {
            if (known[child].missing) continue
            await trx.deleteFrom(child).where(exact("userId", userId)).execute()
          }
          await trx.deleteFrom("User").where(exact("id", userId)).execute()
        }),
      )
    },

    async linkAccount(account) {
      const { columns } = (await info()).Account
      const stored: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(account)) {
        // Token-response fields without a column are not stored (see module doc).
        if (!columns || columns.has(key)) stored[key] = value
      }
      await write("linkAccount", "Account", () => kysely.insertInto("Account").values(toRow(family, stored)).execute())
      return stored as unknown as AdapterAccount
    },

    async unlinkAccount({ provider, providerAccountId }) {
      await lookup(undefined, () =>
        kysely.deleteFrom("Account").where(exact("provider", provider)).where(exact("providerAccountId", providerAccountId)).execute(),
      )
    },

    getAccount: (providerAccountId, provider) =>
      lookup(null, async () => {
        const row = await kysely
          .selectFrom("Account")
          .selectAll()
          .where(exact("provider", provider))
          .where(exact("providerAccountId", providerAccountId))
          .executeTakeFirst()
        return read<AdapterAccount>("Account", row)
      }),

    async updateAccount({ provider, providerAccountId, ...changes }) {
      const { columns } = (await info()).Account
      const fields: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(changes)) {
        // As linkAccount: fields without a column are left out; the identifying columns never change.
        if (value !== undefined && key !== "userId" && key !== "type" && (!columns || columns.has(key))) fields[key] = value
      }
      const values = toRow(family, fields)
      const where = (query: any) => query.where(exact("provider", provider)).where(exact("providerAccountId", providerAccountId))
      const row = await write("updateAccount", "Account", () =>
        lookup(undefined, async () => {
          if (Object.keys(values).length > 0) {
            const update = where(kysely.updateTable("Account").set(values))
            if (returning) return update.returningAll().executeTakeFirst()
            await update.execute()
          }
          return where(kysely.selectFrom("Account").selectAll()).executeTakeFirst()
        }),
      )
      if (!row) throw new KyselyAdapterError("updateAccount", "Account", "not_found")
      return (await read<AdapterAccount>("Account", row))!
    },

    listAccountsByUserId: (userId) =>
      lookup([] as AdapterAccount[], async () => {
        const rows = await kysely.selectFrom("Account").selectAll().where(exact("userId", userId)).execute()
        const { read: types } = (await info()).Account
        return rows.map((row) => fromRow<AdapterAccount>(row, types))
      }),

    async createSession(session) {
      const values = toRow(family, await withoutMissingActivity(session))
      await write("createSession", "Session", () => kysely.insertInto("Session").values(values).execute())
      return { ...session }
    },

    getSessionAndUser: (sessionToken) =>
      lookup(null, async () => {
        const known = await info()
        const columns = known.Session.columns ? [...known.Session.columns] : [...sessionColumns]
        const row = await kysely
          .selectFrom("Session")
          .innerJoin("User", "User.id", "Session.userId")
          .selectAll("User")
          .select(columns.map((column) => sql.ref(`Session.${column}`).as(`${SESSION_PREFIX}${column}`)))
          .where(exact("Session.sessionToken", sessionToken))
          .executeTakeFirst()
        if (!row) return null
        const user: Record<string, unknown> = {}
        const session: Record<string, unknown> = {}
        for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
          if (key.startsWith(SESSION_PREFIX)) session[key.slice(SESSION_PREFIX.length)] = value
          else user[key] = value
        }
        return { session: fromRow<AdapterSession>(session, known.Session.read), user: fromRow<AdapterUser>(user, known.User.read) }
      }),

    async updateSession({ sessionToken, ...changes }) {
      const values = toRow(family, await withoutMissingActivity(changes))
      const row = await write("updateSession", "Session", () =>
        lookup(undefined, async () => {
          if (Object.keys(values).length > 0) {
            const update = kysely.updateTable("Session").set(values).where(exact("sessionToken", sessionToken))
            if (returning) return update.returningAll().executeTakeFirst()
            await update.execute()
          }
          return kysely.selectFrom("Session").selectAll().where(exact("sessionToken", sessionToken)).executeTakeFirst()
        }),
      )
      return read<AdapterSession>("Session", row)
    },

    deleteSession: (sessionToken) =>
      lookup(null, async () => {
        const remove = kysely.deleteFrom("Session").where(exact("sessionToken", sessionToken))
        if (returning) return read<AdapterSession>("Session", await remove.returningAll().executeTakeFirst())
        const row = await kysely.selectFrom("Session").selectAll().where(exact("sessionToken", sessionToken)).executeTakeFirst()
        const { numDeletedRows } = await remove.executeTakeFirst()
        return numDeletedRows > 0n ? read<AdapterSession>("Session", row) : null
      }),

    deleteSessionsByProviderSession: async ({ providerSessionId, providerSubject }) => {
      if (providerSessionId === undefined && providerSubject === undefined) return []
      const matches = (): RawBuilder<boolean> => {
        if (providerSessionId !== undefined && providerSubject !== undefined) {
          return sql<boolean>`(${exact("providerSessionId", providerSessionId)} and ${exact("providerSubject", providerSubject)})`
        }
        return providerSessionId !== undefined ? exact("providerSessionId", providerSessionId) : exact("providerSubject", providerSubject!)
      }
      const rows = await write("deleteSessionsByProviderSession", "Session", async () => {
        if (returning) return kysely.deleteFrom("Session").where(matches()).returningAll().execute()
        // No RETURNING (MySQL): read, then delete exactly the rows read, by their token.
        const found = await kysely.selectFrom("Session").selectAll().where(matches()).execute()
        const deleted = []
        for (const row of found) {
          const { numDeletedRows } = await kysely.deleteFrom("Session").where(exact("sessionToken", row.sessionToken)).executeTakeFirst()
          if (numDeletedRows > 0n) deleted.push(row)
        }
        return deleted
      })
      const sessions = await Promise.all(rows.map((row) => read<AdapterSession>("Session", row as Record<string, unknown>)))
      return sessions.filter((session): session is AdapterSession => session !== null)
    },

    listSessionsByUserId: (userId) =>
      lookup([], async () => {
        const rows = await kysely.selectFrom("Session").selectAll().where(exact("userId", userId)).execute()
        const { read: types } = (await info()).Session
        return rows.map((row) => fromRow<AdapterSession>(row as Record<string, unknown>, types))
      }),

    deleteSessionsByUserId: (userId) =>
      lookup(0, async () => {
        const { numDeletedRows } = await kysely.deleteFrom("Session").where(exact("userId", userId)).executeTakeFirst()
        return Number(numDeletedRows)
      }),

    async createVerificationToken(verificationToken) {
      await write("createVerificationToken", "VerificationToken", () =>
        kysely.insertInto("VerificationToken").values(toRow(family, verificationToken)).execute(),
      )
      return { ...verificationToken }
    },

    useVerificationToken: ({ identifier, token }) =>
      lookup(null, async () => {
        const key = sql<boolean>`(${exact("identifier", identifier)} and ${exact("token", token)})`
        const remove = kysely.deleteFrom("VerificationToken").where(key)
        if (returning) return read<VerificationToken>("VerificationToken", await remove.returningAll().executeTakeFirst())
        // No RETURNING: read, then delete; of concurrent callers only the one
        // whose DELETE removed the row gets the token.
        const row = await kysely.selectFrom("VerificationToken").selectAll().where(key).executeTakeFirst()
        if (!row) return null
        const { numDeletedRows } = await remove.executeTakeFirst()
        return numDeletedRows > 0n ? read<VerificationToken>("VerificationToken", row) : null
      }),

    async createAuthenticator(authenticator) {
      await write("createAuthenticator", "Authenticator", () => kysely.insertInto("Authenticator").values(toRow(family, authenticator)).execute())
      return { ...authenticator }
    },

    getAuthenticator: (credentialID) =>
      lookup(null, async () => {
        const row = await kysely.selectFrom("Authenticator").selectAll().where(exact("credentialID", credentialID)).executeTakeFirst()
        return read<AdapterAuthenticator>("Authenticator", row)
      }),

    listAuthenticatorsByUserId: (userId) =>
      lookup([] as AdapterAuthenticator[], async () => {
        const rows = await kysely.selectFrom("Authenticator").selectAll().where(exact("userId", userId)).execute()
        const { read: types } = (await info()).Authenticator
        return rows.map((row) => fromRow<AdapterAuthenticator>(row, types))
      }),

    async updateAuthenticatorCounter(credentialID, newCounter) {
      const row = await write("updateAuthenticatorCounter", "Authenticator", () =>
        lookup(undefined, async () => {
          // Never backwards: of racing sign-ins, the highest counter stays.
          const update = kysely
            .updateTable("Authenticator")
            .set({ counter: sql`case when ${sql.ref("counter")} < ${newCounter} then ${newCounter} else ${sql.ref("counter")} end` })
            .where(exact("credentialID", credentialID))
          if (returning) return update.returningAll().executeTakeFirst()
          await update.execute()
          return kysely.selectFrom("Authenticator").selectAll().where(exact("credentialID", credentialID)).executeTakeFirst()
        }),
      )
      if (!row) throw new KyselyAdapterError("updateAuthenticatorCounter", "Authenticator", "not_found")
      return (await read<AdapterAuthenticator>("Authenticator", row))!
    },

    async updateAuthenticatorBackupState(credentialID, state) {
      const values = toRow(family, { credentialBackedUp: state.credentialBackedUp, credentialDeviceType: state.credentialDeviceType })
      const row = await write("updateAuthenticatorBackupState", "Authenticator", () =>
        lookup(undefined, async () => {
          const update = kysely.updateTable("Authenticator").set(values).where(exact("credentialID", credentialID))
          if (returning) return update.returningAll().executeTakeFirst()
          await update.execute()
          return kysely.selectFrom("Authenticator").selectAll().where(exact("credentialID", credentialID)).executeTakeFirst()
        }),
      )
      if (!row) throw new KyselyAdapterError("updateAuthenticatorBackupState", "Authenticator", "not_found")
      return (await read<AdapterAuthenticator>("Authenticator", row))!
    },
  })
}

/**
 * Each operation of `adapter`, with a missing table (a database that was
 * never migrated) reported as a {@link KyselyAdapterError} with reason
 * `schema_missing`, whose message says to run `latchkey migrate`, instead of
 * the driver's "no such table".
 */
function explainMissingTables(family: SqlFamily, adapter: KyselyAdapterInstance): KyselyAdapterInstance {
  const explained: Record<string, (...args: never[]) => Promise<unknown>> = {}
  for (const [operation, method] of Object.entries(adapter) as Array<[string, (...args: unknown[]) => unknown]>) {
    explained[operation] = async (...args: unknown[]) => {
      try {
        return await method(...args)
      } catch (error) {
        const table = missingTable(family, error instanceof KyselyAdapterError ? error.cause : error)
        if (table === undefined) throw error
        throw new KyselyAdapterError(operation, table, "schema_missing", { cause: error instanceof KyselyAdapterError ? error.cause : error })
      }
    }
  }
  return explained as unknown as KyselyAdapterInstance
}

/**
 * Whether an unqualified `User` does not resolve: the tables are not merely
 * somewhere the catalog query did not look (`db.withSchema()`), they do not
 * exist.
 */
async function userTableMissing(db: Kysely<any>, family: SqlFamily): Promise<boolean> {
  try {
    await db.selectFrom("User").select(sql<number>`1`.as("one")).where(sql<boolean>`1 = 0`).execute()
    return false
  } catch (error) {
    if (missingTable(family, error) !== undefined) return true
    throw error
  }
}

/** Looks at each table once: its columns, and their declared types (which mark dates, booleans and numbers). */
async function learnTables(db: Kysely<any>, family: SqlFamily, schema: string | undefined): Promise<Tables> {
  const declared = await Promise.all(tableNames.map((table) => tableColumns(db, family, table, schema)))
  // Nothing visible at all means the tables live elsewhere (`db.withSchema()`,
  // another search_path): then nothing is known, and every field is written.
  const visible = declared.some((columns) => columns.size > 0)
  const entries = tableNames.map((table, index): [TableName, TableInfo] => {
    const columns: ColumnTypes = declared[index]!
    return [
      table,
      {
        columns: visible && columns.size > 0 ? new Set(columns.keys()) : undefined,
        missing: visible && columns.size === 0,
        read: readTypes(family, table, columns),
      },
    ]
  })
  return Object.fromEntries(entries) as Tables
}
