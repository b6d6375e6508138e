// The measuring every integration script shares: one autocannon load of GET …/session with the
// session cookie, and the interleaved rounds over a script's servers (each round measures every
// server once, in order, so that drift in the machine's speed hits every server alike).

/** The cookie name both Auth.js and Latchkey read a JWT session from over http. */
export const SESSION_COOKIE_NAME = "authjs.session-token"

/** `authjs.session-token=<JWE>` carrying `claims`, minted with @latchkey/core/jwt (the Auth.js wire format). */
export async function sessionCookie(claims, secret) {
  const { encode } = await import("@latchkey/core/jwt")
  return `${SESSION_COOKIE_NAME}=${await encode({ token: claims, secret, salt: SESSION_COOKIE_NAME })}`
}

/**
 * Requests per second (autocannon's average) of `url` loaded for `seconds` with `connections`
 * connections sending `cookie`. Throws, naming `label`, when any answer is not 2xx, errs or times
 * out: a figure for failing requests would be meaningless.
 */
export async function loadSession({ label, url }, cookie, seconds, connections) {
  // Imported here so that the server child processes, which share the scripts' files, never load it.
  const { default: autocannon } = await import("autocannon")
  const result = await autocannon({ url, connections, headers: { cookie }, duration: seconds })
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${result.requests.total}`)
  }
  return result.requests.average
}

/**
 * Measures `servers` (`{ label, url }`, labels unique) in `rounds` interleaved rounds of `seconds`
 * each, after an unmeasured load of `warmup` seconds per server (none when 0). Calls
 * `onRound(round, measured)` after each round (round from 1). Returns one object per round mapping
 * each label to its requests per second.
 */
export async function measureRounds(servers, cookie, { rounds, seconds, warmup, connections, onRound = () => {} }) {
  if (warmup > 0) for (const server of servers) await loadSession(server, cookie, warmup, connections)
  const perRound = []
  for (let round = 1; round <= rounds; round++) {
    const measured = {}
    for (const server of servers) measured[server.label] = await loadSession(server, cookie, seconds, connections)
    perRound.push(measured)
    onRound(round, measured)
  }
  return perRound
}
