// The getAccessToken row of `npm run bench`, run by run.js in its own child process:
//
//   node access-token.js
//
// One configuration with an OAuth provider that sets `refresh: true` (explicit endpoints: nothing
// is fetched) and one JWT session cookie that keeps a fresh access token for it. Two loops over the
// same cookie, BENCH_CONCURRENCY calls in flight, BENCH_ACCESS_TOKEN_DURATION seconds each after
// a short warm-up, alternating twice so drift hits both alike:
//
//   session       Auth(new Request(`${url}/auth/session`, { cookie }), config), body read
//   access token  getAccessToken(new Request(url, { cookie }), config, "bench-op")
//
// A fresh token costs no network: what is measured is opening the cookie and reading the kept
// tokens. Every answer is checked. Sends { type: "result", session, accessToken } over IPC.
import { Auth, getAccessToken } from "@latchkey/core"
import { encode } from "@latchkey/core/jwt"

const SECONDS = Number(process.env.BENCH_ACCESS_TOKEN_DURATION ?? 1)
const WARMUP = Number(process.env.BENCH_ACCESS_TOKEN_WARMUP ?? 0.3)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32)
const SECRET = process.env.BENCH_SECRET ?? "bench-access-token-secret-0123456789abcdef"
const ORIGIN = "http://localhost:3000"
const SALT = "authjs.session-token"

const config = {
  secret: SECRET,
  trustHost: true,
  basePath: "/auth",
  providers: [
    {
      id: "bench-op",
      name: "Bench OP",
      type: "oauth",
      clientId: "bench",
      clientSecret: "bench-secret",
      authorization: "https://op.invalid/authorize",
      token: "https://op.invalid/token",
      userinfo: "https://op.invalid/userinfo",
      refresh: true,
    },
  ],
}

const now = Math.floor(Date.now() / 1000)
const cookie = `${SALT}=${await encode({
  salt: SALT,
  secret: SECRET,
  token: {
    name: "Ada",
    email: "ada@example.com",
    sub: "user-1",
    lk: { tok: { "bench-op": { at: "access-token-bench", rt: "refresh-token-bench", exp: now + 86_400, tt: "bearer", aid: "op-user-1" } } },
  },
})}`

async function measure(call, seconds) {
  let calls = 0
  let failure = null
  const deadline = performance.now() + seconds * 1000
  async function lane() {
    while (performance.now() < deadline) {
      const problem = await call()
      calls++
      failure ??= problem
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, lane))
  const elapsed = (performance.now() - started) / 1000
  if (failure) throw new Error(failure)
  return { rps: calls / elapsed, calls, seconds: elapsed }
}

const session = async () => {
  const response = await Auth(new Request(`${ORIGIN}/auth/session`, { headers: { cookie } }), config)
  const text = await response.text()
  return response.status === 200 && text.includes("ada@example.com") ? null : `GET /auth/session answered ${response.status}: ${text.slice(0, 300)}`
}
const accessToken = async () => {
  const token = await getAccessToken(new Request(`${ORIGIN}/api/calendar`, { headers: { cookie } }), config, "bench-op")
  return token?.accessToken === "access-token-bench" && token.cookies.length === 0 ? null : `getAccessToken answered ${JSON.stringify(token)}`
}

try {
  await measure(session, WARMUP)
  await measure(accessToken, WARMUP)
  const runs = { session: [], accessToken: [] }
  for (let pass = 0; pass < 2; pass++) {
    runs.session.push(await measure(session, SECONDS / 2))
    runs.accessToken.push(await measure(accessToken, SECONDS / 2))
  }
  const combine = (list) => {
    const calls = list.reduce((sum, run) => sum + run.calls, 0)
    const seconds = list.reduce((sum, run) => sum + run.seconds, 0)
    return { rps: calls / seconds, calls, seconds }
  }
  process.send({ type: "result", session: combine(runs.session), accessToken: combine(runs.accessToken) })
} catch (error) {
  process.send({ type: "error", message: error.stack ?? String(error) })
}
