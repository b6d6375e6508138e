// The OAuth rows for one library, run by run.js in a fresh child process per library and round
// (like inprocess.js), against the local OpenID Provider of op.js (another process):
//
//   node oauth.js latchkey|authjs
//
// 1. POST /auth/signin/op, issuer only: the authorization redirect with its three check
//    cookies, the endpoints from the discovery document (Latchkey caches it on the
//    configuration; @auth/core fetches it from the provider on every sign-in).
// 2. POST /auth/signin/op, explicit endpoints: the same redirect with no discovery on either side.
//    Each: BENCH_WARMUP seconds unmeasured, then BENCH_OAUTH_DURATION seconds measured, with
//    BENCH_CONCURRENCY calls in flight, each answer checked (302 to the provider's /auth, the PKCE
//    cookie set).
// 3. GET /auth/callback/op, the full callback: for every call one sign-in is prepared first,
//    unmeasured (POST /signin with this library, then the provider's login, which answers with a
//    fresh code); then BENCH_OAUTH_CALLBACKS callbacks run with BENCH_CONCURRENCY in flight:
//    check cookies, state, token request to the provider, id_token, profile, JWT session. Each
//    answer is checked (302 to the callback URL, a session cookie set). A warm-up batch of a
//    tenth of that size runs first, measured the same way and thrown away.
//
// Every row reports wall-clock req/s (for the callback that includes the provider's token
// endpoint, which runs on the same machine) and this process's CPU time per request
// (process.cpuUsage, all its threads): the relying party's own cost, the provider's excluded.
// Sends { type: "result", side, label, rows } over IPC.

import { loadLibrary, makeOAuthConfig } from "./implementations.js"

const side = process.argv[2]
const env = (name) => {
  const value = process.env[name]
  if (value === undefined) throw new Error(`${name} is not set`)
  return value
}

const APP = "http://localhost:3000"
const op = JSON.parse(env("BENCH_OP"))
const secret = env("BENCH_SECRET")
const concurrency = Number(env("BENCH_CONCURRENCY"))
const warmupSeconds = Number(env("BENCH_WARMUP"))
const seconds = Number(env("BENCH_OAUTH_DURATION"))
const callbacks = Number(env("BENCH_OAUTH_CALLBACKS"))

/** The `name=value` part of each Set-Cookie of `response`, as a Cookie header sends them back. */
function cookiePairs(response) {
  return response.headers.getSetCookie().map((line) => line.split(";", 1)[0])
}

/** Records a failure (the first one in full) instead of throwing: a lane keeps going. */
function failureLog() {
  return {
    count: 0,
    first: null,
    add(what) {
      this.count++
      this.first ??= what
    },
  }
}

/** Runs `task` in `lanes` parallel loops while `more()` holds; wall time and CPU time around it. */
async function timed(lanes, more, task) {
  let requests = 0
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (more()) {
        await task()
        requests++
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  return { requests, seconds: elapsed, rps: requests / elapsed, cpuMicrosPerRequest: (cpu.user + cpu.system) / requests }
}

/** A CSRF token and its cookie, from the library's own GET /auth/csrf. */
async function csrfOf(Auth, config) {
  const response = await Auth(new Request(`${APP}/auth/csrf`), config)
  const { csrfToken } = await response.json()
  return { csrfToken, cookie: cookiePairs(response).join("; ") }
}

/** One POST /auth/signin/op, as the sign-in button sends it. */
function signInRequest(csrf) {
  return new Request(`${APP}/auth/signin/op`, {
    method: "POST",
    headers: { cookie: csrf.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken }).toString(),
  })
}

/** Why a sign-in answer is not the authorization redirect, or null. */
function signInProblem(response) {
  const location = response.headers.get("location") ?? ""
  if (response.status !== 302) return `status ${response.status}`
  if (!location.startsWith(`${op.issuer}/auth?`)) return `redirected to ${location}`
  if (!cookiePairs(response).some((pair) => pair.startsWith("authjs.pkce.code_verifier="))) return "no PKCE cookie"
  return null
}

/** Rows 1 and 2: POST /signin for `seconds`, after a warm-up. */
async function signInRow(Auth, config) {
  const csrf = await csrfOf(Auth, config)
  const failures = failureLog()
  const once = async () => {
    const response = await Auth(signInRequest(csrf), config)
    const problem = signInProblem(response)
    if (problem) failures.add({ problem, status: response.status, location: response.headers.get("location"), body: (await response.text()).slice(0, 500) })
  }
  const until = (deadline) => () => performance.now() < deadline
  if (warmupSeconds > 0) await timed(concurrency, until(performance.now() + warmupSeconds * 1000), once)
  const result = await timed(concurrency, until(performance.now() + seconds * 1000), once)
  return { ...result, failures: failures.count, firstFailure: failures.first }
}

/**
 * Plays the browser at the provider: follows redirects from `url` while they stay at the
 * provider (with its cookies in `jar`) and returns the first one that leaves it: the callback
 * URL with the code. The provider's session cookie lets later calls skip the login.
 */
async function authorizeAt(url, jar) {
  let next = new URL(url)
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(next, { redirect: "manual", headers: jar.size ? { cookie: [...jar].map(([n, v]) => `${n}=${v}`).join("; ") } : {} })
    await response.body?.cancel()
    for (const pair of cookiePairs(response)) {
      const at = pair.indexOf("=")
      const name = pair.slice(0, at)
      const value = pair.slice(at + 1)
      if (value === "") jar.delete(name)
      else jar.set(name, value)
    }
    const location = response.headers.get("location")
    if (response.status < 300 || response.status > 399 || !location) {
      throw new Error(`the provider answered ${response.status} at ${next.pathname} instead of redirecting`)
    }
    next = new URL(location, next)
    if (next.origin !== op.issuer) return next
  }
  throw new Error("the provider did not send the browser back within 10 redirects")
}

/** `count` prepared sign-ins: the callback URL with a fresh code, and the check cookies to send with it. */
async function prepareCallbacks(Auth, config, count) {
  const csrf = await csrfOf(Auth, config)
  const prepared = []
  let started = 0
  // A few lanes, each with its own provider session: minting is not measured, only bounded.
  await Promise.all(
    Array.from({ length: Math.min(8, count) }, async () => {
      const jar = new Map()
      while (started < count) {
        started++
        const start = await Auth(signInRequest(csrf), config)
        const problem = signInProblem(start)
        if (problem) throw new Error(`preparing a callback: POST /signin answered ${problem}: ${(await start.text()).slice(0, 500)}`)
        const callbackUrl = await authorizeAt(start.headers.get("location"), jar)
        if (!callbackUrl.searchParams.has("code")) throw new Error(`the provider sent no code: ${callbackUrl}`)
        prepared.push({ url: callbackUrl.href, cookie: cookiePairs(start).join("; ") })
      }
    }),
  )
  return prepared
}

/** Why a callback answer is not a signed-in redirect to the app, or null. */
function callbackProblem(response) {
  const location = response.headers.get("location") ?? ""
  if (response.status !== 302) return `status ${response.status}`
  if (location !== APP && location !== `${APP}/`) return `redirected to ${location}`
  if (!cookiePairs(response).some((pair) => pair.startsWith("authjs.session-token="))) return "no session cookie"
  return null
}

/** Runs every prepared callback once, `concurrency` in flight. */
async function runCallbacks(Auth, config, prepared) {
  const failures = failureLog()
  let next = 0
  const result = await timed(
    concurrency,
    () => next < prepared.length,
    async () => {
      const { url, cookie } = prepared[next++]
      const response = await Auth(new Request(url, { headers: { cookie } }), config)
      const problem = callbackProblem(response)
      if (problem) failures.add({ problem, status: response.status, location: response.headers.get("location"), body: (await response.text()).slice(0, 500) })
    },
  )
  return { ...result, failures: failures.count, firstFailure: failures.first }
}

/** Row 3: a warm-up batch, then the measured batch, each prepared right before it runs. */
async function callbackRow(Auth, config) {
  const warmup = Math.max(1, Math.round(callbacks / 10))
  await runCallbacks(Auth, config, await prepareCallbacks(Auth, config, warmup))
  return runCallbacks(Auth, config, await prepareCallbacks(Auth, config, callbacks))
}

try {
  const { Auth, label } = await loadLibrary(side)
  const discovery = makeOAuthConfig(secret, op, "discovery")
  const explicit = makeOAuthConfig(secret, op, "explicit")
  const rows = {
    signin: await signInRow(Auth, discovery),
    signinExplicit: await signInRow(Auth, explicit),
    callback: await callbackRow(Auth, discovery),
  }
  process.send({ type: "result", side, label, rows }, () => process.exit(0))
} catch (error) {
  process.send({ type: "error", message: String(error?.stack ?? error) }, () => process.exit(1))
}
