// The Latchkey demo: a plain node:http server with a credentials provider and
// JWT sessions. Offline, no accounts anywhere: sign in as demo@latchkey.dev /
// latchkey-demo. Run it with `npm start` from the repository root.
import { createServer } from "node:http"
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto"
import { promisify } from "node:util"
import { Auth, setEnvDefaults } from "@latchkey/core"
import Credentials from "@latchkey/core/providers/credentials"
import { toNodeHandler } from "@latchkey/node"

const port = Number(process.env.PORT ?? 3000)
const origin = `http://localhost:${port}`

// A demo secret is generated per start (sessions end on restart); set
// AUTH_SECRET to keep them.
if (!process.env.AUTH_SECRET) {
  process.env.AUTH_SECRET = randomBytes(33).toString("base64")
  console.log("AUTH_SECRET is not set: using a random secret for this run.")
}

// The one demo user, with its password stored the way a real app should:
// a salted, slow hash (scrypt, N = 2^17 per OWASP), compared in constant time.
//
// Always the asynchronous scrypt, never scryptSync, in a server: one hash takes
// a noticeable fraction of a second and 128 MiB of memory on purpose, and the
// synchronous call does that work on the event loop, so every request that
// anyone can send without signing in (a POST of the sign-in form) would freeze
// the whole server for everyone meanwhile. The async call runs on libuv's
// thread pool and the server keeps answering.
const hash = promisify(scrypt)
const scryptParams = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }
const demoSalt = randomBytes(16)
const demoUser = {
  id: "demo-user",
  name: "Demo User",
  email: "demo@latchkey.dev",
  image: null,
  passwordHash: await hash("latchkey-demo", demoSalt, 32, scryptParams),
}

async function passwordMatches(password) {
  const candidate = await hash(String(password ?? ""), demoSalt, 32, scryptParams)
  return timingSafeEqual(candidate, demoUser.passwordHash)
}

const config = {
  trustHost: true,
  providers: [
    Credentials({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email", autocomplete: "username", placeholder: "demo@latchkey.dev" },
        password: { label: "Password", type: "password", autocomplete: "current-password" },
      },
      async authorize({ email, password }) {
        // Hash even for unknown emails so timing does not reveal which exist.
        const ok = await passwordMatches(password)
        if (String(email ?? "").toLowerCase() !== demoUser.email || !ok) return null
        const { passwordHash, ...user } = demoUser
        return user
      },
    }),
  ],
}
setEnvDefaults(process.env, config)

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c])

async function homePage(request) {
  const sessionResponse = await Auth(new Request(`${origin}/auth/session`, { headers: request.headers }), config)
  const session = sessionResponse.ok ? await sessionResponse.json() : null
  const body = session
    ? `<p>Signed in as <strong>${escapeHtml(session.user?.name)}</strong> (${escapeHtml(session.user?.email)}).</p>
       <p>Session expires ${escapeHtml(session.expires)}.</p>
       <p><a href="/auth/signout">Sign out</a> · <a href="/auth/session">Session JSON</a></p>`
    : `<p>You are not signed in.</p>
       <p><a href="/auth/signin?callbackUrl=/">Sign in</a> with <code>demo@latchkey.dev</code> / <code>latchkey-demo</code>.</p>`
  return new Response(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Latchkey demo</title>
     <style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a}a{color:#0b57d0}</style></head>
     <body><h1>Latchkey demo</h1>${body}</body></html>`,
    { headers: { "Content-Type": "text/html; charset=utf-8" } },
  )
}

const handler = toNodeHandler((request) => {
  const { pathname } = new URL(request.url)
  if (pathname === "/auth" || pathname.startsWith("/auth/")) return Auth(request, config)
  if (pathname === "/") return homePage(request)
  return new Response("Not found", { status: 404 })
}, { origin })

createServer(handler).listen(port, "localhost", () => {
  console.log(`Latchkey demo on ${origin} — sign in with demo@latchkey.dev / latchkey-demo`)
})
