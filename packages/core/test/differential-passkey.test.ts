/**
 * Differential tests of `GET /webauthn-options/:id`: the same requests through
 * `@auth/core` 0.41.3 (its Passkey provider with `experimental.enableWebAuthn`,
 * on the SimpleWebAuthn 9 it was built on, both from compat/) and through
 * Latchkey (its Passkey provider on SimpleWebAuthn 14), each with a
 * MemoryAdapter holding the same known user. The action chosen, the status,
 * the shape of the options, the challenge cookie's name and attributes and
 * the error values must agree. Latchkey runs with `allowSignUp: true`, the
 * configuration in which it signs up new addresses as `@auth/core` does.
 * Where Latchkey differs on purpose the test pins both sides and
 * docs/migration.md lists the difference: the challenge cookie lives 5
 * minutes (not 15), the CSRF and callback-url cookies are not minted by this
 * action, and a signed-out visitor learns nothing about an address (see the
 * last block; passkey-enumeration.test.ts covers Latchkey alone). A full
 * ceremony is covered by e2e/passkey.test.ts.
 */
import { describe, expect, it } from "vitest"
// @ts-expect-error compat/ is a plain JS package outside the workspaces: @auth/core 0.41.3's own Passkey provider.
import { Passkey as AuthjsPasskey } from "../../../compat/authjs-parts.js"
import { MemoryAdapter } from "../src/adapters/memory.js"
import LatchkeyPasskey from "../src/providers/passkey.js"
import { Client } from "./support/client.js"
import { type AppOrigin, ORIGINS, SECRET } from "./support/config.js"
import { setCookies } from "./support/cookies.js"
import { type Implementation, latchkey, reference } from "./support/implementations.js"
import { bodyOf, shapeOf } from "./support/observe.js"

const KNOWN = "known@example.com"
/** A user with a stored passkey, whose credential id @auth/core lists to anyone who types the address. */
const WITH_PASSKEY = "passkey-owner@example.com"
const CREDENTIAL_ID = Buffer.from("passkey-owner's credential id")
const CHALLENGE_COOKIE = "authjs.challenge"
/** Latchkey's provider options in the scenarios where both must agree: sign-up on, as @auth/core has it. */
const SIGN_UP = { allowSignUp: true }

/** A fresh app of `impl` at `app` with one passkey provider, one known user without a passkey and one with. */
async function passkeyApp(impl: Implementation, app: AppOrigin, latchkeyOptions: Record<string, unknown> = SIGN_UP): Promise<Client<Record<string, any>>> {
  const adapter = MemoryAdapter()
  await adapter.createUser!({ id: "known-user", email: KNOWN, emailVerified: new Date() })
  const owner = await adapter.createUser!({ id: "passkey-owner", email: WITH_PASSKEY, emailVerified: new Date() })
  const credentialID = CREDENTIAL_ID.toString("base64")
  await adapter.linkAccount!({ userId: owner.id, type: "webauthn", provider: "passkey", providerAccountId: credentialID })
  await adapter.createAuthenticator!({
    userId: owner.id,
    providerAccountId: credentialID,
    credentialID,
    credentialPublicKey: Buffer.from("a public key").toString("base64"),
    counter: 1,
    credentialBackedUp: false,
    credentialDeviceType: "singleDevice",
    transports: "internal",
  })
  const config: Record<string, any> = {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    adapter,
    experimental: { enableWebAuthn: true },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [impl === reference ? AuthjsPasskey({}) : LatchkeyPasskey(latchkeyOptions)],
  }
  return new Client(impl, config, app)
}

/** What a client of GET /webauthn-options observes. */
async function optionsAnswer(impl: Implementation, app: AppOrigin, query: string, latchkeyOptions?: Record<string, unknown>) {
  const client = await passkeyApp(impl, app, latchkeyOptions)
  const response = await client.send(`/auth/webauthn-options/passkey${query}`)
  const body = (await bodyOf(response)) as { action?: string; options?: Record<string, unknown>; error?: string }
  const cookies = setCookies(response)
  const challenge = cookies.find((cookie) => cookie.name === `${app.secure ? "__Secure-" : ""}${CHALLENGE_COOKIE}`)
  return { response, body, cookies, challenge }
}

/**
 * The options' shape, without what only SimpleWebAuthn 14 writes (`hints`) and
 * the empty `allowCredentials` list SimpleWebAuthn 9 writes for a known user without
 * a passkey (both mean "no restriction" to a browser).
 */
function comparableOptions(options: Record<string, unknown> | undefined) {
  if (!options) return options
  const { hints: _hints, allowCredentials, ...rest } = options
  const kept = Array.isArray(allowCredentials) && allowCredentials.length > 0 ? { ...rest, allowCredentials } : rest
  return shapeOf(kept)
}

const scenarios = [
  { label: "no action, no email (a discoverable sign-in)", query: "", action: "authenticate" },
  { label: "action=authenticate", query: "?action=authenticate", action: "authenticate" },
  { label: "a new email (registration inferred)", query: "?email=new%40example.com", action: "register" },
  { label: "action=register with a new email", query: "?action=register&email=new%40example.com", action: "register" },
] as const

describe.each(ORIGINS)("GET /webauthn-options: @auth/core and Latchkey agree over $label ($origin)", (app: AppOrigin) => {
  it.each(scenarios)("$label: the same action, status, options shape and challenge cookie", async ({ query, action }) => {
    const ref = await optionsAnswer(reference, app, query)
    const ours = await optionsAnswer(latchkey, app, query)
    const observed = (side: typeof ref) => ({
      status: side.response.status,
      contentType: side.response.headers.get("content-type"),
      action: side.body.action,
      options: comparableOptions(side.body.options),
      rpId: side.body.options?.rpId ?? (side.body.options?.rp as { id?: string } | undefined)?.id,
      userName: (side.body.options?.user as { name?: string } | undefined)?.name,
      userDisplayName: (side.body.options?.user as { displayName?: string } | undefined)?.displayName,
      challengeCookie: side.challenge && {
        name: side.challenge.name,
        httpOnly: side.challenge.httpOnly,
        secure: side.challenge.secure ?? false,
        sameSite: side.challenge.sameSite?.toLowerCase(),
        path: side.challenge.path,
      },
    })
    expect(observed(ours)).toEqual(observed(ref))
    expect(observed(ours)).toMatchObject({
      status: 200,
      action,
      rpId: new URL(app.origin).hostname,
      challengeCookie: { httpOnly: true, secure: app.secure, sameSite: "lax", path: "/" },
    })
    expect(ours.body.options!.challenge).toMatch(/^[\w-]{43}$/)
    if (action === "register") expect(observed(ours)).toMatchObject({ userName: "new@example.com", userDisplayName: "new@example.com" })

    // Pinned (docs/migration.md, "Passkeys" and "Cookies and sessions"): the challenge lives
    // 5 minutes instead of 15, and only the challenge cookie is set by this action.
    expect(ref.challenge!.maxAge).toBe(15 * 60)
    expect(ours.challenge!.maxAge).toBe(5 * 60)
    expect(ref.cookies.map((cookie) => cookie.name).sort()).toEqual(
      [
        ref.challenge!.name,
        ...(app.secure ? ["__Host-authjs.csrf-token", "__Secure-authjs.callback-url"] : ["authjs.callback-url", "authjs.csrf-token"]),
      ].sort(),
    )
    expect(ours.cookies.map((cookie) => cookie.name)).toEqual([ours.challenge!.name])
  })

  it("an invalid action: the same 400 and error value, and no challenge", async () => {
    const ref = await optionsAnswer(reference, app, "?action=bogus")
    const ours = await optionsAnswer(latchkey, app, "?action=bogus")
    const observed = (side: typeof ref) => ({ status: side.response.status, body: side.body, challenge: side.challenge })
    expect(observed(ours)).toEqual(observed(ref))
    expect(observed(ours)).toEqual({ status: 400, body: { error: "Invalid action" }, challenge: undefined })
  })
})

describe.each(ORIGINS)(
  "GET /webauthn-options, signed out: Latchkey tells nothing about an address, @auth/core does (a deliberate difference, $label)",
  (app: AppOrigin) => {
    const known = `?email=${encodeURIComponent(WITH_PASSKEY)}`
    const unknown = "?email=new%40example.com"
    const answerOf = async (impl: Implementation, query: string, latchkeyOptions?: Record<string, unknown>) => {
      const { response, body } = await optionsAnswer(impl, app, query, latchkeyOptions)
      const options = body.options as { allowCredentials?: { id: string }[]; excludeCredentials?: unknown[]; user?: { name?: string } } | undefined
      return {
        status: response.status,
        action: body.action,
        error: body.error,
        listed: (options?.allowCredentials ?? []).map((credential) => credential.id),
        excluded: options?.excludeCredentials?.length,
        userName: options?.user?.name,
      }
    }
    const listedId = CREDENTIAL_ID.toString("base64url")

    it("an address whose user has a passkey: @auth/core answers authenticate with its credential id; Latchkey, with sign-up, the registration a new address gets", async () => {
      expect(await answerOf(reference, known)).toMatchObject({ status: 200, action: "authenticate", listed: [listedId] })
      expect(await answerOf(reference, unknown)).toMatchObject({ status: 200, action: "register" })
      const ours = await answerOf(latchkey, known)
      expect(ours).toEqual({ status: 200, action: "register", error: undefined, listed: [], excluded: 0, userName: WITH_PASSKEY })
      expect({ ...(await answerOf(latchkey, unknown)), userName: WITH_PASSKEY }).toEqual(ours)
    })

    it("action=register for that address: @auth/core refuses it (and registers a new one); Latchkey answers both alike", async () => {
      const register = (query: string) => `?action=register&${query.slice(1)}`
      expect(await answerOf(reference, register(known))).toMatchObject({ status: 400, error: "Invalid request" })
      expect(await answerOf(reference, register(unknown))).toMatchObject({ status: 200, action: "register" })
      const ours = await answerOf(latchkey, register(known))
      expect(ours).toMatchObject({ status: 200, action: "register", listed: [], excluded: 0 })
      expect({ ...(await answerOf(latchkey, register(unknown))), userName: WITH_PASSKEY }).toEqual(ours)
    })

    it("without allowSignUp (Latchkey's default), every signed-out request is a discoverable sign-in and action=register is refused for any address", async () => {
      for (const query of [known, unknown]) {
        expect(await answerOf(latchkey, query, {})).toEqual({
          status: 200,
          action: "authenticate",
          error: undefined,
          listed: [],
          excluded: undefined,
          userName: undefined,
        })
        expect(await answerOf(latchkey, `?action=register&${query.slice(1)}`, {})).toMatchObject({ status: 400, error: "Invalid request" })
      }
    })
  },
)

describe("the algorithms a registration offers", () => {
  const app = ORIGINS[0]!
  const register = "?action=register&email=new%40example.com"

  // SimpleWebAuthn 14 alone would put ML-DSA-44 (-48) first where WebCrypto verifies it (Node ≥ 24.7):
  // the list must not depend on the runtime, or passkeys made there break after a move (docs/providers/passkey.md).
  it("are @auth/core's, EdDSA, ES256 and RS256, on every runtime", async () => {
    const ref = await optionsAnswer(reference, app, register)
    const ours = await optionsAnswer(latchkey, app, register)
    const offered = (side: typeof ref) => side.body.options!.pubKeyCredParams
    expect(offered(ours)).toEqual(offered(ref))
    expect(offered(ours)).toEqual([-8, -7, -257].map((alg) => ({ alg, type: "public-key" })))
  })

  it("are the provider's registrationOptions.supportedAlgorithmIDs when it names them", async () => {
    const ours = await optionsAnswer(latchkey, app, register, { ...SIGN_UP, registrationOptions: { supportedAlgorithmIDs: [-7] } })
    expect(ours.body.options!.pubKeyCredParams).toEqual([{ alg: -7, type: "public-key" }])
  })
})
