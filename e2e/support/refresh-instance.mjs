/**
 * One app instance for e2e/refresh-instances.test.ts, in its own process:
 * the built `@latchkey/core` with a `RedisStore` of `@latchkey/adapter-redis`
 * as its `store`. It reads its settings from `REFRESH_INSTANCE` (JSON),
 * prepares the configuration, prints `ready`, and on a `go` line from its
 * parent makes `calls` concurrent `getAccessToken` calls with the cookie it
 * was given; it prints their answers (or error codes) as one JSON line and
 * exits.
 */
import { RedisStore } from "@latchkey/adapter-redis"
import { getAccessToken } from "@latchkey/core"
import { Redis } from "ioredis"

const settings = JSON.parse(process.env.REFRESH_INSTANCE ?? "{}")
const redis = new Redis(settings.redisUrl, { maxRetriesPerRequest: 2 })
const config = {
  secret: settings.secret,
  trustHost: true,
  basePath: "/auth",
  store: new RedisStore(redis, { prefix: settings.prefix }),
  providers: [settings.provider],
}
const request = (cookie) => ({ url: "http://localhost:3000/api/calendar", headers: new Headers(cookie ? { cookie } : {}) })

// Prepares the configuration and loads the refresh code before the start signal, so both instances start level.
await getAccessToken(request(""), config, settings.provider.id)
process.stdout.write("ready\n")
process.stdin.setEncoding("utf8")
let input = ""
for await (const chunk of process.stdin) {
  input += chunk
  if (input.includes("go\n")) break
}
const answers = await Promise.all(
  Array.from({ length: settings.calls }, () =>
    getAccessToken(request(settings.cookie), config, settings.provider.id).then(
      (token) => ({ accessToken: token?.accessToken ?? null }),
      (error) => ({ error: error?.code ?? String(error) }),
    ),
  ),
)
process.stdout.write(`${JSON.stringify(answers)}\n`)
await redis.quit()
