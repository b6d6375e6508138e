/**
 * `token.request`: a provider whose token endpoint is not RFC 6749's
 * exchanges the code with its own request (WeChat's GET with `appid` and
 * `secret`). Over HTTP against a stand-in: the hook gets the code, the
 * redirect URI, the PKCE verifier, the configured client and the provider's
 * transport; what it answers is validated like any token response (after
 * `token.conform`), so a refusal or something that is not a Response fails
 * the sign-in.
 */
import { describe, expect, it } from "vitest"
import type { TokenRequest } from "../../src/providers/oauth.js"
import { CLIENT, signInWith } from "../providers/harness.js"
import { startProviderStandIn } from "../support/provider-standin.js"
import { APP, callbackUrlOf } from "./app.js"

const PROFILE = { id: 42, name: "Grace Hopper", email: "grace@example.com" }

/** A stand-in whose token exchange is `GET /exchange?client&code`, answering `reply`. */
async function standInWith(reply: (query: URLSearchParams) => { status?: number; json: unknown }) {
  return startProviderStandIn({
    authorize: { path: "/authorize" },
    routes: [
      { path: "/exchange", auth: "none", reply: (request) => reply(request.query) },
      {
        path: "/me",
        auth: "none",
        reply: (request) => (request.headers.authorization === "Bearer exchanged-token" ? { json: PROFILE } : { status: 401, json: {} }),
      },
    ],
  })
}

function provider(standIn: Awaited<ReturnType<typeof standInWith>>, request: unknown, extra: Record<string, unknown> = {}) {
  return {
    id: "custom",
    name: "Custom",
    type: "oauth",
    ...CLIENT,
    authorization: { url: standIn.endpoint("/authorize"), params: { scope: "profile" } },
    token: { url: standIn.endpoint("/exchange"), request, ...extra },
    userinfo: standIn.endpoint("/me"),
    profile: (profile: typeof PROFILE) => ({ id: String(profile.id), name: profile.name, email: profile.email }),
  }
}

describe("token.request", () => {
  it("exchanges the code with the provider's own request; its answer signs in", async () => {
    const standIn = await standInWith((query) =>
      query.get("client") === CLIENT.clientId && query.get("code")
        ? { json: { access_token: "exchanged-token", token_type: "bearer" } }
        : { status: 400, json: { error: "invalid_grant" } },
    )
    try {
      const seen: Parameters<TokenRequest>[0][] = []
      const request: TokenRequest = async (context) => {
        seen.push(context)
        const url = new URL(String((context.provider.token as { url: string }).url))
        url.searchParams.set("client", context.provider.clientId ?? "")
        url.searchParams.set("code", context.params.code)
        return context.fetch(url.href, { method: "GET" })
      }
      const outcome = await signInWith(provider(standIn, request), standIn, "custom")
      expect(outcome.errors).toEqual([])
      expect(outcome.location).toBe(APP.origin)
      expect(outcome.session.user).toMatchObject({ name: "Grace Hopper", email: "grace@example.com" })
      expect(seen).toHaveLength(1)
      expect(seen[0]!.params.redirect_uri).toBe(callbackUrlOf("custom"))
      // The default checks (PKCE + state) hold: the hook gets the verifier to send where its provider wants it.
      expect(seen[0]!.params.code_verifier).toMatch(/^[\w-]{43,128}$/)
      expect(seen[0]!.provider.clientSecret).toBe(CLIENT.clientSecret)
      expect(standIn.requests.filter((entry) => entry.path === "/exchange").map((entry) => entry.method)).toEqual(["GET"])
    } finally {
      await standIn.close()
    }
  })

  it("a refusal it returns fails the sign-in (after token.conform), as a refusal of the standard request does", async () => {
    const standIn = await standInWith(() => ({ json: { errcode: 40029, errmsg: "invalid code" } }))
    try {
      const request: TokenRequest = async ({ provider: configured, fetch }) => fetch(String((configured.token as { url: string }).url), { method: "GET" })
      const conform = async (response: Response) => {
        const body = (await response.json()) as { errcode?: number; errmsg?: string }
        return body.errcode ? Response.json({ error: "invalid_grant", error_description: body.errmsg }, { status: 400 }) : undefined
      }
      const outcome = await signInWith(provider(standIn, request, { conform }), standIn, "custom")
      expect(outcome.location).toBe(`${APP.origin}/auth/signin?error=OAuthCallbackError`)
      expect(outcome.session.user).toBeUndefined()
      expect(outcome.errors.map((error) => error.message).join("\n")).toMatch(/the token response failed: invalid_grant: invalid code/)
    } finally {
      await standIn.close()
    }
  })

  it("an answer that is not a Response fails the sign-in", async () => {
    const standIn = await standInWith(() => ({ json: {} }))
    try {
      const outcome = await signInWith(
        provider(standIn, async () => ({ access_token: "exchanged-token", token_type: "bearer" })),
        standIn,
        "custom",
      )
      expect(outcome.location).toBe(`${APP.origin}/auth/signin?error=OAuthCallbackError`)
      expect(outcome.errors.map((error) => error.message).join("\n")).toContain("must resolve to the token endpoint's Response")
    } finally {
      await standIn.close()
    }
  })
})
