// The in-process measurement for one library, run by run.js in its own child process so each
// library starts from a fresh heap and JIT state and neither pays for the other's garbage.
//
//   node inprocess.js latchkey|authjs [one|many]
//
// Calls Auth(new Request(url, { headers: { cookie } }), config) with BENCH_CONCURRENCY calls in
// flight: BENCH_WARMUP seconds unmeasured, then BENCH_DURATION seconds measured. The Request is
// built inside the loop and the Response body is read, on both sides.
//
//   one   every request sends the same cookie, BENCH_COOKIE (user BENCH_EMAIL): the one-user case,
//         which Latchkey answers from its memory of opened tokens after the first request
//   many  the requests go round the distinct users of BENCH_USERS_FILE (one "email<TAB>cookie"
//         line per user, minted by run.js): far more users than that memory holds
//
// Every answer is checked (status 200 and a body that names the cookie's user); failures are
// counted and the first one reported. Sends { type: "result", ... } over IPC.

import { readFileSync } from "node:fs"
import { loadLibrary, makeConfig } from "./implementations.js"

const side = process.argv[2]
const env = (name) => {
  const value = process.env[name]
  if (value === undefined) throw new Error(`${name} is not set`)
  return value
}

/** The users the requests go round: [{ cookie, quoted }], `quoted` the user's email as it appears in JSON. */
function usersOf(variant) {
  const user = (email, cookie) => ({ cookie, quoted: JSON.stringify(email) })
  if (variant === "one") return [user(env("BENCH_EMAIL"), env("BENCH_COOKIE"))]
  if (variant !== "many") throw new Error(`unknown variant "${variant}"`)
  return readFileSync(env("BENCH_USERS_FILE"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [email, cookie] = line.split("\t")
      return user(email, cookie)
    })
}

async function run(Auth, config, url, users, concurrency, seconds) {
  let requests = 0
  let failures = 0
  let firstFailure = null
  let next = 0
  const deadline = performance.now() + seconds * 1000

  async function lane() {
    while (performance.now() < deadline) {
      const user = users[next]
      next = next + 1 === users.length ? 0 : next + 1
      const response = await Auth(new Request(url, { headers: { cookie: user.cookie } }), config)
      const text = await response.text()
      requests++
      if (response.status !== 200 || !text.includes(user.quoted)) {
        failures++
        firstFailure ??= { status: response.status, body: text.slice(0, 500) }
      }
    }
  }

  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, lane))
  const elapsed = (performance.now() - started) / 1000
  return { requests, seconds: elapsed, rps: requests / elapsed, failures, firstFailure }
}

try {
  const { Auth, Credentials, label } = await loadLibrary(side)
  const config = makeConfig(Credentials, env("BENCH_SECRET"))
  // The revocation rows (revocation-rows.js): the store the list lives in, and how stale it may be.
  const revocation = process.env.BENCH_REVOCATION
  if (revocation === "redis" || revocation === "redis-2s") {
    const [{ RedisStore }, { Redis }] = await Promise.all([import("@latchkey/adapter-redis"), import("ioredis")])
    config.store = new RedisStore(new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379"), { prefix: "latchkey-bench-revocation:" })
    if (revocation === "redis-2s") config.session = { ...config.session, revocationCheckInterval: 2 }
  }
  const url = env("BENCH_URL")
  const variant = process.argv[3] ?? "one"
  const list = usersOf(variant)
  const concurrency = Number(env("BENCH_CONCURRENCY"))
  const warmup = await run(Auth, config, url, list, concurrency, Number(env("BENCH_WARMUP")))
  const measured = await run(Auth, config, url, list, concurrency, Number(env("BENCH_DURATION")))
  if (warmup.failures && !measured.failures) {
    measured.failures = warmup.failures
    measured.firstFailure = warmup.firstFailure
  }
  process.send({ type: "result", side, variant, users: list.length, label, ...measured }, () => process.exit(0))
} catch (error) {
  process.send({ type: "error", message: String(error?.stack ?? error) }, () => process.exit(1))
}
