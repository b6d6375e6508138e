// The demo's database: Auth.js's tables through @latchkey/adapter-kysely, plus
// one table of the demo's own for password hashes, with the demo user in it.
import { mkdirSync } from "node:fs"
import { dirname } from "node:path"
import { fileURLToPath } from "node:url"
import { createDatabase, KyselyAdapter, migrate } from "@latchkey/adapter-kysely"
import { hashPassword } from "./passwords.js"

/** A SQLite file next to the demo, used unless DATABASE_URL names another database. */
export const DEFAULT_DATABASE = fileURLToPath(new URL("./data/demo.sqlite", import.meta.url))

/** The demo user, created on the first start. */
export const DEMO_USER = { name: "Demo User", email: "demo@latchkey.dev", password: "latchkey-demo" }

// The adapter's migrations own the Auth.js tables; a password is not part of
// that schema, so it lives in a table the demo creates and owns. No foreign
// key: "User"."id" is uuid on PostgreSQL and varchar(36) elsewhere, and a key
// must match its type exactly.
const PASSWORD_TABLE = "demo_password"

/** Opens the database named by `url` (a SQLite path, postgres://… or mysql://…), migrated. */
export async function openDatabase(url) {
  if (url === DEFAULT_DATABASE) mkdirSync(dirname(url), { recursive: true })
  const db = await createDatabase(url)
  try {
    await migrate(db)
    await db.schema
      .createTable(PASSWORD_TABLE)
      .ifNotExists()
      .addColumn("user_id", "varchar(36)", (column) => column.primaryKey())
      .addColumn("password_hash", "varchar(255)", (column) => column.notNull())
      .execute()
  } catch (error) {
    await db.destroy()
    throw error
  }
  return db
}

/**
 * Creates the demo user and their password unless they exist: safe on every
 * start, and a start interrupted between the two steps is finished by the next.
 */
export async function seedDemoUser(db, adapter = KyselyAdapter(db)) {
  const user =
    (await adapter.getUserByEmail(DEMO_USER.email)) ??
    (await adapter.createUser({ name: DEMO_USER.name, email: DEMO_USER.email, emailVerified: null, image: null }))
  if (!(await passwordHashOf(db, user.id))) {
    await db.insertInto(PASSWORD_TABLE).values({ user_id: user.id, password_hash: await hashPassword(DEMO_USER.password) }).execute()
  }
  return user
}

/** The stored password hash of a user, or undefined. */
export async function passwordHashOf(db, userId) {
  const row = await db.selectFrom(PASSWORD_TABLE).select("password_hash").where("user_id", "=", userId).executeTakeFirst()
  return row?.password_hash
}

/** A user's sessions that have not expired, latest expiry first. */
export async function activeSessionsOf(db, userId) {
  const rows = await db.selectFrom("Session").select(["sessionToken", "expires"]).where("userId", "=", userId).execute()
  const now = Date.now()
  // Filtered here rather than in SQL: SQLite keeps dates as ISO text, the others as timestamps.
  return rows
    .map((row) => ({ tokenHash: row.sessionToken, expires: new Date(row.expires) }))
    .filter((session) => session.expires.getTime() > now)
    .sort((a, b) => b.expires.getTime() - a.expires.getTime())
}
