/**
 * The redirect proxy (`redirectProxyUrl` / `AUTH_REDIRECT_PROXY_URL`): a
 * preview deployment signs in through the one callback URL registered at the
 * provider, which forwards the browser back to the deployment that started.
 */
import { describe, expect, it } from "vitest"
import { Client, errorParams } from "../support/client.js"
import type { AppOrigin } from "../support/config.js"
import { latchkey } from "../support/implementations.js"
import { appConfig, deliver, oidcProvider, openIdProviderForFile, registerClient } from "./app.js"

const PROXY: AppOrigin = { label: "proxy", origin: "https://auth.example.com", secure: true }
const PREVIEW: AppOrigin = { label: "preview", origin: "https://pr-42.preview.example.com", secure: true }

const op = await openIdProviderForFile()

async function deployments() {
  const client = await registerClient(op, "op", {}, PROXY)
  const provider = () => oidcProvider(op, client)
  const options = { redirectProxyUrl: `${PROXY.origin}/auth`, redirectProxyAllowedOrigins: [PREVIEW.origin] }
  const proxyConfig = appConfig([provider()], options)
  const previewConfig = appConfig([provider()], options)
  return { proxyConfig, previewConfig }
}

describe("redirectProxyUrl", () => {
  it("signs a preview deployment in through the proxy's callback URL", async () => {
    const { proxyConfig, previewConfig } = await deployments()
    const preview = new Client(latchkey, previewConfig, PREVIEW)
    const csrfToken = await preview.csrfToken()
    const start = await preview.send("/auth/signin/op", { form: { csrfToken, callbackUrl: "/after" } })
    const authorizationUrl = new URL(start.headers.get("location")!)
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(`${PROXY.origin}/auth/callback/op`)

    const outcome = await op.authorize(authorizationUrl)
    expect(outcome.redirectUri).toBe(`${PROXY.origin}/auth/callback/op`)

    // The browser reaches the proxy, which has none of the preview's cookies, and is sent on.
    const proxy = new Client(latchkey, proxyConfig, PROXY)
    const forwarded = await deliver(proxy, outcome)
    const target = new URL(forwarded.headers.get("location")!)
    expect(`${target.origin}${target.pathname}`).toBe(`${PREVIEW.origin}/auth/callback/op`)
    expect(target.searchParams.get("code")).toBe(outcome.params.get("code"))
    expect(proxy.sessionCookieNames()).toEqual([])

    const done = await preview.send(`${target.pathname}${target.search}`)
    expect(done.headers.get("location"), previewConfig.log.errors.map(String).join("\n")).toBe(`${PREVIEW.origin}/after`)
    expect((await preview.session()).body.user.email).toBe("ada@example.com")
  })

  it("finishes a sign-in started on the proxy itself without forwarding", async () => {
    const { proxyConfig } = await deployments()
    const proxy = new Client(latchkey, proxyConfig, PROXY)
    const csrfToken = await proxy.csrfToken()
    const start = await proxy.send("/auth/signin/op", { form: { csrfToken } })
    const outcome = await op.authorize(start.headers.get("location")!)
    const done = await deliver(proxy, outcome)
    expect(done.headers.get("location")).toBe(PROXY.origin)
    expect((await proxy.session()).body.user.name).toBe("Ada Lovelace")
  })

  it("forwards only to what a deployment sharing the secret sealed: a forged state is InvalidCheck, back to sign in (Callback)", async () => {
    const { proxyConfig } = await deployments()
    const proxy = new Client(latchkey, proxyConfig, PROXY)
    const response = await proxy.send("/auth/callback/op?code=x&state=not-a-sealed-state")
    expect(errorParams(response.headers.get("location"))).toEqual({ path: "/auth/signin", error: "Callback", code: null })
    expect(proxyConfig.log.errors.map((error) => error.name)).toContain("InvalidCheck")
  })
})
