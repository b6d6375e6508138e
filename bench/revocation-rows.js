// The JWT session read with the revocation list on (issue 20, federated sign-out): the same
// in-process GET /auth/session as the headline row, with a cookie whose token carries a Latchkey
// session id (`lk.sid`), so every read asks the revocation list:
//
//   off      the headline cookie (no lk), for the same round's baseline
//   memory   lk.sid, the default MemoryStore (a synchronous map lookup)
//   redis    lk.sid, RedisStore on REDIS_URL (one round trip per read)
//   redis-2s lk.sid, RedisStore with session.revocationCheckInterval: 2 (the bounded cache)
//
// Each runs in its own child (inprocess.js with BENCH_REVOCATION), one per round; the rows are
// reported against @auth/core's in-process run of the same round. Redis rows are skipped, loudly,
// when no Redis answers.

import net from "node:net"

export const REVOCATION_VARIANTS = ["off", "memory", "redis", "redis-2s"]

/** The in-process target with revocation on and the memory store (issue 20, item 7). */
export const REVOCATION_TARGET = 20

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"

/** Whether a Redis answers PING at REDIS_URL (within 1 s). */
export async function redisAnswers() {
  const url = new URL(REDIS_URL)
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) })
    const done = (answer) => {
      socket.destroy()
      resolve(answer)
    }
    socket.setTimeout(1000, () => done(false))
    socket.on("error", () => done(false))
    socket.on("connect", () => socket.write("PING\r\n"))
    socket.on("data", (data) => done(String(data).startsWith("+PONG")))
  })
}

/** Mints the cookie with a session id (a fixed one: the list never holds it, so every read is a valid session). */
export async function revocationCookie(latchkey, { token, secret, cookieName }) {
  return `${cookieName}=${await latchkey.encode({ token: { ...token, lk: { sid: "bench-revocation-sid-0001" } }, secret, salt: cookieName })}`
}

/** One in-process run of `variant`, in its own child. */
export async function revocationRun({ variant, round, rounds, childEnv, revocationCookie: withSid, forkChild, fail, log }) {
  log(`[${round}/${rounds}] in-process latchkey, revocation ${variant}… `)
  const env = { ...childEnv, BENCH_REVOCATION: variant, REDIS_URL, ...(variant === "off" ? {} : { BENCH_COOKIE: withSid }) }
  const run = forkChild("inprocess.js", ["latchkey", "one"], env)
  const result = await run.firstMessage.catch((error) => fail(error.message))
  await run.stop()
  if (result.failures)
    fail(`revocation ${variant}: ${result.failures} of ${result.requests} answers were not a session: ${JSON.stringify(result.firstFailure)}`)
  log(`${Math.round(result.rps)} req/s\n`)
  return { rps: result.rps, requests: result.requests, seconds: result.seconds }
}

/** Prints the rows: req/s per variant (median round), and each one's ratio to @auth/core with a verdict. */
export function reportRevocation({ rounds, fmt, verdict, tag, skippedRedis }) {
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b)
    const middle = Math.floor(sorted.length / 2)
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
  console.log("")
  console.log("JWT session read, in-process, revocation list (Latchkey; ratios to @auth/core's same-round in-process run)")
  const section = {}
  for (const variant of REVOCATION_VARIANTS) {
    const runs = rounds.filter((round) => round.revocation?.[variant])
    if (runs.length === 0) {
      console.log(`  revocation ${variant.padEnd(8)}  skipped${skippedRedis && variant.startsWith("redis") ? ` (no Redis at ${REDIS_URL})` : ""}`)
      continue
    }
    const rps = median(runs.map((round) => round.revocation[variant].rps))
    const ratios = runs.map((round) => round.revocation[variant].rps / round.inProcess.authjs.rps)
    const ratio = median(ratios)
    const spread = `${fmt(Math.min(...ratios), 2)}x–${fmt(Math.max(...ratios), 2)}x`
    const target = variant === "memory" ? ` (target >= ${REVOCATION_TARGET}x) ${verdict(ratio >= REVOCATION_TARGET)}` : " (no target)"
    console.log(`  revocation ${variant.padEnd(8)}  ${fmt(rps).padStart(9)} req/s  ratio ${fmt(ratio, 2)}x${target}${tag}  [rounds: ${spread}]`)
    section[variant] = { rps, ratio, ratios }
  }
  return section
}
