// The fixture app's whole auth setup. The parity test copies this app and
// rewrites "@latchkey/next" to "next-auth": nothing else may differ.
import { KyselyAdapter } from "@latchkey/adapter-kysely"
import NextAuth from "@latchkey/next"
import Credentials from "@latchkey/next/providers/credentials"
import SQLite from "better-sqlite3"
import { Kysely, SqliteDialect } from "kysely"

const ALICE = { id: "alice-1", name: "Alice", email: "alice@example.test" }

// The local OpenID Provider the test starts, when it passes one.
const openIdProvider = process.env.FIXTURE_OP_ISSUER
  ? [
      {
        id: "op",
        name: "Local OP",
        type: "oidc",
        issuer: process.env.FIXTURE_OP_ISSUER,
        clientId: process.env.FIXTURE_OP_CLIENT_ID,
        clientSecret: process.env.FIXTURE_OP_CLIENT_SECRET,
      },
    ]
  : []

// Database sessions on SQLite when the test passes a (migrated) database file; JWT sessions otherwise.
const databaseFile = process.env.FIXTURE_DATABASE_FILE
const databaseSessions = databaseFile
  ? { adapter: KyselyAdapter(new Kysely({ dialect: new SqliteDialect({ database: new SQLite(databaseFile) }) })), session: { strategy: "database" } }
  : {}

const passwordSignIn = Credentials({
  credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
  authorize(credentials) {
    return credentials?.username === "alice" && credentials?.password === "wonderland" ? ALICE : null
  },
})

export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth({
  ...databaseSessions,
  // Credentials sign-ins need JWT sessions (as in Auth.js).
  providers: [...(databaseFile ? [] : [passwordSignIn]), ...openIdProvider],
  callbacks: {
    // Middleware (proxy.js): /dashboard needs a session; false sends the user to the sign-in page.
    authorized({ auth, request }) {
      if (request.nextUrl.pathname.startsWith("/dashboard")) return !!auth
      return true
    },
    jwt({ token, trigger, session }) {
      if (trigger === "update" && typeof session?.user?.name === "string") token.name = session.user.name
      return token
    },
  },
})
