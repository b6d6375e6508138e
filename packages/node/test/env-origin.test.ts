/**
 * The AUTH_URL that `setEnvDefaults(env, config)` saw, with an `env` other
 * than `process.env` (a Workers binding, a test's object): it turned
 * `trustHost` on, so its origin, not the request's Host, is the one every URL
 * and cookie is built for. Real servers on 127.0.0.1, requests with a chosen
 * Host header over real HTTP.
 */

import { request as httpRequest, type RequestListener } from "node:http"
import { Auth, type AuthConfig, handleAuthRequest, setEnvDefaults } from "@latchkey/core"
import Credentials from "@latchkey/core/providers/credentials"
import { beforeAll, describe, expect, it } from "vitest"
import { toAuthRequest, toNodeAuthHandler, toNodeHandler, writeAuthResponse } from "../src/index.js"
import { type RawResponse, rawRequest, trackedServers } from "./serve.js"

const ENV = { AUTH_URL: "https://app.example/auth", AUTH_SECRET: "node-env-origin-secret-0123456789abcdef" }

function configFromEnv(): AuthConfig {
  const config: AuthConfig = {
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) => (username === "alice" && password === "wonderland" ? { id: "1", name: "Alice" } : null),
      }),
    ],
  }
  setEnvDefaults(ENV, config)
  return config
}

const cookieNames = (response: RawResponse) => ([] as string[]).concat(response.headers["set-cookie"] ?? []).map((line) => line.split("=")[0])
const cookiePairs = (response: RawResponse) =>
  ([] as string[])
    .concat(response.headers["set-cookie"] ?? [])
    .map((line) => line.split(";")[0])
    .join("; ")

/** A form POST with exactly these headers (fetch cannot choose the Host). */
function postForm(port: number, path: string, body: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const contentHeaders = { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) }
    const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path, headers: { ...headers, ...contentHeaders } }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }))
      res.on("error", reject)
    })
    req.on("error", reject)
    req.end(body)
  })
}

const { listen } = trackedServers()

beforeAll(() => {
  // The point is an AUTH_URL the listener cannot find in process.env.
  expect(process.env.AUTH_URL).toBeUndefined()
  expect(process.env.NEXTAUTH_URL).toBeUndefined()
})

const listeners: Array<[string, (config: AuthConfig) => RequestListener]> = [
  ["toNodeAuthHandler(config)", (config) => toNodeAuthHandler(config)],
  ["toNodeHandler((request) => Auth(request, config))", (config) => toNodeHandler((request) => Auth(request, config))],
]

describe.each(listeners)("%s after setEnvDefaults(env, config) with AUTH_URL in env", (_, listenerOf) => {
  it("builds its URLs on AUTH_URL's origin, whatever the Host header says", async () => {
    const server = await listen(listenerOf(configFromEnv()))
    const providers = await rawRequest(server.port, { path: "/auth/providers", headers: { host: "evil.test" } })
    expect(providers.status).toBe(200)
    expect(JSON.parse(providers.body).credentials).toMatchObject({
      signinUrl: "https://app.example/auth/signin/credentials",
      callbackUrl: "https://app.example/auth/callback/credentials",
    })
    expect(providers.body).not.toContain("evil.test")
  })

  it("sets __Host-/__Secure- cookies for an https AUTH_URL behind plain http, and redirects only there", async () => {
    const server = await listen(listenerOf(configFromEnv()))
    const csrf = await rawRequest(server.port, { path: "/auth/csrf", headers: { host: "evil.test" } })
    expect(cookieNames(csrf)).toEqual(["__Host-authjs.csrf-token"])
    const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string }

    const body = new URLSearchParams({ csrfToken, username: "alice", password: "wonderland", callbackUrl: "https://evil.test/" }).toString()
    const signIn = await postForm(server.port, "/auth/callback/credentials", body, { host: "evil.test", cookie: cookiePairs(csrf) })
    expect(signIn.status).toBe(302)
    // A callbackUrl on the Host's origin is another origin now: the user lands on AUTH_URL's.
    expect(signIn.headers.location).toBe("https://app.example")
    expect(cookieNames(signIn)).toContain("__Secure-authjs.session-token")
    expect(cookieNames(signIn)).not.toContain("authjs.session-token")
  })
})

describe("the origin option against the AUTH_URL setEnvDefaults recorded", () => {
  const OPTION_ORIGIN = "https://public.example:8443"

  it("toNodeAuthHandler(config, { origin }): the option's origin wins over AUTH_URL's and the Host", async () => {
    const server = await listen(toNodeAuthHandler(configFromEnv(), { origin: `${OPTION_ORIGIN}/ignored/path` }))
    const providers = await rawRequest(server.port, { path: "/auth/providers", headers: { host: "evil.test" } })
    expect(JSON.parse(providers.body).credentials).toMatchObject({
      signinUrl: `${OPTION_ORIGIN}/auth/signin/credentials`,
      callbackUrl: `${OPTION_ORIGIN}/auth/callback/credentials`,
    })
    expect(providers.body).not.toContain("app.example")
    expect(providers.body).not.toContain("evil.test")

    const csrf = await rawRequest(server.port, { path: "/auth/csrf", headers: { host: "evil.test" } })
    const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string }
    const body = new URLSearchParams({ csrfToken, username: "alice", password: "wonderland", callbackUrl: `${OPTION_ORIGIN}/dashboard` }).toString()
    const signIn = await postForm(server.port, "/auth/callback/credentials", body, { host: "evil.test", cookie: cookiePairs(csrf) })
    expect(signIn.status).toBe(302)
    // A callbackUrl on the option's origin is same-origin now, so it is followed.
    expect(signIn.headers.location).toBe(`${OPTION_ORIGIN}/dashboard`)
    expect(cookieNames(signIn)).toContain("__Secure-authjs.session-token")
  })

  it("toAuthRequest(req, { origin }) tells core the origin was fixed, so it wins over AUTH_URL's", async () => {
    const config = configFromEnv()
    const server = await listen((req, res) => {
      const answer = handleAuthRequest(toAuthRequest(req, { origin: OPTION_ORIGIN }), config)
      void Promise.resolve(answer).then((parts) => writeAuthResponse(req, res, parts))
    })
    const providers = await rawRequest(server.port, { path: "/auth/providers", headers: { host: "evil.test" } })
    expect(JSON.parse(providers.body).credentials.signinUrl).toBe(`${OPTION_ORIGIN}/auth/signin/credentials`)
  })

  it("an AUTH_URL origin toNodeAuthHandler resolved when created is no origin option: the one setEnvDefaults records later wins", async () => {
    const config: AuthConfig = { ...configFromEnv() }
    const listener = toNodeAuthHandler(config, { env: { AUTH_URL: "https://from-env-option.example" } })
    // Recorded after the listener was made (setEnvDefaults runs again, e.g. per request on some platforms).
    setEnvDefaults({ AUTH_URL: "https://recorded-later.example/auth" }, config)
    const server = await listen(listener)
    const providers = await rawRequest(server.port, { path: "/auth/providers", headers: { host: "evil.test" } })
    expect(JSON.parse(providers.body).credentials.signinUrl).toBe("https://recorded-later.example/auth/signin/credentials")
  })

  it("toNodeHandler((request) => Auth(request, config), { origin }) follows Auth()'s rule: AUTH_URL's origin wins", async () => {
    const config = configFromEnv()
    const server = await listen(toNodeHandler((request) => Auth(request, config), { origin: OPTION_ORIGIN }))
    const providers = await rawRequest(server.port, { path: "/auth/providers", headers: { host: "evil.test" } })
    expect(JSON.parse(providers.body).credentials.signinUrl).toBe("https://app.example/auth/signin/credentials")
  })
})
