// What `session.legacyTokens` costs (docs/configuration.md#tokens-at-rest): GET /auth/session,
// in-process, through Latchkey with KyselyAdapter on a fresh SQLite file, with a cookie that
// names NO session (the flood-of-bogus-cookies case), three ways:
//
//   uuid          a random UUID, legacyTokens on (default): two lookups (by hash, then raw)
//   other         a random 43-character token, legacyTokens on: one lookup
//   uuid, off     a random UUID, legacyTokens: false: one lookup
//
// plus a valid session's read, for scale. Each row: BENCH_CONCURRENCY (default 32) requests in
// flight for BENCH_LEGACY_DURATION seconds (default 2) after a 0.5 s warm-up, interleaved over
// BENCH_ROUNDS rounds (default 3), median req/s and the adapter lookups per request counted.
// Not part of `npm run bench`; run it on its own:
//
//   npm run build && node bench/legacy-tokens.js

import { createHash, randomBytes, randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createDatabase, KyselyAdapter, migrate } from "@latchkey/adapter-kysely"
import { Auth } from "@latchkey/core"

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32)
const DURATION = Number(process.env.BENCH_LEGACY_DURATION ?? 2)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const URL_SESSION = "http://localhost:3000/auth/session"

const dir = mkdtempSync(join(tmpdir(), "latchkey-legacy-"))
const db = await createDatabase(join(dir, "auth.sqlite"))
await migrate(db)
const base = KyselyAdapter(db)
let lookups = 0
const adapter = { ...base, getSessionAndUser: (token) => (lookups++, base.getSessionAndUser(token)) }
const user = await base.createUser({ name: "Ada", email: "ada@example.com", emailVerified: null })
const valid = randomBytes(32).toString("base64url")
await base.createSession({ sessionToken: createHash("sha256").update(valid).digest("hex"), userId: user.id, expires: new Date(Date.now() + 30 * 86400e3) })

const configFor = (legacyTokens) => ({
  secret: randomBytes(32).toString("base64url"),
  trustHost: true,
  adapter,
  session: { strategy: "database", legacyTokens },
  providers: [],
  logger: { warn: () => {}, error: (error) => console.error(String(error)) },
})
const rows = [
  ["valid session (for scale)", configFor(true), () => valid, true],
  ["bogus UUID cookie, legacyTokens on", configFor(true), randomUUID, false],
  ["bogus 43-char cookie, legacyTokens on", configFor(true), () => randomBytes(32).toString("base64url"), false],
  ["bogus UUID cookie, legacyTokens: false", configFor(false), randomUUID, false],
]

async function measure(config, token, signedIn, seconds) {
  let requests = 0
  const lookupsBefore = lookups
  const deadline = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const response = await Auth(new Request(URL_SESSION, { headers: { cookie: `authjs.session-token=${token()}` } }), config)
        const body = await response.json()
        if (Boolean(body?.user) !== signedIn) throw new Error(`unexpected answer ${JSON.stringify(body)}`)
        requests++
      }
    }),
  )
  return { rps: requests / ((performance.now() - started) / 1000), lookupsPerRequest: (lookups - lookupsBefore) / requests }
}

const results = rows.map(() => [])
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, [, config, token, signedIn]] of rows.entries()) {
    await measure(config, token, signedIn, 0.5)
    results[index].push(await measure(config, token, signedIn, DURATION))
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1]
console.log(`legacyTokens cost, KyselyAdapter on SQLite, ${CONCURRENCY} in flight, ${ROUNDS} rounds × ${DURATION} s (median)`)
for (const [index, [label]] of rows.entries()) {
  const rps = median(results[index].map((run) => run.rps))
  const perRequest = results[index][0].lookupsPerRequest
  console.log(
    `${label.padEnd(40)} ${Math.round(rps).toLocaleString("en-US").padStart(7)} req/s  ${(1e6 / rps).toFixed(0).padStart(4)} µs/req  ${perRequest.toFixed(2)} lookups/req`,
  )
}
await db.destroy()
rmSync(dir, { recursive: true, force: true })
