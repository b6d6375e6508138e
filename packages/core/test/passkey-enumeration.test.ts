/**
 * `GET /webauthn-options/{provider}?email=…` tells a signed-out visitor
 * nothing about an address (issue 19, item 10): the answer for an address
 * whose user has passkeys, for one whose user has none, and for one nobody
 * has is the same, byte for byte once the random challenge and user handle
 * are set aside; no stored credential id appears in any signed-out answer;
 * and the adapter is not even asked about the address, so no timing tells
 * them apart. `@auth/core` answers `authenticate` with the user's credential
 * ids for a known address and `register` for an unknown one
 * (differential-passkey.test.ts pins that difference).
 */
import { describe, expect, it } from "vitest"
import type { Adapter } from "../src/adapters/contract.js"
import { MemoryAdapter } from "../src/adapters/memory.js"
import Passkey from "../src/providers/passkey.js"
import WebAuthn from "../src/providers/webauthn.js"
import { Client } from "./support/client.js"
import { type AppOrigin, ORIGINS, SECRET } from "./support/config.js"
import { setCookies } from "./support/cookies.js"
import { latchkey } from "./support/implementations.js"

const WITH_PASSKEYS = "ada@example.com"
const WITHOUT_PASSKEYS = "grace@example.com"
const NOBODY = "nobody@example.com"
/** Ada's stored credential id, as the adapter keeps it (standard base64) and as options would list it (base64url). */
const CREDENTIAL = Buffer.from("a credential id of ada's passkey")
const CREDENTIAL_SPELLINGS = [CREDENTIAL.toString("base64"), CREDENTIAL.toString("base64url")]

/** A MemoryAdapter with Ada (one passkey) and Grace (no passkey), recording which methods are called. */
async function recordingAdapter(): Promise<{ adapter: Adapter; calls: string[] }> {
  const base = MemoryAdapter()
  const ada = await base.createUser!({ id: "ada-1", email: WITH_PASSKEYS, name: "Ada", emailVerified: null })
  await base.createUser!({ id: "grace-1", email: WITHOUT_PASSKEYS, name: "Grace", emailVerified: new Date() })
  const credentialID = CREDENTIAL.toString("base64")
  await base.linkAccount!({ userId: ada.id, type: "webauthn", provider: "passkey", providerAccountId: credentialID })
  await base.createAuthenticator!({
    userId: ada.id,
    providerAccountId: credentialID,
    credentialID,
    credentialPublicKey: Buffer.from("a public key").toString("base64"),
    counter: 3,
    credentialBackedUp: true,
    credentialDeviceType: "multiDevice",
    transports: "internal,hybrid",
  })
  const calls: string[] = []
  const adapter = new Proxy(base, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver)
      if (typeof value !== "function") return value
      return (...args: unknown[]) => {
        calls.push(String(name))
        return value.apply(target, args)
      }
    },
  })
  return { adapter, calls }
}

async function client(
  app: AppOrigin,
  provider: ReturnType<typeof Passkey>,
): Promise<{ client: Client<Record<string, any>>; calls: string[]; errors: Error[] }> {
  const { adapter, calls } = await recordingAdapter()
  const errors: Error[] = []
  const config: Record<string, any> = {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    adapter,
    logger: { error: (error: Error) => errors.push(error), warn: () => {}, debug: () => {} },
    providers: [provider],
  }
  return { client: new Client(latchkey, config, app), calls, errors }
}

/** Everything a visitor observes of an answer, with the per-request randomness and the visitor's own address masked. */
async function observed(response: Response, address: string) {
  const text = await response.text()
  const masked = text
    .replace(/"challenge":"[\w-]+"/g, '"challenge":"<random>"')
    .replace(/"user":\{"id":"[\w-]+"/g, '"user":{"id":"<random>"')
    .replaceAll(JSON.stringify(address.trim().toLowerCase()), '"<address>"')
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => name !== "set-cookie"),
    cookies: setCookies(response).map(({ name, path, httpOnly, secure, sameSite, maxAge }) => ({ name, path, httpOnly, secure, sameSite, maxAge })),
    body: masked,
  }
}

const providers = [
  { label: "passkey, sign-up allowed", make: () => Passkey({ allowSignUp: true }) },
  { label: "passkey, sign-up off (the default)", make: () => Passkey() },
  { label: "webauthn, sign-up allowed", make: () => WebAuthn({ id: "passkey", allowSignUp: true }) },
  { label: "webauthn, sign-up off (the default)", make: () => WebAuthn({ id: "passkey" }) },
]
const queries = [
  { label: "an address alone", query: (email: string) => `?email=${encodeURIComponent(email)}` },
  { label: "action=register", query: (email: string) => `?action=register&email=${encodeURIComponent(email)}` },
  { label: "action=authenticate", query: (email: string) => `?action=authenticate&email=${encodeURIComponent(email)}` },
]

describe.each(ORIGINS)("a signed-out visitor learns nothing about an address from /webauthn-options ($label)", (app: AppOrigin) => {
  describe.each(providers)("$label", ({ make }) => {
    it.each(queries)("$label: the same answer for an address with passkeys, one without, one nobody has, in any spelling", async ({ query }) => {
      const answers = []
      for (const address of [WITH_PASSKEYS, WITHOUT_PASSKEYS, NOBODY, `  ${WITH_PASSKEYS.toUpperCase()} `]) {
        const { client: c, calls } = await client(app, make())
        answers.push(await observed(await c.send(`/auth/webauthn-options/passkey${query(address)}`), address))
        // The adapter is not asked about the address at all (nor about anyone's passkeys): no timing differs either.
        expect(calls.filter((name) => name !== "createVerificationToken")).toEqual([])
      }
      for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0])
    })
  })

  it.each(providers)("$label: no answer to a signed-out visitor lists a stored credential id", async ({ make }) => {
    const paths = ["", "?action=authenticate", "?action=register", ...queries.map(({ query }) => query(WITH_PASSKEYS))]
    for (const path of paths) {
      const { client: c } = await client(app, make())
      const response = await c.send(`/auth/webauthn-options/passkey${path}`)
      const text = await response.text()
      for (const spelling of CREDENTIAL_SPELLINGS) expect(text).not.toContain(spelling)
      if (response.status === 200) {
        const { action, options } = JSON.parse(text)
        if (action === "authenticate") expect(options).not.toHaveProperty("allowCredentials")
        else expect(options.excludeCredentials).toEqual([])
      }
    }
  })
})

describe("what a signed-out visitor is offered", () => {
  const app = ORIGINS[0]!
  const answer = async (provider: ReturnType<typeof Passkey>, path: string) => {
    const response = await (await client(app, provider)).client.send(`/auth/webauthn-options/passkey${path}`)
    return { status: response.status, body: await response.json() }
  }

  it("with sign-up allowed: an address (with or without action=register) is a sign-up; no address, or action=authenticate, a discoverable sign-in", async () => {
    const provider = () => Passkey({ allowSignUp: true })
    expect((await answer(provider(), `?email=${NOBODY}`)).body.action).toBe("register")
    expect((await answer(provider(), `?action=register&email=${NOBODY}`)).body.action).toBe("register")
    expect((await answer(provider(), "")).body.action).toBe("authenticate")
    expect((await answer(provider(), `?action=authenticate&email=${NOBODY}`)).body.action).toBe("authenticate")
    expect(await answer(provider(), "?action=register")).toEqual({ status: 400, body: { error: "Invalid request" } })
  })

  it("with sign-up off: every request is a discoverable sign-in, and action=register is refused for every address alike", async () => {
    for (const address of [WITH_PASSKEYS, NOBODY]) {
      expect((await answer(Passkey(), `?email=${address}`)).body.action).toBe("authenticate")
      expect(await answer(Passkey(), `?action=register&email=${address}`)).toEqual({ status: 400, body: { error: "Invalid request" } })
    }
  })

  it("allowSignUp that is not a boolean is a configuration error naming the option", async () => {
    const { client: c, errors } = await client(app, Passkey({ allowSignUp: "yes" as never }))
    const response = await c.send("/auth/webauthn-options/passkey")
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ message: expect.stringContaining("server configuration") })
    expect(errors.map((error) => `${error.name}: ${error.message}`)).toEqual([
      expect.stringMatching(/^InvalidProvider: .*`allowSignUp` must be true or false; got string/),
    ])
  })
})

describe("a sign-up at the callback", () => {
  it("is refused when the provider no longer allows sign-up, though its options were issued while it did", async () => {
    const { adapter } = await recordingAdapter()
    const errors: Error[] = []
    const configWith = (allowSignUp: boolean): Record<string, any> => ({
      secret: SECRET,
      trustHost: true,
      basePath: "/auth",
      adapter,
      logger: { error: (error: Error) => errors.push(error), warn: () => {}, debug: () => {} },
      providers: [Passkey({ allowSignUp })],
    })
    const app = ORIGINS[0]!
    const before = new Client(latchkey, configWith(true), app)
    const options = await before.send(`/auth/webauthn-options/passkey?action=register&email=${NOBODY}`)
    expect((await options.json()).action).toBe("register")
    // The same browser (its challenge cookie) posts to the server after the operator turned sign-up off.
    const after = new Client(latchkey, configWith(false), app, before.jar)
    const data = JSON.stringify({ id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "e30", attestationObject: "oA" } })
    const response = await after.send("/auth/callback/passkey", { form: { action: "register", data } })
    expect(response.headers.get("location")).toBe(`${app.origin}/auth/error?error=WebAuthnVerificationError`)
    expect(errors.map((error) => error.message)).toEqual([expect.stringContaining("Sign-up by passkey is off for this provider (allowSignUp)")])
    expect(await adapter.getUserByEmail!(NOBODY)).toBeNull()
  })
})
