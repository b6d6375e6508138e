// The demo's database: Auth.js's tables through @latchkey/adapter-kysely, plus
// two tables of the demo's own: password hashes, and sign-ups waiting for
// their inbox to be confirmed. The sessions' devices are Latchkey's own
// (the Session table's activity columns, listed by GET /auth/sessions). The
// demo user is created on the first start.
import { mkdirSync } from "node:fs"
import { dirname } from "node:path"
import { fileURLToPath } from "node:url"
import { createDatabase, KyselyAdapter, migrate } from "@latchkey/adapter-kysely"
import { hashPassword } from "./passwords.js"

/** A SQLite file in the demo's data folder, used unless DATABASE_URL names another database. */
export const DEFAULT_DATABASE = fileURLToPath(new URL("./data/demo.sqlite", import.meta.url))

/** The demo user, created on the first start. */
export const DEMO_USER = { name: "Demo User", email: "demo@latchkey.dev", password: "latchkey-demo" }

// The adapter's migrations own the Auth.js tables; a password is not part of
// that schema, so it lives in a table the demo creates and owns. No foreign
// key: "User"."id" is uuid on PostgreSQL and varchar(36) elsewhere, and a key
// must match its type exactly.
const PASSWORD_TABLE = "demo_password"
// A sign-up before its address is confirmed: keyed by the link's public half
// (`id`), holding only the SHA-256 of its secret half, so the table never
// holds a usable link.
const SIGN_UP_TABLE = "demo_pending_signup"

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
    await db.schema
      .createTable(SIGN_UP_TABLE)
      .ifNotExists()
      .addColumn("id", "varchar(32)", (column) => column.primaryKey())
      .addColumn("secret_hash", "varchar(64)", (column) => column.notNull())
      .addColumn("email", "varchar(255)", (column) => column.notNull())
      .addColumn("name", "varchar(100)")
      .addColumn("password_hash", "varchar(255)", (column) => column.notNull())
      .addColumn("expires", "varchar(32)", (column) => column.notNull())
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
 * The address counts as verified (its mail reaches the demo's own mailbox), so
 * the demo user can also sign in by email; a data folder from before gets that
 * on its next start.
 */
export async function seedDemoUser(db, adapter = KyselyAdapter(db)) {
  let user =
    (await adapter.getUserByEmail(DEMO_USER.email)) ??
    (await adapter.createUser({ name: DEMO_USER.name, email: DEMO_USER.email, emailVerified: new Date(), image: null }))
  if (!user.emailVerified) user = await adapter.updateUser({ id: user.id, emailVerified: new Date() })
  if (!(await passwordHashOf(db, user.id))) {
    await db
      .insertInto(PASSWORD_TABLE)
      .values({ user_id: user.id, password_hash: await hashPassword(DEMO_USER.password) })
      .execute()
  }
  return user
}

/** The stored password hash of a user, or undefined. */
export async function passwordHashOf(db, userId) {
  const row = await db.selectFrom(PASSWORD_TABLE).select("password_hash").where("user_id", "=", userId).executeTakeFirst()
  return row?.password_hash
}

/** Stores (or replaces) a user's password hash: sign-up, and "add a password" after another sign-in. */
export async function setPasswordHash(db, userId, passwordHash) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom(PASSWORD_TABLE).where("user_id", "=", userId).execute()
    await trx.insertInto(PASSWORD_TABLE).values({ user_id: userId, password_hash: passwordHash }).execute()
  })
}

/**
 * Keeps a sign-up until its link is used: `{ id, secretHash, email, name,
 * passwordHash, expires }` (`expires` a Date). Expired ones are dropped first.
 */
export async function savePendingSignUp(db, pending) {
  await db.deleteFrom(SIGN_UP_TABLE).where("expires", "<", new Date().toISOString()).execute()
  await db
    .insertInto(SIGN_UP_TABLE)
    .values({
      id: pending.id,
      secret_hash: pending.secretHash,
      email: pending.email,
      name: pending.name,
      password_hash: pending.passwordHash,
      expires: pending.expires.toISOString(),
    })
    .execute()
}

/** The pending sign-up with this id, `{ id, secretHash, email, name, passwordHash, expires }`, or undefined. */
export async function pendingSignUp(db, id) {
  const row = await db.selectFrom(SIGN_UP_TABLE).selectAll().where("id", "=", id).executeTakeFirst()
  if (!row) return undefined
  return { id: row.id, secretHash: row.secret_hash, email: row.email, name: row.name, passwordHash: row.password_hash, expires: new Date(row.expires) }
}

/**
 * Deletes a pending sign-up; true only for the one caller whose delete
 * removed the row, so of many parallel uses of one link exactly one wins.
 */
export async function spendPendingSignUp(db, id) {
  const result = await db.deleteFrom(SIGN_UP_TABLE).where("id", "=", id).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/** The OAuth/OIDC and email accounts linked to a user: `{ provider, type, providerAccountId }`. */
export function linkedAccountsOf(db, userId) {
  return db.selectFrom("Account").select(["provider", "type", "providerAccountId"]).where("userId", "=", userId).execute()
}

/** A user's passkeys: `{ credentialID, deviceType, backedUp }`. */
export async function passkeysOf(db, userId) {
  const rows = await db
    .selectFrom("Authenticator")
    .select(["credentialID", "credentialDeviceType", "credentialBackedUp"])
    .where("userId", "=", userId)
    .execute()
  return rows.map((row) => ({ credentialID: row.credentialID, deviceType: row.credentialDeviceType, backedUp: Boolean(row.credentialBackedUp) }))
}
