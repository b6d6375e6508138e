// The Latchkey demo: a plain node:http server with a credentials provider and
// database sessions in SQLite. Offline, no accounts anywhere: sign in as
// demo@latchkey.dev / latchkey-demo. Run it with `npm start` from the
// repository root.
//
// DATABASE_URL picks another database (a SQLite path, postgres://… or
// mysql://…, as `latchkey migrate` takes); the default is data/demo.sqlite
// next to this file. PORT picks the port (default 3000).
import { createServer } from "node:http"
import { createHash, randomBytes } from "node:crypto"
import { Auth, setEnvDefaults } from "@latchkey/core"
import Credentials from "@latchkey/core/providers/credentials"
import { KyselyAdapter } from "@latchkey/adapter-kysely"
import { toNodeHandler } from "@latchkey/node"
import { activeSessionsOf, DEFAULT_DATABASE, openDatabase, passwordHashOf, seedDemoUser } from "./database.js"
import { verifyPassword } from "./passwords.js"

const port = Number(process.env.PORT ?? 3000)
const origin = `http://localhost:${port}`
const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE

// Sessions live in the database, so they survive a restart whatever the
// secret. The secret signs the CSRF cookie, though: with a new one, a sign-in
// or sign-out form opened before the restart is refused. Set AUTH_SECRET to
// keep those working across restarts.
if (!process.env.AUTH_SECRET) {
  process.env.AUTH_SECRET = randomBytes(33).toString("base64")
  console.log("AUTH_SECRET is not set: using a random secret for this run.")
}

let db
let adapter
try {
  db = await openDatabase(databaseUrl)
  adapter = KyselyAdapter(db)
  await seedDemoUser(db, adapter)
} catch (error) {
  // A clear line, not a stack: a wrong DATABASE_URL is the likely cause.
  console.error(`The demo could not open its database (${describe(databaseUrl)}): ${error?.message ?? error}`)
  await db?.destroy()
  process.exit(1)
}

const config = {
  trustHost: true,
  adapter,
  session: { strategy: "database" },
  providers: [
    Credentials({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email", autocomplete: "username", placeholder: "demo@latchkey.dev" },
        password: { label: "Password", type: "password", autocomplete: "current-password" },
      },
      async authorize({ email, password }) {
        const user = await adapter.getUserByEmail(String(email ?? "").trim().toLowerCase())
        // An unknown email still costs one full hash, so timing does not reveal which exist.
        const ok = await verifyPassword(password, user ? await passwordHashOf(db, user.id) : undefined)
        // Under database sessions the user must be the adapter's, with its id.
        return user && ok ? { id: user.id, name: user.name, email: user.email, image: user.image } : null
      },
    }),
  ],
  callbacks: {
    // The default session plus the user's id, so the home page can list their
    // sessions. Built field by field: `session` is the stored row, and spreading
    // it would publish the token's hash and more at /auth/session.
    session: ({ session, user }) => ({
      user: { id: user.id, name: user.name, email: user.email, image: user.image },
      expires: session.expires,
    }),
  },
}
setEnvDefaults(process.env, config)

/** Where the demo keeps its data, without a password a URL may hold. */
function describe(url) {
  if (/^postgres(ql)?:/i.test(url)) return "PostgreSQL"
  if (/^(mysql|mariadb):/i.test(url)) return "MySQL"
  return `SQLite ${url}`
}

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c])

/** The session token cookie of this request, if any (the __Secure- name is for HTTPS). */
function sessionTokenOf(request) {
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = pair.indexOf("=")
    const name = pair.slice(0, eq).trim()
    if (name === "authjs.session-token" || name === "__Secure-authjs.session-token") return pair.slice(eq + 1).trim()
  }
  return undefined
}

async function sessionsList(request, userId) {
  let sessions
  try {
    sessions = await activeSessionsOf(db, userId)
  } catch (error) {
    return `<p>Your sessions could not be listed: ${escapeHtml(error?.message ?? error)}</p>`
  }
  const token = sessionTokenOf(request)
  // The table holds the SHA-256 of each cookie's token, never the token itself.
  const current = token ? createHash("sha256").update(token).digest("hex") : undefined
  const items = sessions.map(
    ({ tokenHash, expires }) =>
      `<li><code>${escapeHtml(tokenHash.slice(0, 12))}…</code> expires ${escapeHtml(expires.toISOString())}${tokenHash === current ? " <strong>(this browser)</strong>" : ""}</li>`,
  )
  return `<p>Your active sessions in the database (each row keeps the SHA-256 of its cookie, shown shortened):</p><ul>${items.join("")}</ul>`
}

async function homePage(request) {
  const sessionResponse = await Auth(new Request(`${origin}/auth/session`, { headers: request.headers }), config)
  const session = sessionResponse.ok ? await sessionResponse.json() : null
  const body = session
    ? `<p>Signed in as <strong>${escapeHtml(session.user?.name)}</strong> (${escapeHtml(session.user?.email)}).</p>
       <p>Session expires ${escapeHtml(session.expires)}.</p>
       ${await sessionsList(request, session.user.id)}
       <p><a href="/auth/signout">Sign out</a> · <a href="/auth/session">Session JSON</a></p>`
    : `<p>You are not signed in.</p>
       <p><a href="/auth/signin?callbackUrl=/">Sign in</a> with <code>demo@latchkey.dev</code> / <code>latchkey-demo</code>.</p>`
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" })
  // A database session slides on reads: pass on its refreshed cookie.
  for (const cookie of sessionResponse.headers.getSetCookie()) headers.append("Set-Cookie", cookie)
  return new Response(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Latchkey demo</title>
     <style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a}a{color:#0b57d0}</style></head>
     <body><h1>Latchkey demo</h1>${body}</body></html>`,
    { headers },
  )
}

const handler = toNodeHandler((request) => {
  const { pathname } = new URL(request.url)
  if (pathname === "/auth" || pathname.startsWith("/auth/")) return Auth(request, config)
  if (pathname === "/") return homePage(request)
  return new Response("Not found", { status: 404 })
}, { origin })

const server = createServer(handler)
server.listen(port, "localhost", () => {
  console.log(`Database: ${describe(databaseUrl)}`)
  console.log(`Latchkey demo on ${origin} — sign in with demo@latchkey.dev / latchkey-demo`)
})

// Close the database on Ctrl-C or a stop signal, so SQLite folds its WAL back into the file.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close()
    server.closeAllConnections()
    db.destroy().finally(() => process.exit(0))
  })
}
