import { randomBytes } from "node:crypto"
import { base64url, calculateJwkThumbprint, EncryptJWT, jwtDecrypt } from "jose"
import { describe, expect, it } from "vitest"
import { runtimeCrypto as nodeCrypto } from "../../../src/runtime/crypto-node.js"
import { runtimeCrypto as webCrypto } from "../../../src/runtime/crypto-web.js"
import { InvalidJWE, openJwt, sealJwt } from "../../../src/session/jwe.js"
import { deriveKey, KeyRing } from "../../../src/session/keys.js"

const salt = "authjs.session-token"
const claims = { name: "Ada", email: "ada@example.com", sub: "42" }

async function ring(secret = "a-secret-of-reasonable-length-123") {
  const keys = new KeyRing([secret])
  return { keys, key: await keys.encryptionKey(salt) }
}

// async: openJwt throws synchronously when it can answer synchronously; the tests read rejections.
const open = async (keys: KeyRing, token: string) => openJwt(token, ({ enc, kid }) => keys.decryptionKey(salt, enc, kid))

function replaceHeader(token: string, header: object): string {
  const [, ...rest] = token.split(".")
  return [base64url.encode(JSON.stringify(header)), ...rest].join(".")
}

describe("session JWE", () => {
  it("derives the key and kid @auth/core derives (HKDF-SHA256, thumbprint SHA-512)", async () => {
    const { key } = await ring()
    expect(key.key).toHaveLength(64)
    expect(key.kid).toBe(await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key.key) }, "sha512"))
    const web = await webCrypto.hkdfSha256("a-secret-of-reasonable-length-123", salt, `Auth.js Generated Encryption Key (${salt})`, 64)
    expect(Buffer.from(web).equals(Buffer.from(key.key))).toBe(true)
  })

  it("computes the kid as jose does on both runtimes (RFC 7638 thumbprint, SHA-256 and SHA-512)", async () => {
    for (const length of [32, 64]) {
      for (let round = 0; round < 20; round++) {
        const key = new Uint8Array(randomBytes(length))
        for (const hash of ["sha256", "sha512"] as const) {
          const expected = await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, hash)
          expect(await nodeCrypto.octJwkThumbprint(key, hash)).toBe(expected)
          expect(await webCrypto.octJwkThumbprint(key, hash)).toBe(expected)
        }
      }
    }
  })

  it("seals a token that jose opens, with the header and claims @auth/core writes", async () => {
    const { key } = await ring()
    const token = await sealJwt(claims, key, 60)
    const { payload, protectedHeader } = await jwtDecrypt(token, key.key, { clockTolerance: 15 })
    expect(protectedHeader).toEqual({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid })
    expect(payload).toMatchObject(claims)
    expect(payload.exp! - payload.iat!).toBe(60)
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("opens tokens jose seals with A256CBC-HS512 and with A256GCM", async () => {
    const { keys, key } = await ring()
    const cbc = await new EncryptJWT(claims).setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid }).setExpirationTime("1h").encrypt(key.key)
    expect((await open(keys, cbc)).payload).toMatchObject(claims)
    const gcmKey = await keys.decryptionKey(salt, "A256GCM", undefined)
    const gcm = await new EncryptJWT(claims).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).encrypt(gcmKey!.key)
    expect((await open(keys, gcm)).payload).toMatchObject(claims)
  })

  it("gives the same results through the web runtime", async () => {
    const { key } = await ring()
    const header = base64url.encode(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid }))
    const plaintext = new TextEncoder().encode(JSON.stringify(claims))
    const fromWeb = await webCrypto.encryptCompact("A256CBC-HS512", key.key, header, plaintext)
    const fromNode = await nodeCrypto.encryptCompact("A256CBC-HS512", key.key, header, plaintext)
    for (const [sealer, token] of [
      ["web", fromWeb],
      ["node", fromNode],
    ] as const) {
      const [protectedHeader, encryptedKey, iv, ciphertext, tag] = token.split(".") as [string, string, string, string, string]
      for (const runtime of [nodeCrypto, webCrypto]) {
        const opened = await runtime.decryptCompact("A256CBC-HS512", key.key, { protectedHeader, encryptedKey, iv, ciphertext, tag })
        expect(new TextDecoder().decode(opened!), `${sealer} → ${runtime.name}`).toBe(JSON.stringify(claims))
      }
    }
    expect(await webCrypto.sha256Hex("abc")).toBe(await nodeCrypto.sha256Hex("abc"))
  })

  it("finds the key by kid across rotated secrets, and tries only the first secret without a kid", async () => {
    const old = await deriveKey("old-secret-old-secret-old-secret", salt, "A256CBC-HS512")
    const rotated = new KeyRing(["new-secret-new-secret-new-secret", "old-secret-old-secret-old-secret"])
    const token = await sealJwt(claims, old, 60)
    expect((await open(rotated, token)).payload).toMatchObject(claims)
    const noKid = await new EncryptJWT(claims).setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" }).encrypt(old.key)
    await expect(open(rotated, noKid)).rejects.toThrow(InvalidJWE)
  })

  it("rejects tampering in every segment", async () => {
    const { keys, key } = await ring()
    const token = await sealJwt(claims, key, 60)
    const segments = token.split(".")
    for (const index of [0, 2, 3, 4]) {
      const changed = [...segments]
      const segment = changed[index]!
      changed[index] = segment.slice(0, 5) + (segment[5] === "A" ? "B" : "A") + segment.slice(6)
      await expect(open(keys, changed.join(".")), `segment ${index}`).rejects.toThrow(InvalidJWE)
    }
    const withKey = [...segments]
    withKey[1] = "AAAA"
    await expect(open(keys, withKey.join("."))).rejects.toThrow(/no encrypted key/)
  })

  it("refuses every non-canonical spelling of a segment (unused low bits set), which jose accepts", async () => {
    const { keys, key } = await ring()
    // Padding the claims until the ciphertext also ends in a partial group covers all four segments.
    let token = await sealJwt(claims, key, 60)
    for (let pad = ""; token.split(".").some((segment, i) => i !== 1 && segment.length % 4 === 0); pad += "x") {
      token = await sealJwt({ ...claims, pad }, key, 60)
    }
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    const segments = token.split(".")
    let refused = 0
    for (const index of [0, 2, 3, 4]) {
      const segment = segments[index]!
      const unused = segment.length % 4 === 2 ? 16 : 4
      const last = alphabet.indexOf(segment.at(-1)!)
      expect(last % unused, `segment ${index} as sealed is canonical`).toBe(0)
      for (let bits = 1; bits < unused; bits++) {
        const respelled = [...segments]
        respelled[index] = segment.slice(0, -1) + alphabet[last + bits]
        await expect(open(keys, respelled.join(".")), `segment ${index} + ${bits}`).rejects.toThrow(/base64url|not JSON/)
        refused++
        // The same bytes: jose decrypts the other spellings of iv, ciphertext and tag.
        if (index !== 0 && bits === 1) expect((await jwtDecrypt(respelled.join("."), key.key)).payload).toMatchObject(claims)
      }
    }
    expect(refused).toBeGreaterThanOrEqual(3 + 3 + 3 + 3)
    expect((await open(keys, token)).payload).toMatchObject(claims)
  })

  it.each([
    [{ alg: "none", enc: "A256CBC-HS512" }, /alg none/],
    [{ alg: "A256KW", enc: "A256CBC-HS512" }, /alg A256KW/],
    [{ alg: "dir", enc: "A128CBC-HS256" }, /enc A128CBC-HS256/],
    [{ alg: "dir", enc: "A256CBC-HS512", zip: "DEF" }, /zip/],
    [{ alg: "dir", enc: "A256CBC-HS512", crit: ["exp"] }, /crit/],
  ])("rejects the header %j before using a key", async (header, reason) => {
    const { keys, key } = await ring()
    const token = replaceHeader(await sealJwt(claims, key, 60), header)
    await expect(open(keys, token)).rejects.toThrow(reason)
  })

  it("rejects another secret, garbage, expired tokens and non-object payloads", async () => {
    const { keys } = await ring()
    const other = await deriveKey("some-other-secret-entirely-000000", salt, "A256CBC-HS512")
    await expect(open(keys, await sealJwt(claims, other, 60))).rejects.toThrow(/no matching decryption secret/)
    await expect(open(keys, "garbage")).rejects.toThrow(/not a compact JWE/)
    await expect(open(keys, "a.b.c.d.e")).rejects.toThrow(InvalidJWE)
    const { key } = await ring()
    await expect(open(keys, await sealJwt(claims, key, -60))).rejects.toThrow(/expired/)
    const array = await new EncryptJWT({}).setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid }).encrypt(key.key)
    const header = array.split(".")[0]!
    const plaintext = new TextEncoder().encode("[1,2]")
    const arrayToken = await nodeCrypto.encryptCompact("A256CBC-HS512", key.key, header, plaintext)
    await expect(open(keys, arrayToken)).rejects.toThrow(/not a JSON object/)
  })

  it("tolerates 15 s of clock skew on exp, not more", async () => {
    const { keys, key } = await ring()
    expect((await open(keys, await sealJwt(claims, key, -10))).payload).toMatchObject(claims)
    await expect(open(keys, await sealJwt(claims, key, -16))).rejects.toThrow(/expired/)
  })

  it("keys derived under another salt (a check cookie's) do not open a session token", async () => {
    const state = await deriveKey("a-secret-of-reasonable-length-123", "authjs.state", "A256CBC-HS512")
    const { keys } = await ring()
    await expect(open(keys, await sealJwt(claims, state, 60))).rejects.toThrow(/no matching decryption secret/)
  })
})
