/**
 * Which crypto runtime the tests run on, and what it means for a session
 * read: run by both test projects (node:crypto and WebCrypto + jose, see
 * vitest.config.ts), so the suites that follow really cover both.
 */

import { describe, expect, it } from "vitest"
import { runtimeCrypto } from "#crypto"
import { handleAuthRequest } from "../src/index.js"
import { encode } from "../src/jwt.js"

const expected = process.env.LATCHKEY_EXPECTED_RUNTIME

describe(`the ${expected} crypto runtime`, () => {
  it("is the one this test project selected", () => {
    expect(expected === "node" || expected === "web").toBe(true)
    expect(runtimeCrypto.name).toBe(expected)
  })

  it("decrypts a new token synchronously on node:crypto only; a remembered one is synchronous on both", async () => {
    const secret = "runtime-test-secret-0123456789abcdef"
    const config = { secret, trustHost: true, providers: [], logger: { error: () => {} } }
    const mint = (name: string) => encode({ token: { name, sub: name }, secret, salt: "authjs.session-token" })
    const read = (token: string) =>
      handleAuthRequest(
        { method: "GET", url: "http://localhost:3000/auth/session", headers: new Headers({ cookie: `authjs.session-token=${token}` }), body: null },
        config,
      )
    // The first read of a config derives its keys (asynchronous on both runtimes).
    expect(JSON.parse((await read(await mint("Alice"))).body!).user.name).toBe("Alice")

    const bob = await mint("Bob")
    const fresh = read(bob)
    // jose decrypts through WebCrypto, which only answers with promises.
    expect(fresh instanceof Promise).toBe(expected === "web")
    expect(JSON.parse((await fresh).body!).user.name).toBe("Bob")

    const remembered = read(bob)
    expect(remembered instanceof Promise).toBe(false)
    expect(JSON.parse((remembered as Awaited<typeof remembered>).body!).user.name).toBe("Bob")
  })
})
