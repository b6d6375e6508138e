/**
 * One fetch-style server, run unchanged under Bun (`Bun.serve`) and Deno
 * (`Deno.serve`) by e2e/runtimes.test.ts: `@latchkey/core` only, with a
 * credentials provider and JWT sessions, plus a passkey provider so that the
 * built-in sign-in page embeds `@simplewebauthn/browser`, which core's build
 * carries.
 *
 * Environment: PORT (required), AUTH_SECRET (required). It prints
 * `listening on <origin>` once it accepts connections.
 *
 * `GET /runtime` answers `{ runtime, crypto }`: which runtime runs it, and
 * which `#crypto` implementation core resolved there, told apart by the one
 * difference a caller can observe (packages/core/test/runtime.test.ts): on
 * node:crypto a fresh session token decrypts synchronously, while WebCrypto
 * only answers with promises.
 */
import { Auth, handleAuthRequest } from "@latchkey/core"
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import { encode } from "@latchkey/core/jwt"
import Credentials from "@latchkey/core/providers/credentials"
import Passkey from "@latchkey/core/providers/passkey"

/** The one account this server knows. */
export const FIXTURE_USER = { id: "u-1", name: "Runtime Tester", email: "tester@example.test", password: "correct horse battery staple" }

const env = globalThis.Deno ? globalThis.Deno.env.toObject() : process.env
const secret = env.AUTH_SECRET
const port = Number(env.PORT)
if (!secret || !Number.isInteger(port) || port <= 0) throw new Error("set PORT and AUTH_SECRET")

const utf8 = new TextEncoder()

/** Compares two strings in time that does not depend on where they differ (both are hashed first, so lengths leak nothing either). */
async function sameSecret(given, expected) {
  const [a, b] = await Promise.all([given, expected].map(async (text) => new Uint8Array(await crypto.subtle.digest("SHA-256", utf8.encode(text)))))
  let difference = 0
  for (let index = 0; index < a.length; index++) difference |= a[index] ^ b[index]
  return difference === 0
}

/** @type {import("@latchkey/core").AuthConfig} */
const config = {
  secret,
  trustHost: true,
  adapter: MemoryAdapter(),
  session: { strategy: "jwt" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials) {
        const { email, password } = credentials
        if (typeof email !== "string" || typeof password !== "string") return null
        const matches = (await sameSecret(email, FIXTURE_USER.email)) & (await sameSecret(password, FIXTURE_USER.password))
        return matches ? { id: FIXTURE_USER.id, name: FIXTURE_USER.name, email: FIXTURE_USER.email } : null
      },
    }),
    Passkey({ relyingParty: { name: "Runtimes fixture" } }),
  ],
}

const runtime = globalThis.Bun ? "bun" : globalThis.Deno ? "deno" : "other"

/** `"node"` or `"web"`: the `#crypto` implementation core runs on here (see the module comment). */
async function cryptoImplementation() {
  const read = (token) =>
    handleAuthRequest(
      { method: "GET", url: "http://127.0.0.1/auth/session", headers: new Headers({ cookie: `authjs.session-token=${token}` }), body: null },
      config,
    )
  const mint = (sub) => encode({ token: { sub }, secret, salt: "authjs.session-token" })
  // The first read of a configuration derives its keys, asynchronously on both implementations;
  // a token read before is remembered, synchronously on both: only a fresh one tells them apart.
  await read(await mint("warm-up"))
  const fresh = read(await mint("probe"))
  const answer = await fresh
  if (JSON.parse(answer.body).user === undefined) throw new Error("the probe token was not read back")
  return fresh instanceof Promise ? "web" : "node"
}

/** The whole server: `/auth/*` to `Auth()`, `/runtime` for the test, 404 elsewhere. */
async function handle(request) {
  const { pathname } = new URL(request.url)
  if (pathname.startsWith("/auth/")) return Auth(request, config)
  if (pathname === "/runtime") return Response.json({ runtime, crypto: await cryptoImplementation() })
  return new Response("Not found", { status: 404 })
}

const origin = `http://127.0.0.1:${port}`
if (globalThis.Bun) {
  globalThis.Bun.serve({ hostname: "127.0.0.1", port, fetch: handle })
  console.log(`listening on ${origin}`)
} else if (globalThis.Deno) {
  globalThis.Deno.serve({ hostname: "127.0.0.1", port, onListen: () => console.log(`listening on ${origin}`) }, handle)
} else {
  throw new Error("run this under Bun or Deno")
}
