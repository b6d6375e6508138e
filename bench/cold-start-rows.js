// The cold-start row of `npm run bench`, on run.js's side: what it costs a fresh process to import
// the library and answer its first JWT GET /auth/session, above what a bare `node -e ""` costs.
//
// Each round runs BENCH_COLD_RUNS triples of fresh processes: a bare `node -e ""`, cold-start.js
// with @latchkey/core, cold-start.js with @auth/core 0.41.3. The order within a triple rotates, so
// no side always runs first (after a pause) or last. A process is timed from spawn to exit. Per
// triple: cost = library process − bare process, for each library, and their ratio; per round: the
// median of the triple ratios. One unmeasured triple starts every round (disk cache, CPU clocks).
//
// Target (issue 11): Latchkey's cost at most half of @auth/core's, i.e. ratio ≤ 0.5.

import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"

export const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 8)
export const COLD_TARGET = 0.5
const COLD_KINDS = ["bare", "latchkey", "authjs"]
const CHILD_TIMEOUT_MS = 20_000

const script = fileURLToPath(new URL("cold-start.js", import.meta.url))

/** Wall-clock milliseconds of one fresh process of `kind`, from spawn to exit; rejects unless it printed "ok". */
function timeOneProcess(kind, env) {
  const args = kind === "bare" ? ["-e", ""] : [script, kind]
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.on("data", (chunk) => (output += chunk))
    child.stderr.on("data", (chunk) => (output += chunk))
    const timer = setTimeout(() => child.kill("SIGKILL"), CHILD_TIMEOUT_MS)
    child.once("error", reject)
    child.once("close", (code, signal) => {
      const ms = performance.now() - started
      clearTimeout(timer)
      if (code !== 0 || (kind !== "bare" && output !== "ok")) {
        reject(new Error(`cold start of ${kind} failed (${code ?? signal}): ${output.slice(0, 2000)}`))
      } else resolve(ms)
    })
  })
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** The value below which `share` of `values` lie (nearest rank). */
function quantile(values, share) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]
}

/**
 * One round of the cold-start row: `COLD_RUNS` measured triples after one unmeasured one. `env`
 * carries BENCH_SECRET, BENCH_COOKIE, BENCH_URL and BENCH_EMAIL for cold-start.js. Returns the
 * triples and the round's medians.
 */
export async function coldStartRun({ round, rounds, env, readCpuTicks, cpuTicksBetween, fail, log }) {
  log(`[${round}/${rounds}] cold start… `)
  const childEnv = { ...process.env, ...env }
  const before = readCpuTicks()
  const triples = []
  try {
    for (let index = -1; index < COLD_RUNS; index++) {
      const order = COLD_KINDS.map((_, offset) => COLD_KINDS[(Math.max(index, 0) + offset) % COLD_KINDS.length])
      const ms = {}
      for (const kind of order) ms[kind] = await timeOneProcess(kind, childEnv)
      if (index < 0) continue // the unmeasured triple
      const latchkeyCost = ms.latchkey - ms.bare
      const authjsCost = ms.authjs - ms.bare
      triples.push({ ...ms, latchkeyCost, authjsCost, ratio: latchkeyCost / authjsCost })
    }
  } catch (error) {
    fail(error.message)
  }
  const cpuTicks = cpuTicksBetween(before, readCpuTicks())
  const result = {
    triples,
    bareMs: median(triples.map((t) => t.bare)),
    latchkeyCostMs: median(triples.map((t) => t.latchkeyCost)),
    authjsCostMs: median(triples.map((t) => t.authjsCost)),
    ratio: median(triples.map((t) => t.ratio)),
    cpuTicks,
  }
  log(
    `bare node ${result.bareMs.toFixed(0)} ms; above it: Latchkey ${result.latchkeyCostMs.toFixed(0)} ms, ` +
      `@auth/core ${result.authjsCostMs.toFixed(0)} ms, ratio ${(result.ratio * 100).toFixed(0)}%\n`,
  )
  return result
}

/**
 * Prints the cold-start headline and returns the `coldStart` section of latest.json. `runs` are
 * the rounds' coldStartRun results; `verdict(met)` prints MET/MISSED.
 */
export function reportColdStart({ runs, fmt, percent, verdict, tag }) {
  const triples = runs.flatMap((run) => run.triples)
  const perRound = runs.map((run) => run.ratio)
  const ratio = median(perRound)
  const spread = (key) => ({
    median: median(triples.map((t) => t[key])),
    p25: quantile(
      triples.map((t) => t[key]),
      0.25,
    ),
    p75: quantile(
      triples.map((t) => t[key]),
      0.75,
    ),
  })
  const latchkey = spread("latchkeyCost")
  const authjs = spread("authjsCost")
  const bare = spread("bare")
  const ms = (s) => `${fmt(s.median)} ms (p25–p75 ${fmt(s.p25)}–${fmt(s.p75)})`
  const met = ratio <= COLD_TARGET
  console.log(
    `Cold start: Latchkey's cost ${percent(ratio, 0)} of @auth/core's (target <= ${percent(COLD_TARGET, 0)}) ${verdict(met)}${tag}  ` +
      `[import + first JWT GET /session, above a bare node -e "" of ${ms(bare)}; Latchkey ${ms(latchkey)}, ` +
      `@auth/core ${ms(authjs)}; ${triples.length} paired runs; rounds: ${percent(Math.min(...perRound), 0)}–${percent(Math.max(...perRound), 0)}]`,
  )
  return {
    request: 'a fresh process: import the library, answer one GET /auth/session (JWT), exit; minus a bare node -e ""',
    runsPerRound: COLD_RUNS,
    bareMs: bare,
    latchkeyCostMs: latchkey,
    authjsCostMs: authjs,
    ratio,
    ratioRange: { min: Math.min(...perRound), max: Math.max(...perRound) },
    target: COLD_TARGET,
    met,
  }
}
