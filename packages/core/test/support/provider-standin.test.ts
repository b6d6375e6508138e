/**
 * The social-provider stand-in: one OAuth 2 round trip with GitHub's shapes
 * (oauth4webapi as the RP), its refusals, and X's OAuth 1.0a legacy flow with
 * its form-encoded answers.
 */
import * as oauth from "oauth4webapi"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { type ProviderStandIn, startProviderStandIn } from "./provider-standin.js"

const REDIRECT_URI = "http://127.0.0.1/auth/callback/github"
const CALLBACK_1A = "http://127.0.0.1/auth/callback/twitter"
const insecure = { [oauth.allowInsecureRequests]: true } as const

const GITHUB_USER = { id: 583231, login: "octocat", name: "The Octocat", email: null, avatar_url: "https://avatars.githubusercontent.com/u/583231" }
const GITHUB_EMAILS = [
  { email: "octocat@users.noreply.github.com", primary: false, verified: true, visibility: null },
  { email: "octocat@github.com", primary: true, verified: true, visibility: "public" },
]

let github: ProviderStandIn
let x: ProviderStandIn
beforeAll(async () => {
  github = await startProviderStandIn({
    authorize: { path: "/login/oauth/authorize" },
    token: {
      path: "/login/oauth/access_token",
      // GitHub answers form-encoded unless the client asks for JSON.
      reply: (request) => {
        const tokens = { access_token: "gho_standin", token_type: "bearer", scope: "read:user,user:email" }
        return String(request.headers.accept ?? "").includes("application/json") ? { json: tokens } : { form: tokens }
      },
    },
    routes: [
      { path: "/user", reply: { json: GITHUB_USER } },
      { path: "/user/emails", reply: { json: GITHUB_EMAILS } },
    ],
  })
  x = await startProviderStandIn({
    oauth1: {
      requestToken: "/oauth/request_token",
      authorize: "/oauth/authenticate",
      accessToken: "/oauth/access_token",
      accessTokenReply: { user_id: "2244994945", screen_name: "XDevelopers" },
    },
    routes: [
      {
        path: "/1.1/account/verify_credentials.json",
        auth: "oauth1",
        reply: { json: { id_str: "2244994945", screen_name: "XDevelopers", name: "Developers", email: "devs@x.example" } },
      },
    ],
  })
})
afterEach(() => {
  github.reset()
  x.reset()
})
afterAll(async () => {
  await github?.close()
  await x?.close()
})

function githubServer(): oauth.AuthorizationServer {
  return {
    issuer: github.url,
    authorization_endpoint: github.endpoint("/login/oauth/authorize"),
    token_endpoint: github.endpoint("/login/oauth/access_token"),
  }
}

async function authorizationCode() {
  const as = githubServer()
  const state = oauth.generateRandomState()
  const codeVerifier = oauth.generateRandomCodeVerifier()
  const url = new URL(as.authorization_endpoint as string)
  url.search = new URLSearchParams({
    client_id: "gh-client",
    redirect_uri: REDIRECT_URI,
    scope: "read:user user:email",
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  }).toString()
  const outcome = await github.authorize(url)
  return { as, state, codeVerifier, outcome }
}

describe("a provider stand-in (GitHub's shapes)", () => {
  it("completes an OAuth 2 round trip: authorize, token, /user and /user/emails", async () => {
    const client: oauth.Client = { client_id: "gh-client" }
    const { as, state, codeVerifier, outcome } = await authorizationCode()
    expect(outcome.redirectUri).toBe(REDIRECT_URI)
    const params = oauth.validateAuthResponse(as, client, outcome.params, state)
    const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.ClientSecretPost("gh-secret"), params, REDIRECT_URI, codeVerifier, insecure)
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response)
    expect(tokens).toMatchObject({ access_token: "gho_standin", token_type: "bearer", scope: "read:user,user:email" })

    const user = await oauth.protectedResourceRequest(tokens.access_token, "GET", new URL(github.endpoint("/user")), undefined, undefined, insecure)
    expect(await user.json()).toEqual(GITHUB_USER)
    const emails = await oauth.protectedResourceRequest(tokens.access_token, "GET", new URL(github.endpoint("/user/emails")), undefined, undefined, insecure)
    expect(await emails.json()).toEqual(GITHUB_EMAILS)

    const [tokenRequest] = github.requestsTo("/login/oauth/access_token")
    expect(tokenRequest?.form.get("client_secret")).toBe("gh-secret")
    expect(tokenRequest?.form.get("code_verifier")).toBe(codeVerifier)
    expect(github.requestsTo("/user")[0]?.bearer).toBe("gho_standin")
  })

  it("answers form-encoded tokens to a client that does not ask for JSON", async () => {
    const { outcome } = await authorizationCode()
    const response = await fetch(github.endpoint("/login/oauth/access_token"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ code: outcome.params.get("code") as string, redirect_uri: REDIRECT_URI, client_id: "gh-client" }),
    })
    expect(response.headers.get("content-type")).toBe("application/x-www-form-urlencoded")
    expect(Object.fromEntries(new URLSearchParams(await response.text()))).toEqual({
      access_token: "gho_standin",
      token_type: "bearer",
      scope: "read:user,user:email",
    })
  })

  it("refuses an unknown or reused code, another redirect_uri, and a profile request without the token", async () => {
    const exchange = (code: string, redirectUri = REDIRECT_URI) =>
      fetch(github.endpoint("/login/oauth/access_token"), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({ code, redirect_uri: redirectUri }),
      })
    expect((await (await exchange("made-up")).json()).error).toBe("invalid_grant")
    const first = (await authorizationCode()).outcome.params.get("code") as string
    expect((await exchange(first, "http://127.0.0.1/elsewhere")).status).toBe(400)
    const second = (await authorizationCode()).outcome.params.get("code") as string
    expect((await exchange(second)).status).toBe(200)
    expect((await exchange(second)).status).toBe(400)

    expect((await fetch(github.endpoint("/user"))).status).toBe(401)
    expect((await fetch(github.endpoint("/user"), { headers: { authorization: "Bearer not-issued" } })).status).toBe(401)
    expect((await fetch(github.endpoint("/nothing-here"))).status).toBe(404)
  })
})

describe("a provider stand-in (X's OAuth 1.0a legacy flow)", () => {
  /** An OAuth 1.0a Authorization header; the stand-in records it and does not check the signature. */
  const oauthHeader = (params: Record<string, string>) =>
    `OAuth ${Object.entries({
      oauth_consumer_key: "x-key",
      oauth_nonce: "n",
      oauth_signature: "sig",
      oauth_signature_method: "HMAC-SHA1",
      oauth_timestamp: "1",
      oauth_version: "1.0",
      ...params,
    })
      .map(([name, value]) => `${encodeURIComponent(name)}="${encodeURIComponent(value)}"`)
      .join(", ")}`

  it("issues a request token, redirects with a verifier, trades it for an access token, and serves the profile", async () => {
    const requestToken = await fetch(x.endpoint("/oauth/request_token"), {
      method: "POST",
      headers: { authorization: oauthHeader({ oauth_callback: CALLBACK_1A }) },
    })
    expect(requestToken.headers.get("content-type")).toBe("application/x-www-form-urlencoded")
    const temporary = new URLSearchParams(await requestToken.text())
    expect(temporary.get("oauth_callback_confirmed")).toBe("true")
    expect(x.requestsTo("/oauth/request_token")[0]?.oauth).toMatchObject({ oauth_callback: CALLBACK_1A, oauth_consumer_key: "x-key" })

    const outcome = await x.authorize(`${x.endpoint("/oauth/authenticate")}?oauth_token=${temporary.get("oauth_token")}`)
    expect(outcome.redirectUri).toBe(CALLBACK_1A)
    expect(outcome.params.get("oauth_token")).toBe(temporary.get("oauth_token"))

    const accessToken = await fetch(x.endpoint("/oauth/access_token"), {
      method: "POST",
      headers: {
        authorization: oauthHeader({ oauth_token: temporary.get("oauth_token") as string }),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ oauth_verifier: outcome.params.get("oauth_verifier") as string }),
    })
    const access = Object.fromEntries(new URLSearchParams(await accessToken.text()))
    expect(access).toMatchObject({ oauth_token: expect.any(String), oauth_token_secret: expect.any(String), user_id: "2244994945", screen_name: "XDevelopers" })

    const profile = await fetch(x.endpoint("/1.1/account/verify_credentials.json"), {
      headers: { authorization: oauthHeader({ oauth_token: access.oauth_token as string }) },
    })
    expect(await profile.json()).toMatchObject({ id_str: "2244994945", screen_name: "XDevelopers" })
  })

  it("refuses a wrong verifier and a profile request with the request token", async () => {
    const temporary = new URLSearchParams(
      await (
        await fetch(x.endpoint("/oauth/request_token"), { method: "POST", headers: { authorization: oauthHeader({ oauth_callback: CALLBACK_1A }) } })
      ).text(),
    )
    const token = temporary.get("oauth_token") as string
    await x.authorize(`${x.endpoint("/oauth/authenticate")}?oauth_token=${token}`)
    const wrong = await fetch(x.endpoint("/oauth/access_token"), {
      method: "POST",
      headers: { authorization: oauthHeader({ oauth_token: token, oauth_verifier: "guessed" }) },
    })
    expect(wrong.status).toBe(401)
    const profile = await fetch(x.endpoint("/1.1/account/verify_credentials.json"), { headers: { authorization: oauthHeader({ oauth_token: token }) } })
    expect(profile.status).toBe(401)
  })
})
