/**
 * The provider-specific behaviour of the catalog beyond plain mapping: X's
 * versions and e-mail opt-in, Apple's client-secret JWT, Entra ID's tenant,
 * Twitch's token response fixes, GitHub's and Bitbucket's choice of a
 * verified address, Discord's default avatars.
 */
import { decodeProtectedHeader, exportPKCS8, generateKeyPair, jwtVerify } from "jose"
import { describe, expect, it } from "vitest"
import { prepareConfig } from "../../src/config/prepare.js"
import { InvalidEndpoints } from "../../src/errors.js"
import Apple, { APPLE_MAX_SECRET_LIFETIME, createAppleClientSecret } from "../../src/providers/apple.js"
import { pickBitbucketEmail } from "../../src/providers/bitbucket.js"
import { discordAvatarUrl } from "../../src/providers/discord.js"
import GitHub, { pickGitHubEmail } from "../../src/providers/github.js"
import GitLab from "../../src/providers/gitlab.js"
import MicrosoftEntraID from "../../src/providers/microsoft-entra-id.js"
import { conformTwitchTokenResponse } from "../../src/providers/twitch.js"
import Twitter from "../../src/providers/twitter.js"
import { BITBUCKET_EMAILS, GITHUB_EMAILS, X_USER_WITH_EMAIL } from "./fixtures.js"

describe("X (Twitter)", () => {
  it('accepts version "2.0" as the default OAuth 2.0 configuration', () => {
    const plain = Twitter({ clientId: "id" })
    const explicit = Twitter({ clientId: "id", version: "2.0" })
    expect(JSON.stringify(explicit)).toBe(JSON.stringify(plain))
    expect(explicit.authorization).toEqual({ url: "https://x.com/i/oauth2/authorize", params: { scope: "users.read tweet.read offline.access" } })
    expect(explicit.options).toEqual({ clientId: "id" })
  })

  it('selects the OAuth 1.0a flow with version "1.0a" (and "1.0"), on X\'s legacy endpoints', () => {
    for (const version of ["1.0a", "1.0"] as const) {
      const provider = Twitter({ version, clientId: "key", clientSecret: "secret" })
      expect(provider).toMatchObject({
        id: "twitter",
        type: "oauth",
        version: "1.0a",
        requestTokenUrl: "https://api.x.com/oauth/request_token",
        authorization: "https://api.x.com/oauth/authenticate",
        token: "https://api.x.com/oauth/access_token",
      })
      const userinfo = new URL((provider.userinfo as { url: string }).url)
      expect(`${userinfo.origin}${userinfo.pathname}`).toBe("https://api.x.com/1.1/account/verify_credentials.json")
      expect(userinfo.searchParams.get("include_email")).toBe("true")
      expect(provider.account!({ oauth_token: "t", oauth_token_secret: "s", user_id: "1" } as never)).toEqual({ oauth_token: "t", oauth_token_secret: "s" })
    }
  })

  it("refuses any other version, naming the accepted ones", () => {
    expect(() => Twitter({ version: "3.0" as never })).toThrow(/"2.0" \(the default\) or "1.0a"/)
  })

  it("asks for the e-mail only when includeEmail is set (scope users.email, field confirmed_email)", async () => {
    const provider = Twitter({ includeEmail: true, userFields: ["description", "location"] })
    expect((provider.authorization as { params: { scope: string } }).params.scope).toBe("users.read tweet.read offline.access users.email")
    expect((provider.userinfo as { params: Record<string, string> }).params["user.fields"]).toBe("profile_image_url,description,location,confirmed_email")
    expect(await provider.profile!(X_USER_WITH_EMAIL as never, {})).toMatchObject({ email: "Devs@X.example" })
    expect(provider.options).toEqual({})
  })

  it("refuses a userFields entry that is not a field name", () => {
    expect(() => Twitter({ userFields: ["description&expansions=x"] })).toThrow(TypeError)
  })
})

describe("Apple", () => {
  it("builds the client-secret JWT Apple expects (ES256, kid, team, Services ID, audience, at most 6 months)", async () => {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true })
    const pem = await exportPKCS8(privateKey)
    // As an env file stores it: one line with literal \n.
    const secret = await createAppleClientSecret({
      teamId: "TEAM123456",
      keyId: "KEY1234567",
      clientId: "com.example.web",
      privateKey: pem.replace(/\n/g, "\\n"),
    })
    expect(decodeProtectedHeader(secret)).toEqual({ alg: "ES256", kid: "KEY1234567" })
    const { payload } = await jwtVerify(secret, publicKey, { issuer: "TEAM123456", audience: "https://appleid.apple.com", subject: "com.example.web" })
    expect(payload.exp! - payload.iat!).toBe(APPLE_MAX_SECRET_LIFETIME)
  })

  it("refuses a lifetime beyond 6 months and missing fields", async () => {
    const { privateKey } = await generateKeyPair("ES256")
    const base = { teamId: "T", keyId: "K", clientId: "C", privateKey }
    await expect(createAppleClientSecret({ ...base, expiresIn: APPLE_MAX_SECRET_LIFETIME + 1 })).rejects.toThrow(TypeError)
    await expect(createAppleClientSecret({ ...base, teamId: "" })).rejects.toThrow(/teamId/)
  })

  it("uses the first authorization's name, else the e-mail; later sign-ins have only the ID token", async () => {
    const provider = Apple()
    const claims = { sub: "001.abc.1", email: "a@privaterelay.appleid.com" } as never
    expect(await provider.profile!({ ...(claims as object), user: { name: { firstName: "Ada", lastName: "Lovelace" } } } as never, {})).toMatchObject({
      name: "Ada Lovelace",
    })
    expect(await provider.profile!({ ...(claims as object), user: "{not json" } as never, {})).toMatchObject({ name: "a@privaterelay.appleid.com" })
    expect(await provider.profile!(claims, {})).toEqual({
      id: "001.abc.1",
      name: "a@privaterelay.appleid.com",
      email: "a@privaterelay.appleid.com",
      image: null,
    })
  })
})

describe("Microsoft Entra ID", () => {
  it("builds the issuer from tenantId", () => {
    expect(MicrosoftEntraID({ tenantId: "contoso.onmicrosoft.com" }).issuer).toBe("https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0")
    expect(MicrosoftEntraID({ tenantId: "x", issuer: "https://login.microsoftonline.com/y/v2.0" }).issuer).toBeUndefined()
    // The multi-tenant endpoints are tenants too (their flow: entra-multi-tenant.test.ts).
    for (const tenantId of ["common", "organizations", "consumers"]) {
      expect(MicrosoftEntraID({ tenantId }).issuer).toBe(`https://login.microsoftonline.com/${tenantId}/v2.0`)
    }
  })

  it("refuses a tenantId that is not an id or domain", () => {
    expect(() => MicrosoftEntraID({ tenantId: "a/../b" })).toThrow(TypeError)
  })

  it("is a configuration error (InvalidEndpoints) without a tenant or issuer, instead of the multi-tenant `common`", () => {
    const prepared = prepareConfig({ providers: [MicrosoftEntraID({ clientId: "id", clientSecret: "s" })], secret: "s".repeat(32), trustHost: true })
    expect(prepared.configError).toBeInstanceOf(InvalidEndpoints)
    expect(prepared.configError!.message).toMatch(/"microsoft-entra-id" .*without `issuer`.*AUTH_MICROSOFT_ENTRA_ID_ISSUER/)
  })
})

describe("Twitch's token response", () => {
  it("turns a scope array into the space-separated string of RFC 6749", async () => {
    const fixed = await conformTwitchTokenResponse(Response.json({ access_token: "a", token_type: "bearer", scope: ["openid", "user:read:email"] }))
    expect(await fixed!.json()).toMatchObject({ scope: "openid user:read:email" })
  })

  it("turns {status, message} into an RFC 6749 error", async () => {
    const fixed = await conformTwitchTokenResponse(Response.json({ status: 400, message: "Invalid authorization code" }, { status: 400 }))
    expect(fixed!.status).toBe(400)
    expect(await fixed!.json()).toEqual({ error: "invalid_request", error_description: "Invalid authorization code" })
  })

  it("leaves conforming responses alone", async () => {
    expect(await conformTwitchTokenResponse(Response.json({ access_token: "a", token_type: "bearer", scope: "openid" }))).toBeUndefined()
    expect(await conformTwitchTokenResponse(new Response("not json"))).toBeUndefined()
  })
})

describe("verified e-mail choice", () => {
  it("GitHub: the verified primary, else the first verified, never an unverified one", () => {
    expect(pickGitHubEmail(GITHUB_EMAILS)).toBe("Octocat@GitHub.com")
    expect(
      pickGitHubEmail([
        { email: "u@example.com", primary: true, verified: false },
        { email: "v@example.com", primary: false, verified: true },
      ]),
    ).toBe("v@example.com")
    expect(pickGitHubEmail([{ email: "u@example.com", primary: true, verified: false }])).toBeNull()
    expect(pickGitHubEmail({ message: "Not Found" })).toBeNull()
  })

  it("Bitbucket: the confirmed primary, else the first confirmed", () => {
    expect(pickBitbucketEmail(BITBUCKET_EMAILS)).toBe("ada@example.com")
    expect(pickBitbucketEmail({ values: [{ email: "x@example.com", is_primary: true, is_confirmed: false }] })).toBeNull()
  })
})

describe("self-hosted bases", () => {
  it("GitHub Enterprise and self-managed GitLab use their own hosts", () => {
    const github = GitHub({ enterprise: { baseUrl: "https://github.example.com/" } })
    expect(github.token).toBe("https://github.example.com/login/oauth/access_token")
    expect((github.userinfo as { url: string }).url).toBe("https://github.example.com/api/v3/user")
    const gitlab = GitLab({ baseUrl: "https://gitlab.example.com" })
    expect(gitlab.userinfo).toBe("https://gitlab.example.com/api/v4/user")
  })
})

describe("Discord avatars", () => {
  it("animated hashes are GIFs; accounts without an avatar get Discord's default one", () => {
    expect(discordAvatarUrl({ id: "1", avatar: "a_123", discriminator: "0" })).toBe("https://cdn.discordapp.com/avatars/1/a_123.gif")
    // (80351110224678912 >> 22) % 6 on the unique-username system.
    expect(discordAvatarUrl({ id: "80351110224678912", avatar: null, discriminator: "0" })).toBe(
      `https://cdn.discordapp.com/embed/avatars/${Number((80351110224678912n >> 22n) % 6n)}.png`,
    )
    expect(discordAvatarUrl({ id: "1", avatar: null, discriminator: "1337" })).toBe("https://cdn.discordapp.com/embed/avatars/2.png")
  })
})
