// The getAccessToken row of `npm run bench` (issue 20), on run.js's side: what `getAccessToken`
// costs when the kept token is fresh (no network), against a JWT `GET /auth/session` of the same
// cookie in the same process (access-token.js). One fresh child per round; the ratio is
// getAccessToken's calls per second over the session read's.
//
// Target: "about a session read": the ratio at least ACCESS_TOKEN_TARGET.

export const ACCESS_TOKEN_TARGET = 0.5

/** Seconds the row takes over `rounds`: a child start, two warm-ups, the measured second. */
export function estimateAccessTokenSeconds(rounds) {
  const duration = Number(process.env.BENCH_ACCESS_TOKEN_DURATION ?? 1)
  const warmup = Number(process.env.BENCH_ACCESS_TOKEN_WARMUP ?? 0.3)
  return rounds * (0.5 + 2 * warmup + duration)
}

/** One round: forks access-token.js, returns { session, accessToken, ratio, cpuTicks }. */
export async function accessTokenRun({ round, rounds, childEnv, forkChild, readCpuTicks, cpuTicksBetween, fail, log }) {
  log(`[${round}/${rounds}] getAccessToken (fresh)… `)
  const before = readCpuTicks()
  const run = forkChild("access-token.js", [], childEnv)
  const result = await run.firstMessage.catch((error) => fail(error.message))
  const cpuTicks = cpuTicksBetween(before, readCpuTicks())
  await run.stop()
  const ratio = result.accessToken.rps / result.session.rps
  log(`${Math.round(result.accessToken.rps)} calls/s, session read ${Math.round(result.session.rps)} req/s, ratio ${ratio.toFixed(2)}\n`)
  return { session: result.session, accessToken: result.accessToken, ratio, cpuTicks }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** Prints the row with its verdict; returns what latest.json keeps. */
export function reportAccessToken({ runs, fmt, verdict, tag }) {
  const ratios = runs.map((run) => run.ratio)
  const ratio = median(ratios)
  const met = ratio >= ACCESS_TOKEN_TARGET
  const accessToken = median(runs.map((run) => run.accessToken.rps))
  const session = median(runs.map((run) => run.session.rps))
  console.log(
    `getAccessToken (fresh, in-process) ${fmt(accessToken)} calls/s vs JWT session read ${fmt(session)} req/s: ` +
      `ratio ${fmt(ratio, 2)}x (target >= ${ACCESS_TOKEN_TARGET}x) ${verdict(met)}${tag}  ` +
      `[rounds: ${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)}x; no network, the kept token is fresh]`,
  )
  return {
    accessTokenRps: accessToken,
    sessionRps: session,
    ratio,
    ratioRange: [Math.min(...ratios), Math.max(...ratios)],
    target: ACCESS_TOKEN_TARGET,
    met,
  }
}
