// The Latchkey demo: every sign-in method, offline, with no account anywhere.
// Run it with `npm start` from the repository root (docs/demo.md).
//
//   PORT            the demo's port (default 3000)
//   SMTP_PORT       the embedded SMTP server's port (default PORT + 2)
//   LOCAL_OIDC_PORT the Local OIDC provider's port (default PORT + 1)
//   DATABASE_URL    a SQLite path, postgres://… or mysql://… (default data/demo.sqlite)
//   DEMO_DATA_DIR   the data folder (default examples/demo/data/)
//   AUTH_SECRET     overrides the secret kept in the data folder
import { createServer } from "node:http"
import { join } from "node:path"
import { KyselyAdapter } from "@latchkey/adapter-kysely"
import { setEnvDefaults } from "@latchkey/core"
import { toNodeHandler } from "@latchkey/node"
import { browserBundles } from "./browser-bundle.js"
import { dataFolder, persistentSecret } from "./data-folder.js"
import { openDatabase, seedDemoUser } from "./database.js"

import { demoPorts, exitUnlessPortsFree, listenOrExplain } from "./listen.js"

import { startDemoLocalOidc } from "./local-oidc-seam.js"
import { startMailbox } from "./mailbox.js"
import { demoProviders } from "./providers.js"
import { demoRoutes } from "./routes.js"

/** Where the demo keeps its data, without a password a URL may hold. */
function describe(url) {
  if (/^postgres(ql)?:/i.test(url)) return "PostgreSQL"
  if (/^(mysql|mariadb):/i.test(url)) return "MySQL"
  return `SQLite ${url}`
}

/** Starts everything; resolves to a `stop()` that closes it all. Exits with one line on a known failure. */
async function main(env = process.env) {
  const ports = demoPorts(env)
  const { port } = ports
  const origin = `http://localhost:${port}`
  // All three checked before anything starts, so one line can name every taken port.
  await exitUnlessPortsFree(ports, env)
  const folder = dataFolder(env)
  const { secret, source } = persistentSecret(folder, env)
  const databaseUrl = env.DATABASE_URL || join(folder, "demo.sqlite")
  const closers = []
  const stop = async () => {
    for (const close of closers.reverse()) await close().catch(() => {})
  }

  let db
  try {
    db = await openDatabase(databaseUrl)
  } catch (error) {
    // A clear line, not a stack: a wrong DATABASE_URL is the likely cause.
    console.error(`The demo could not open its database (${describe(databaseUrl)}): ${error?.message ?? error}`)
    process.exit(1)
  }
  closers.push(() => db.destroy())
  const adapter = KyselyAdapter(db)
  await seedDemoUser(db, adapter)

  const mailbox = await listenOrExplain(() => startMailbox({ port: ports.smtpPort }), "smtpPort", ports, stop, env)
  closers.push(() => mailbox.close())

  const localOidc = await listenOrExplain(() => startDemoLocalOidc({ port: ports.oidcPort, dataDir: folder, demoOrigin: origin }), "oidcPort", ports, stop, env)
  closers.push(() => localOidc.close())

  const config = {
    secret,
    trustHost: true,
    adapter,
    session: { strategy: "database" },
    providers: demoProviders({ db, adapter, smtpPort: mailbox.port, localOidc, env }),
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
  setEnvDefaults(env, config)

  const context = { config, db, adapter, origin, mailbox, localOidc, scripts: await browserBundles() }
  const server = createServer(toNodeHandler(demoRoutes(context), { origin }))
  await listenOrExplain(
    () =>
      new Promise((resolve, reject) => {
        server.once("error", reject)
        server.listen(port, "localhost", () => resolve(server))
      }),
    "port",
    ports,
    stop,
    env,
  )
  closers.push(
    () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  )

  console.log(`Database: ${describe(databaseUrl)} · secret: ${source === "AUTH_SECRET" ? "AUTH_SECRET" : source} · mailbox SMTP on 127.0.0.1:${mailbox.port}`)
  console.log(`Local OIDC on ${localOidc.issuer}`)
  console.log(`Latchkey demo on ${origin} — sign in with demo@latchkey.dev / latchkey-demo`)
  return stop
}

/**
 * Ctrl-C or a stop signal: close the servers and the database (SQLite folds
 * its WAL back into the file), then exit. Ctrl-C in a terminal reaches both
 * npm and the demo, and npm forwards it once more: the repeats are ignored
 * while the first one closes everything.
 */
function stopOnSignals(stop) {
  let stopping = false
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      stop().finally(() => process.exit(0))
    })
  }
}

stopOnSignals(await main())
