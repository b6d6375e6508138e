/**
 * The prepared state of a configuration follows the contents of its `secret`
 * and `providers` arrays, not only their identity: rotating a secret by
 * editing the array in place retires the removed secret at once, and
 * splicing a provider out disables it.
 */
import { describe, expect, it } from "vitest"
import { decode } from "../src/jwt.js"
import Credentials from "../src/providers/credentials.js"
import { Client, errorParams, redirectTarget } from "./support/client.js"
import { cookieNames, HTTP_ORIGIN, makeConfig } from "./support/config.js"
import { latchkey } from "./support/implementations.js"

const OLD = "the-old-secret-possibly-compromised-0123456789"
const NEW = "the-new-secret-from-the-vault-abcdefghijklmnop"
const SESSION_COOKIE = cookieNames(false).session

async function sessionOf(client: Client): Promise<unknown> {
  return (await client.session()).body
}

describe("secret rotation by editing the array in place", () => {
  it("stops accepting the removed secret and seals new sessions with the new one", async () => {
    const config = makeConfig(latchkey, { secret: [OLD] })
    const before = new Client(latchkey, config, HTTP_ORIGIN)
    expect((await before.signIn()).status).toBe(302)
    expect(await sessionOf(before)).toMatchObject({ user: { name: "Alice" } })

    config.secret.unshift(NEW)
    config.secret.pop()

    // The session sealed with the removed secret is over.
    expect(await sessionOf(before)).toBeNull()
    const after = new Client(latchkey, config, HTTP_ORIGIN)
    expect((await after.signIn()).status).toBe(302)
    const token = after.jar.get(SESSION_COOKIE)!
    expect(await decode({ token, salt: SESSION_COOKIE, secret: NEW })).toMatchObject({ name: "Alice" })
    await expect(decode({ token, salt: SESSION_COOKIE, secret: OLD })).rejects.toThrow()
  })

  it("keeps sessions of the old secret while it stays in the list (the documented rotation)", async () => {
    const config = makeConfig(latchkey, { secret: [OLD] })
    const client = new Client(latchkey, config, HTTP_ORIGIN)
    await client.signIn()
    config.secret.unshift(NEW)
    expect(await sessionOf(client)).toMatchObject({ user: { name: "Alice" } })
  })

  it("notices an element replaced in place", async () => {
    const config = makeConfig(latchkey, { secret: [OLD] })
    const client = new Client(latchkey, config, HTTP_ORIGIN)
    await client.signIn()
    config.secret[0] = NEW
    expect(await sessionOf(client)).toBeNull()
  })
})

describe("providers edited in place", () => {
  it("a provider spliced out is disabled: not listed, and its callback refuses", async () => {
    const config = makeConfig(latchkey)
    const client = new Client(latchkey, config, HTTP_ORIGIN)
    expect(Object.keys((await (await client.send("/auth/providers")).json()) as object)).toEqual(["credentials"])

    config.providers.splice(0, 1)

    expect(await (await client.send("/auth/providers")).json()).toEqual({})
    const response = await client.signIn()
    expect(errorParams(await redirectTarget(response)).error).toBe("Configuration")
    expect(client.sessionCookieNames()).toEqual([])
  })

  it("a provider pushed in place is enabled", async () => {
    const config = makeConfig(latchkey)
    const client = new Client(latchkey, config, HTTP_ORIGIN)
    await client.send("/auth/providers")
    config.providers.push(Credentials({ id: "pin", name: "PIN", authorize: () => null }))
    expect(Object.keys((await (await client.send("/auth/providers")).json()) as object)).toEqual(["credentials", "pin"])
  })
})
