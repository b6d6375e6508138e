/**
 * The redirect proxy forwards an authorization response only to origins the
 * configuration allows. The attack it stops: a deployment that trusts the
 * Host header seals whatever origin a request names into `state`; an
 * attacker starts a sign-in with `Host: evil.example`, gets a victim to
 * approve it at the real provider, and the proxy would send the victim's
 * code to evil.example. Against the real OpenID Provider.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { Client, errorParams } from "../support/client.js"
import type { AppOrigin } from "../support/config.js"
import { latchkey } from "../support/implementations.js"
import { type OpenIdProvider, startOpenIdProvider } from "../support/openid-provider.js"
import { appConfig, deliver, oidcProvider, registerClient } from "./app.js"

const PROXY: AppOrigin = { label: "proxy", origin: "https://auth.example.com", secure: true }
const PREVIEW: AppOrigin = { label: "preview", origin: "https://pr-42.preview.example.com", secure: true }
/** The proxy deployment itself, reached with a forged Host header. */
const FORGED_HOST: AppOrigin = { label: "forged host", origin: "https://evil.example", secure: true }

let op: OpenIdProvider
beforeAll(async () => {
  op = await startOpenIdProvider()
})
afterEach(() => {
  expect(op.errors).toEqual([])
  op.reset()
})
afterAll(() => op?.close())

async function proxyConfigWith(options: Record<string, unknown> = {}) {
  const client = await registerClient(op, "op", {}, PROXY)
  return appConfig([oidcProvider(op, client)], { redirectProxyUrl: `${PROXY.origin}/auth`, ...options })
}

/** A sign-in started on `start` (the attacker's browser), approved at the provider by the victim, delivered to the proxy. */
async function approvedThroughProxy(config: ReturnType<typeof appConfig>, start: AppOrigin) {
  const starter = new Client(latchkey, config, start)
  const csrfToken = await starter.csrfToken()
  const started = await starter.send("/auth/signin/op", { form: { csrfToken } })
  const outcome = await op.authorize(started.headers.get("location")!)
  const code = outcome.params.get("code")!
  expect(code).toBeTruthy()
  const victimAtProxy = new Client(latchkey, config, PROXY)
  const answer = await deliver(victimAtProxy, outcome)
  return { starter, code, answer, location: answer.headers.get("location") ?? "" }
}

describe("the redirect proxy's allowed origins", () => {
  it("does not deliver a victim's code to an origin sealed from a forged Host header", async () => {
    const config = await proxyConfigWith()
    const { answer, code, location } = await approvedThroughProxy(config, FORGED_HOST)

    expect(answer.status).toBe(302)
    expect(new URL(location).origin).toBe(PROXY.origin)
    expect(errorParams(location).error).toBe("Configuration")
    expect(location).not.toContain(code)
    expect(location).not.toContain("evil.example")
    const refused = config.log.errors.find((error) => error.name === "RedirectProxyTargetRefused")
    expect(refused?.message).toContain("https://evil.example")
    expect(refused?.message).toContain("redirectProxyAllowedOrigins")
  })

  it("refuses an origin outside the list, or one a predicate turns down", async () => {
    for (const allowed of [["https://pr-7.preview.example.com"], (origin: string) => origin.endsWith(".preview.example.com")]) {
      const config = await proxyConfigWith({ redirectProxyAllowedOrigins: allowed })
      const { location, code } = await approvedThroughProxy(config, FORGED_HOST)
      expect(errorParams(location).error).toBe("Configuration")
      expect(location).not.toContain(code)
    }
  })

  it("forwards to a listed preview deployment, which finishes the sign-in", async () => {
    for (const allowed of [[PREVIEW.origin], (origin: string) => /^https:\/\/pr-\d+\.preview\.example\.com$/.test(origin)]) {
      const config = await proxyConfigWith({ redirectProxyAllowedOrigins: allowed })
      const { starter, code, location } = await approvedThroughProxy(config, PREVIEW)
      const target = new URL(location)
      expect(`${target.origin}${target.pathname}`).toBe(`${PREVIEW.origin}/auth/callback/op`)
      expect(target.searchParams.get("code")).toBe(code)

      const done = await starter.send(`${target.pathname}${target.search}`)
      expect(done.headers.get("location")).toBe(PREVIEW.origin)
      expect((await starter.session()).body.user.email).toBe("ada@example.com")
    }
  })

  it("refuses a list entry that is not an origin, as a configuration error naming it", async () => {
    const config = await proxyConfigWith({ redirectProxyAllowedOrigins: ["https://pr-42.preview.example.com/auth"] })
    const response = await new Client(latchkey, config, PROXY).send("/auth/providers")
    expect(response.status).toBe(500)
    expect(config.log.errors[0]?.name).toBe("InvalidOption")
    expect(config.log.errors[0]?.message).toContain("redirectProxyAllowedOrigins[0]")
  })
})
