// A Cloudflare Workers app: the environment is a typed binding object with
// values that are not strings (a D1 database), passed straight to setEnvDefaults.
import { Auth, type AuthConfig, createActionURL, setEnvDefaults } from "@auth/core"

interface D1Database {
  prepare(query: string): unknown
}

interface Env {
  AUTH_SECRET: string
  AUTH_TRUST_HOST?: string
  DB: D1Database
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const config: AuthConfig = { providers: [] }
    setEnvDefaults(env, config)
    const url = createActionURL("session", "https", request.headers, env, config)
    return Auth(new Request(url, request), config)
  },
}
