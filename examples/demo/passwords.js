// Password hashing for the demo: a salted, slow hash (scrypt, N = 2^17, r = 8,
// p = 1, the OWASP Password Storage Cheat Sheet's scrypt setting), compared in
// constant time.
//
// Always the asynchronous scrypt, never scryptSync, in a server: one hash takes
// a noticeable fraction of a second and 128 MiB of memory on purpose, and the
// synchronous call does that work on the event loop, so every request that
// anyone can send without signing in (a POST of the sign-in form) would freeze
// the whole server for everyone meanwhile. The async call runs on libuv's
// thread pool and the server keeps answering.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto"
import { promisify } from "node:util"

const scryptAsync = promisify(scrypt)
const KEY_LENGTH = 32
const PARAMS = { N: 2 ** 17, r: 8, p: 1 }
// scrypt needs 128 · N · r bytes (128 MiB here); Node's default cap is 32 MiB.
const maxmemFor = ({ N, r }) => 2 * 128 * N * r

/** scrypt of `password` with `salt` and `params`, off the event loop. */
function derive(password, salt, params) {
  return scryptAsync(String(password ?? ""), salt, KEY_LENGTH, { ...params, maxmem: maxmemFor(params) })
}

/**
 * Hashes a password into one self-describing string,
 * `scrypt$N$r$p$<salt, base64url>$<key, base64url>`: the parameters travel
 * with the hash, so they can be raised later without breaking stored ones.
 */
export async function hashPassword(password) {
  const salt = randomBytes(16)
  const key = await derive(password, salt, PARAMS)
  const { N, r, p } = PARAMS
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$")
}

/**
 * Whether `password` matches `stored` (from {@link hashPassword}). With no
 * stored hash (an unknown email) it still spends one full hash and answers
 * false, so the response time does not tell which emails have an account.
 */
export async function verifyPassword(password, stored) {
  const parts = typeof stored === "string" ? stored.split("$") : []
  if (parts.length !== 6 || parts[0] !== "scrypt") {
    await derive(password, randomBytes(16), PARAMS)
    return false
  }
  const [, N, r, p, salt, key] = parts
  const expected = Buffer.from(key, "base64url")
  const candidate = await derive(password, Buffer.from(salt, "base64url"), { N: Number(N), r: Number(r), p: Number(p) })
  return expected.length === candidate.length && timingSafeEqual(candidate, expected)
}

/** The password rules, as the sign-up form shows them (NIST SP 800-63B §3.1.1.2: length, not a known password). */
export const PASSWORD_RULES = Object.freeze(["at least 10 characters, at most 128", "not your email address, and not a commonly used password"])

// A few of the most used passwords (and the demo's own hint text): refused
// as they are, whatever their case.
const COMMON_PASSWORDS = new Set([
  "1234567890",
  "12345678910",
  "qwertyuiop",
  "password12",
  "password123",
  "password1234",
  "iloveyou12",
  "1q2w3e4r5t",
  "qwerty1234",
  "0123456789",
  "1111111111",
  "abcdefghij",
  "letmein123",
  "welcome123",
  "passw0rd12",
  "changeme123",
  "latchkey123",
])

/**
 * What is wrong with a new password, as sentences for the form; empty when it
 * follows {@link PASSWORD_RULES}. Length counts characters (code points), so
 * any script and emoji count as one each.
 */
export function passwordProblems(password, email) {
  const text = typeof password === "string" ? password : ""
  const length = [...text].length
  const problems = []
  if (length < 10) problems.push("The password is too short: use at least 10 characters.")
  if (length > 128) problems.push("The password is too long: use at most 128 characters.")
  const lower = text.toLowerCase()
  if (email && lower === String(email).trim().toLowerCase()) problems.push("The password must not be your email address.")
  if (COMMON_PASSWORDS.has(lower)) problems.push("This password is one of the most commonly used: choose another.")
  return problems
}
