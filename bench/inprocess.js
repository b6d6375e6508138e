// The in-process measurement for one library, run by run.js in its own child process so each
// library starts from a fresh heap and JIT state and neither pays for the other's garbage.
//
//   node inprocess.js latchkey|authjs
//
// Calls Auth(new Request(url, { headers: { cookie } }), config) with BENCH_CONCURRENCY calls in
// flight: BENCH_WARMUP seconds unmeasured, then BENCH_DURATION seconds measured. The Request is
// built inside the loop and the Response body is read, on both sides. Every answer is checked
// (status 200 and a body that is not `null`); failures are counted and the first one reported.
// Sends { type: "result", ... } over IPC.

import { loadLibrary, makeConfig } from "./implementations.js"

const side = process.argv[2]
const env = (name) => {
  const value = process.env[name]
  if (value === undefined) throw new Error(`${name} is not set`)
  return value
}

async function run(Auth, config, url, cookie, concurrency, seconds) {
  let requests = 0
  let failures = 0
  let firstFailure = null
  const deadline = performance.now() + seconds * 1000

  async function lane() {
    while (performance.now() < deadline) {
      const response = await Auth(new Request(url, { headers: { cookie } }), config)
      const text = await response.text()
      requests++
      if (response.status !== 200 || text === "null" || text === "" || text === "{}") {
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
  const url = env("BENCH_URL")
  const cookie = env("BENCH_COOKIE")
  const concurrency = Number(env("BENCH_CONCURRENCY"))
  const warmup = await run(Auth, config, url, cookie, concurrency, Number(env("BENCH_WARMUP")))
  const measured = await run(Auth, config, url, cookie, concurrency, Number(env("BENCH_DURATION")))
  if (warmup.failures && !measured.failures) {
    measured.failures = warmup.failures
    measured.firstFailure = warmup.firstFailure
  }
  process.send({ type: "result", side, label, ...measured }, () => process.exit(0))
} catch (error) {
  process.send({ type: "error", message: String(error?.stack ?? error) }, () => process.exit(1))
}
