/**
 * Access-token refresh across app instances (docs/sessions.md, "Access-token
 * refresh"): two processes running the built packages share a `RedisStore`
 * and each make 25 concurrent `getAccessToken` calls with the same stale
 * session cookie. The OpenID Provider (oidc-provider, rotating refresh
 * tokens: a spent one sent again revokes the grant) must see exactly one
 * refresh grant, and all 50 answers must carry the same access token.
 *
 * Needs `npm run build` (the instances import `dist/`) and a Redis at
 * `REDIS_URL` (default `redis://127.0.0.1:6379`).
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { Redis } from "ioredis"
import { afterAll, beforeAll, expect, it } from "vitest"
import { type AuthConfig, getAccessToken } from "../packages/core/src/index.js"
import { Client } from "../packages/core/test/support/client.js"
import { makeConfig, SECRET } from "../packages/core/test/support/config.js"
import { latchkey } from "../packages/core/test/support/implementations.js"
import { type OpenIdProvider, startOpenIdProvider, type TestClient } from "../packages/core/test/support/openid-provider.js"

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"
const INSTANCE = fileURLToPath(new URL("./support/refresh-instance.mjs", import.meta.url))
const PREFIX = `latchkey-refresh:${crypto.randomUUID()}:`
const CALLBACK = "http://localhost:3000/auth/callback/op"

let op: OpenIdProvider
let client: TestClient
let redis: Redis

beforeAll(async () => {
  op = await startOpenIdProvider({ rotateRefreshTokens: true, refreshTokenPolicy: "always", accessTokenTtl: 10 })
  client = await op.addClient({ redirectUris: [CALLBACK], refreshTokens: true })
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 })
})

afterAll(async () => {
  const keys: string[] = []
  let cursor = "0"
  do {
    const [next, found] = await redis.scan(cursor, "MATCH", `${PREFIX}*`, "COUNT", 1_000)
    keys.push(...found)
    cursor = next
  } while (cursor !== "0")
  if (keys.length) await redis.unlink(...keys)
  await redis.quit()
  await op.close()
})

function provider(): Record<string, unknown> {
  return {
    id: "op",
    name: "Test OP",
    type: "oidc",
    issuer: op.issuer,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    client: { token_endpoint_auth_method: client.auth },
    authorization: { params: { scope: "openid email profile offline_access", prompt: "consent" } },
    refresh: { margin: 5 },
  }
}

/** Starts one instance; resolves once it printed `ready`. */
function startInstance(cookie: string): Promise<{ child: ChildProcessWithoutNullStreams; output: Promise<string> }> {
  const settings = { redisUrl: REDIS_URL, prefix: PREFIX, secret: SECRET, provider: provider(), cookie, calls: 25 }
  const child = spawn(process.execPath, [INSTANCE], { env: { ...process.env, REFRESH_INSTANCE: JSON.stringify(settings) } })
  let stdout = ""
  let stderr = ""
  child.stderr.on("data", (chunk) => {
    stderr += chunk
  })
  const output = new Promise<string>((resolve, reject) => {
    child.on("exit", (code) => (code === 0 ? resolve(stdout) : reject(new Error(`instance exited with ${code}: ${stderr}`))))
  })
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      stdout += chunk
      if (stdout.startsWith("ready\n")) resolve({ child, output })
    })
    output.catch(reject)
  })
}

it("two instances sharing Redis, 25 concurrent calls each: one grant, one token", async () => {
  // Signed in through an in-process app with the same secret; its first access token is already due.
  const app = makeConfig(latchkey, { providers: [provider()] }) as ReturnType<typeof makeConfig> & AuthConfig
  const user = new Client(latchkey, app)
  const undo = op.rewriteJson("token", (body) => ({ ...body, expires_in: 1 }))
  const csrfToken = await user.csrfToken()
  const start = await user.send("/auth/signin/op", { form: { csrfToken } })
  const outcome = await op.authorize(start.headers.get("location")!)
  await user.send(`/auth/callback/op?${outcome.params}`)
  undo()
  const cookie = user.jar.header()
  expect(await getAccessToken(new Request("http://localhost:3000/", { headers: { cookie: "" } }), app, "op")).toBeNull()

  const instances = await Promise.all([startInstance(cookie), startInstance(cookie)])
  let grants = 0
  const stop = op.after("token", () => {
    grants += 1
  })
  for (const { child } of instances) child.stdin.write("go\n")
  const outputs = await Promise.all(instances.map(({ output }) => output))
  stop()
  const answers = outputs.flatMap((text) => JSON.parse(text.slice("ready\n".length)) as { accessToken?: string; error?: string }[])
  expect(answers).toHaveLength(50)
  expect(answers.filter((answer) => answer.error !== undefined)).toEqual([])
  expect(new Set(answers.map((answer) => answer.accessToken)).size).toBe(1)
  expect(grants).toBe(1)
}, 60_000)
