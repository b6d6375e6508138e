/**
 * A provider's `token.authenticate` hook (providers/oauth.ts,
 * flows/oauth/client.ts): it replaces the client authentication method and
 * edits the token request just before it is sent, so a provider whose token
 * endpoint is not RFC 6749's (Azure DevOps) needs no flow of its own. Over
 * HTTP against the provider stand-in.
 */
import { describe, expect, it } from "vitest"
import type { TokenRequestToAuthenticate } from "../../src/providers/oauth.js"
import { startProviderStandIn } from "../support/provider-standin.js"
import { CLIENT, json, signInWith } from "../providers/harness.js"

const USER = { id: "u-1", name: "Ada Lovelace", email: "ada@example.com" }

async function signInWithHook(authenticate: ((request: TokenRequestToAuthenticate) => void | Promise<void>) | undefined, codeParam?: string) {
  const standIn = await startProviderStandIn({
    authorize: { path: "/authorize" },
    token: { path: "/token", codeParam, reply: json({ access_token: "at-1", token_type: "bearer" }) },
    routes: [{ path: "/me", reply: json(USER) }],
  })
  const provider = {
    id: "custom",
    name: "Custom",
    type: "oauth",
    ...CLIENT,
    authorization: { url: standIn.endpoint("/authorize") },
    token: { url: standIn.endpoint("/token"), ...(authenticate ? { authenticate } : {}) },
    userinfo: standIn.endpoint("/me"),
    checks: ["state"],
  }
  try {
    const outcome = await signInWith(provider, standIn, "custom")
    return { outcome, tokenRequest: standIn.requestsTo("/token")[0]! }
  } finally {
    await standIn.close()
  }
}

describe("token.authenticate", () => {
  it("replaces the client authentication: the hook's edits are what the provider receives, no Basic header", async () => {
    const seen: { clientId?: string; clientSecret?: string } = {}
    const { outcome, tokenRequest } = await signInWithHook(async ({ body, headers, clientId, clientSecret }) => {
      Object.assign(seen, { clientId, clientSecret })
      await Promise.resolve()
      body.set("assertion", body.get("code") ?? "")
      body.delete("code")
      body.set("client_assertion", clientSecret ?? "")
      headers.set("x-signed-by", clientId)
    }, "assertion")
    expect(outcome.errors).toEqual([])
    expect(outcome.session.user).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com" })
    expect(seen).toEqual({ clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret })
    expect(tokenRequest.headers.authorization).toBeUndefined()
    expect(tokenRequest.headers["x-signed-by"]).toBe(CLIENT.clientId)
    expect(tokenRequest.form.get("code")).toBeNull()
    expect(tokenRequest.form.get("client_assertion")).toBe(CLIENT.clientSecret)
    expect(tokenRequest.form.get("grant_type")).toBe("authorization_code")
  })

  it("without a hook the configured method applies (client_secret_basic)", async () => {
    const { outcome, tokenRequest } = await signInWithHook(undefined)
    expect(outcome.errors).toEqual([])
    expect(tokenRequest.headers.authorization).toMatch(/^Basic /)
    expect(tokenRequest.form.get("client_secret")).toBeNull()
  })

  it("a hook that throws ends the sign-in with OAuthCallbackError, no session", async () => {
    const { outcome } = await signInWithHook(() => {
      throw new Error("no key")
    })
    expect(outcome.session.user).toBeUndefined()
    expect(new URL(outcome.location!).searchParams.get("error")).toBe("OAuthCallbackError")
    expect(outcome.errors.map((error) => error.message).join()).toMatch(/no key/)
  })
})
