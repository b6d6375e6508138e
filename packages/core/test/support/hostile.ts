/**
 * Helpers for hostile-input tests: assertions that an answer is a clean
 * refusal (no stack trace, no session), and builders for session tokens and
 * cookie chunks to tamper with.
 */
import { expect } from "vitest"
import type { Client } from "./client.js"
import { SECRET } from "./config.js"
import { isDeletion, setCookies } from "./cookies.js"
import { latchkey } from "./implementations.js"
import { sessionClaims } from "./jwe.js"

/** The longest value of one session cookie chunk (4096 − 160), as both implementations split. */
export const CHUNK_SIZE = 3936

const STACK_TRACE = /\n\s+at\s|\bat\s.*\(.*:\d+:\d+\)|file:\/\/|node:internal|\.ts:\d+/

/** Asserts the response carries no stack trace or source path, whatever its status. */
export async function expectNoLeak(response: Response): Promise<string> {
  const text = await response.clone().text()
  expect(text).not.toMatch(STACK_TRACE)
  return text
}

/** Every Set-Cookie of the session cookie or its chunks (`name`, `name.N`). */
export function sessionSetCookies(response: Response, sessionName: string) {
  return setCookies(response).filter((cookie) => cookie.name === sessionName || cookie.name.startsWith(`${sessionName}.`))
}

/** Asserts that `response` sets no live session cookie (deletions are allowed). */
export function expectNoSessionSet(response: Response, sessionName: string): void {
  const live = sessionSetCookies(response, sessionName).filter((cookie) => !isDeletion(cookie))
  expect(live.map((cookie) => cookie.name)).toEqual([])
}

/** Asserts that `response` deletes exactly `names` (Max-Age=0) and sets no live session cookie. */
export function expectSessionCleared(response: Response, sessionName: string, names: readonly string[]): void {
  expectNoSessionSet(response, sessionName)
  const deleted = sessionSetCookies(response, sessionName).filter(isDeletion)
  expect(deleted.map((cookie) => cookie.name).sort()).toEqual([...names].sort())
  for (const cookie of deleted) expect(cookie.maxAge).toBe(0)
}

/** GET /session with a given Cookie header: asserts a clean `null` answer and returns the response. */
export async function expectNoSession(client: Client, cookie: string): Promise<Response> {
  const response = await client.send("/auth/session", { cookie, keepJar: true })
  await expectNoLeak(response)
  expect(response.status).toBe(200)
  expect(await response.clone().json()).toBeNull()
  return response
}

/** A valid Latchkey session token for the given cookie name (salt), with `extra` claims. */
export function validToken(sessionName: string, extra: Record<string, unknown> = {}, secret: string = SECRET): Promise<string> {
  const { iat: _iat, exp: _exp, jti: _jti, ...claims } = sessionClaims(extra)
  return latchkey.encode({ token: claims, salt: sessionName, secret })
}

/**
 * A valid token whose iv, ciphertext and tag all end in a partial base64url
 * group, so each has unused bits (and so other spellings) in its last character.
 */
export async function tokenWithUnusedBits(sessionName: string): Promise<string> {
  for (let pad = ""; pad.length < 64; pad += "x") {
    const token = await validToken(sessionName, { pad })
    if (token.split(".").every((segment, index) => index === 1 || segment.length % 4 !== 0)) return token
  }
  throw new Error("no padding gives a ciphertext that ends in a partial group")
}

/** A valid token large enough to need `count` chunks. */
export async function largeToken(sessionName: string, count: number): Promise<string> {
  for (let size = 1000; ; size += 500) {
    const token = await validToken(sessionName, { padding: "p".repeat(size) })
    if (Math.ceil(token.length / CHUNK_SIZE) === count) return token
    if (Math.ceil(token.length / CHUNK_SIZE) > count) throw new Error(`no padding gives exactly ${count} chunks`)
  }
}

/** Splits a token into chunk values as the implementations do. */
export function chunksOf(token: string): string[] {
  const chunks: string[] = []
  for (let i = 0; i < token.length; i += CHUNK_SIZE) chunks.push(token.slice(i, i + CHUNK_SIZE))
  return chunks
}

/** Collects unhandled promise rejections between `start()` and `stop()`. */
export function rejectionWatcher() {
  const seen: unknown[] = []
  const listener = (reason: unknown) => void seen.push(reason)
  return {
    seen,
    start: () => void process.on("unhandledRejection", listener),
    stop: () => void process.off("unhandledRejection", listener),
  }
}
