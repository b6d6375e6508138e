// One cold start of the benchmark's cold-start row, run by cold-start-rows.js as a fresh
// `node` process (spawned, not forked: no IPC channel to set up, as a plain app would start):
//
//   node cold-start.js latchkey|authjs
//
// Imports the library the way an app does (@latchkey/core from the workspace's built dist;
// @auth/core 0.41.3 from compat/node_modules), plus its Credentials provider, creates the
// benchmark's configuration and answers ONE GET /auth/session with the valid JWT session cookie
// in BENCH_COOKIE. Prints "ok" when the answer is the session, or why not, and exits. The
// parent times the whole process, from spawn to exit, and subtracts a bare `node -e ""`.

import { fileURLToPath } from "node:url"

const side = process.argv[2]
const here = (path) => fileURLToPath(new URL(path, import.meta.url))

async function load() {
  if (side === "latchkey") {
    const [core, credentials] = await Promise.all([import("@latchkey/core"), import("@latchkey/core/providers/credentials")])
    return { Auth: core.Auth, Credentials: credentials.default }
  }
  if (side === "authjs") {
    const [core, credentials] = await Promise.all([
      import(here("../compat/node_modules/@auth/core/index.js")),
      import(here("../compat/node_modules/@auth/core/providers/credentials.js")),
    ])
    return { Auth: core.Auth, Credentials: credentials.default }
  }
  throw new Error(`unknown library "${side}"`)
}

try {
  const { Auth, Credentials } = await load()
  const config = {
    secret: process.env.BENCH_SECRET,
    trustHost: true,
    basePath: "/auth",
    providers: [Credentials({ credentials: {}, authorize: () => null })],
  }
  const response = await Auth(new Request(process.env.BENCH_URL, { headers: { cookie: process.env.BENCH_COOKIE } }), config)
  const text = await response.text()
  const email = response.status === 200 ? JSON.parse(text)?.user?.email : undefined
  if (email !== process.env.BENCH_EMAIL) {
    process.stdout.write(`not the session: status ${response.status}, body ${text.slice(0, 300)}`)
    process.exitCode = 1
  } else {
    process.stdout.write("ok")
  }
} catch (error) {
  process.stdout.write(String(error?.stack ?? error))
  process.exitCode = 1
}
