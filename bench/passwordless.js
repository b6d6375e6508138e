// The passwordless rows for one library, run by passwordless-rows.js in a fresh child process per
// library and round (like oauth.js), in-process calls of `Auth()`:
//
//   node passwordless.js latchkey|authjs
//
// Both libraries get the same configuration (secret, trustHost, basePath /auth, a MemoryAdapter
// of @latchkey/core/adapters/memory, database sessions, one email provider "email" and one
// passkey provider "passkey"; @auth/core with `experimental.enableWebAuthn` and its own
// SimpleWebAuthn 9 from compat/):
//
// 1. POST /auth/signin/email, a fresh address per request, with a valid CSRF token: the
//    verification token stored and the message sent, 302 to verify-request. The message goes
//    with BENCH_EMAIL_SEND=smtp over SMTP to the sink of the parent process (BENCH_SMTP_PORT,
//    smtp-server on 127.0.0.1) through each library's own Nodemailer provider; otherwise to a
//    `sendVerificationRequest` that only resolves (the default, see passwordless-rows.js).
//    BENCH_WARMUP s unmeasured (the parent passes BENCH_PASSWORDLESS_WARMUP), then
//    BENCH_PASSWORDLESS_DURATION s measured, BENCH_CONCURRENCY in flight.
// 2. The email callback: a fresh valid token per request, stored through the adapter before the
//    batch (unmeasured), then BENCH_EMAIL_CALLBACKS sign-ins: the token spent, a new user
//    created, a database session stored, 302 to the callback URL. @auth/core: its one-click
//    GET; Latchkey: the POST of its confirmation page's button (what signs in by default).
// 3. GET /auth/webauthn-options/passkey?email=<fresh address>: registration options for a new
//    user, the challenge cookie set (Latchkey also stores the challenge to make it single use).
// 4. One passkey verification: POST /auth/callback/passkey with action=authenticate and an
//    assertion built here (W3C WebAuthn L2 §6.3.3: authenticatorData = SHA-256(RP ID) | flags
//    UP+UV | counter, signed with clientDataHash by a P-256 key whose COSE public key is
//    registered in the adapter), each with a fresh challenge from GET /webauthn-options and
//    its cookie, prepared unmeasured; then BENCH_PASSKEY_VERIFICATIONS of them run. One
//    credential per lane, so each lane's counter only moves forwards.
//
// Every answer is checked; a failure is recorded (the first in full) and the parent aborts.
// Rows report wall-clock req/s and this process's CPU time per request. Sends
// { type: "result", side, label, rows } over IPC.

import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto"
import { loadLibrary } from "./implementations.js"

const side = process.argv[2]
const env = (name) => {
  const value = process.env[name]
  if (value === undefined) throw new Error(`${name} is not set`)
  return value
}

const APP = "http://localhost:3000"
const RP_ID = "localhost"
const secret = env("BENCH_SECRET")
const concurrency = Number(env("BENCH_CONCURRENCY"))
const warmupSeconds = Number(env("BENCH_WARMUP"))
const seconds = Number(env("BENCH_PASSWORDLESS_DURATION"))
const emailCallbacks = Number(env("BENCH_EMAIL_CALLBACKS"))
const passkeyVerifications = Number(env("BENCH_PASSKEY_VERIFICATIONS"))
const emailSend = env("BENCH_EMAIL_SEND")
const smtpPort = Number(env("BENCH_SMTP_PORT"))

const cookiePairs = (response) => response.headers.getSetCookie().map((line) => line.split(";", 1)[0])
const sha256 = (data) => createHash("sha256").update(data).digest()

/** Records a failure (the first one in full) instead of throwing: a lane keeps going. */
function failureLog() {
  return {
    count: 0,
    first: null,
    add(what) {
      this.count++
      this.first ??= what
    },
  }
}

/** Runs `task(lane)` in `lanes` parallel loops while `more()` holds; wall time and CPU time around it. */
async function timed(lanes, more, task) {
  let requests = 0
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      while (more(lane)) {
        await task(lane)
        requests++
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  return { requests, seconds: elapsed, rps: requests / elapsed, cpuMicrosPerRequest: (cpu.user + cpu.system) / requests }
}

/** Warm-up then the measured run of `once`, each bounded by time. */
async function timeBoundRow(once) {
  const failures = failureLog()
  const task = async () => {
    const problem = await once()
    if (problem) failures.add(problem)
  }
  const until = (deadline) => () => performance.now() < deadline
  if (warmupSeconds > 0) await timed(concurrency, until(performance.now() + warmupSeconds * 1000), task)
  failures.count = 0
  failures.first = null
  const result = await timed(concurrency, until(performance.now() + seconds * 1000), task)
  return { ...result, failures: failures.count, firstFailure: failures.first }
}

/** Runs each lane's prepared requests in order, `concurrency` lanes; the answers checked by `check`. */
async function runPrepared(Auth, config, perLane, check) {
  const failures = failureLog()
  const next = perLane.map(() => 0)
  const result = await timed(
    perLane.length,
    (lane) => next[lane] < perLane[lane].length,
    async (lane) => {
      const request = perLane[lane][next[lane]++]
      const response = await Auth(request(), config)
      const problem = await check(response)
      if (problem) failures.add(problem)
    },
  )
  return { ...result, failures: failures.count, firstFailure: failures.first }
}

/** `count` items split round robin over `concurrency` lanes. */
const lanesOf = (items) => {
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, () => [])
  for (const [index, item] of items.entries()) lanes[index % lanes.length].push(item)
  return lanes
}

async function loadProviders() {
  if (side === "authjs") {
    const [nodemailer, passkey] = await Promise.all([
      import("../compat/node_modules/@auth/core/providers/nodemailer.js"),
      import("../compat/node_modules/@auth/core/providers/passkey.js"),
    ])
    return { Nodemailer: nodemailer.default, Passkey: passkey.default }
  }
  const [nodemailer, passkey] = await Promise.all([import("@latchkey/core/providers/nodemailer"), import("@latchkey/core/providers/passkey")])
  return { Nodemailer: nodemailer.default, Passkey: passkey.default }
}

/** The configuration both libraries get; `adapter` is a fresh MemoryAdapter. */
function makeConfig({ Nodemailer, Passkey }, adapter) {
  const email = {
    id: "email",
    from: "Bench <no-reply@localhost>",
    // @auth/core deep-merges an object `server` into a default carrying empty credentials; a URL replaces it.
    server: side === "authjs" ? `smtp://127.0.0.1:${smtpPort}` : { host: "127.0.0.1", port: smtpPort, secure: false, ignoreTLS: true },
    ...(emailSend === "none" ? { sendVerificationRequest: async () => {} } : {}),
  }
  return {
    secret,
    trustHost: true,
    basePath: "/auth",
    adapter,
    experimental: { enableWebAuthn: true },
    logger: { error: (e) => process.env.BENCH_DEBUG && console.error(e), warn: () => {}, debug: () => {} },
    // Row 3 measures sign-up options for a new address: Latchkey answers them only where the provider allows sign-up (@auth/core ignores the option).
    providers: [Nodemailer(email), Passkey({ allowSignUp: true })],
  }
}

/** A CSRF token and its cookie, from the library's own GET /auth/csrf. */
async function csrfOf(Auth, config) {
  const response = await Auth(new Request(`${APP}/auth/csrf`), config)
  const { csrfToken } = await response.json()
  return { csrfToken, cookie: cookiePairs(response).join("; ") }
}

const formRequest = (path, cookie, fields) =>
  new Request(`${APP}${path}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  })

/** Why an answer is not a 302 to `location` (with a session cookie when `session`), or null. */
async function redirectProblem(response, location, session = false) {
  const at = response.headers.get("location")
  const problem =
    response.status !== 302
      ? `status ${response.status}`
      : at !== location
        ? `redirected to ${at}`
        : session && !cookiePairs(response).some((pair) => pair.startsWith("authjs.session-token="))
          ? "no session cookie"
          : null
  return problem && { problem, status: response.status, location: at, body: (await response.text()).slice(0, 500) }
}

let addresses = 0
const freshAddress = () => `bench-${side}-${process.pid}-${++addresses}@example.com`

/** Row 1. */
async function signInEmailRow(Auth, config) {
  const csrf = await csrfOf(Auth, config)
  const verifyRequest = `${APP}/auth/verify-request?provider=email&type=email`
  return timeBoundRow(async () => {
    const response = await Auth(formRequest("/auth/signin/email", csrf.cookie, { csrfToken: csrf.csrfToken, email: freshAddress(), callbackUrl: APP }), config)
    return redirectProblem(response, verifyRequest)
  })
}

/** Row 2: `count` tokens stored through the adapter, then one sign-in per token. */
async function emailCallbackBatch(Auth, config, adapter, count) {
  const csrf = await csrfOf(Auth, config)
  const expires = new Date(Date.now() + 3_600_000)
  const links = []
  for (let index = 0; index < count; index++) {
    const token = randomBytes(32).toString("hex")
    const email = freshAddress()
    // Both libraries store SHA-256 hex of token + secret.
    await adapter.createVerificationToken({ identifier: email, token: createHash("sha256").update(`${token}${secret}`).digest("hex"), expires })
    links.push({ token, email })
  }
  const requests = links.map(({ token, email }) =>
    side === "authjs"
      ? () => new Request(`${APP}/auth/callback/email?${new URLSearchParams({ callbackUrl: APP, token, email })}`, { headers: { cookie: csrf.cookie } })
      : () => formRequest("/auth/callback/email", csrf.cookie, { csrfToken: csrf.csrfToken, token, email, callbackUrl: APP }),
  )
  return runPrepared(Auth, config, lanesOf(requests), (response) => redirectProblem(response, APP, true))
}

async function emailCallbackRow(Auth, config, adapter) {
  await emailCallbackBatch(Auth, config, adapter, Math.max(1, Math.round(emailCallbacks / 10)))
  return emailCallbackBatch(Auth, config, adapter, emailCallbacks)
}

/** Row 3. */
async function webauthnOptionsRow(Auth, config) {
  return timeBoundRow(async () => {
    const response = await Auth(new Request(`${APP}/auth/webauthn-options/passkey?email=${encodeURIComponent(freshAddress())}`), config)
    const body = response.status === 200 ? await response.json() : await response.text()
    if (response.status === 200 && body.action === "register" && cookiePairs(response).some((pair) => pair.startsWith("authjs.challenge="))) return null
    return { problem: "not registration options with a challenge cookie", status: response.status, body: JSON.stringify(body).slice(0, 500) }
  })
}

/** A P-256 credential: its key pair, id, and COSE public key (RFC 9053 §7.1.1, EC2 / ES256). */
function newCredential() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
  const { x, y } = publicKey.export({ format: "jwk" })
  const cose = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    Buffer.from(x, "base64url"),
    Buffer.from([0x22, 0x58, 0x20]),
    Buffer.from(y, "base64url"),
  ])
  return { privateKey, id: randomBytes(16), cose, counter: 0 }
}

/** Stores a user, its webauthn account and the credential as its authenticator, as a registration would. */
async function register(adapter, credential) {
  const user = await adapter.createUser({ id: crypto.randomUUID(), email: freshAddress(), emailVerified: new Date() })
  const providerAccountId = credential.id.toString("base64")
  await adapter.linkAccount({ userId: user.id, type: "webauthn", provider: "passkey", providerAccountId })
  await adapter.createAuthenticator({
    userId: user.id,
    providerAccountId,
    credentialID: providerAccountId,
    credentialPublicKey: credential.cose.toString("base64"),
    counter: 0,
    credentialBackedUp: false,
    credentialDeviceType: "singleDevice",
    transports: "internal",
  })
}

/**
 * An ECDSA P-256 signature (DER, as WebAuthn sends it) whose r and s are both 32 bytes long.
 * About one signature in a hundred has a shorter r or s, which SimpleWebAuthn 9 (that
 * @auth/core 0.41.3 runs on) fails to verify; signing is randomised, so signing again gives
 * one every library accepts, and both sides get the same kind of signature.
 */
function fullLengthSignature(data, privateKey) {
  for (;;) {
    const der = sign("sha256", data, privateKey)
    const rLength = der[3]
    const sLength = der[5 + rLength]
    const significant = (offset, length) => length - (der[offset] === 0 ? 1 : 0)
    if (significant(4, rLength) === 32 && significant(6 + rLength, sLength) === 32) return der
  }
}

/** An AuthenticationResponseJSON for `challenge`, the credential's counter moved on by one. */
function assertion(credential, challenge) {
  credential.counter++
  const counter = Buffer.alloc(4)
  counter.writeUInt32BE(credential.counter)
  const authenticatorData = Buffer.concat([sha256(RP_ID), Buffer.from([0x01 | 0x04]), counter])
  const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin: APP, crossOrigin: false }))
  const signature = fullLengthSignature(Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey)
  const id = credential.id.toString("base64url")
  return {
    id,
    rawId: id,
    type: "public-key",
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
    response: {
      clientDataJSON: clientDataJSON.toString("base64url"),
      authenticatorData: authenticatorData.toString("base64url"),
      signature: signature.toString("base64url"),
    },
  }
}

/** Row 4: per lane, `count / lanes` ceremonies prepared in order (options, assertion), then run. */
async function passkeyBatch(Auth, config, credentials, count) {
  const csrf = await csrfOf(Auth, config)
  const perLane = credentials.map(() => [])
  for (let index = 0; index < count; index++) {
    const lane = index % credentials.length
    const options = await Auth(new Request(`${APP}/auth/webauthn-options/passkey?action=authenticate`, { headers: { cookie: csrf.cookie } }), config)
    if (options.status !== 200)
      throw new Error(`preparing a passkey sign-in: /webauthn-options answered ${options.status}: ${(await options.text()).slice(0, 500)}`)
    const {
      options: { challenge },
    } = await options.json()
    const cookie = [csrf.cookie, ...cookiePairs(options)].join("; ")
    const data = JSON.stringify(assertion(credentials[lane], challenge))
    perLane[lane].push(() => formRequest("/auth/callback/passkey", cookie, { csrfToken: csrf.csrfToken, callbackUrl: APP, action: "authenticate", data }))
  }
  return runPrepared(Auth, config, perLane, (response) => redirectProblem(response, APP, true))
}

async function passkeyRow(Auth, config, adapter) {
  const credentials = Array.from({ length: concurrency }, newCredential)
  for (const credential of credentials) await register(adapter, credential)
  await passkeyBatch(Auth, config, credentials, Math.max(credentials.length, Math.round(passkeyVerifications / 10)))
  return passkeyBatch(Auth, config, credentials, passkeyVerifications)
}

try {
  const { Auth, label } = await loadLibrary(side)
  const providers = await loadProviders()
  const { MemoryAdapter } = await import("@latchkey/core/adapters/memory")
  const fresh = () => {
    const adapter = MemoryAdapter()
    return { adapter, config: makeConfig(providers, adapter) }
  }
  const rows = {}
  {
    const { config } = fresh()
    rows.signinEmail = await signInEmailRow(Auth, config)
  }
  {
    const { adapter, config } = fresh()
    rows.emailCallback = await emailCallbackRow(Auth, config, adapter)
  }
  {
    const { config } = fresh()
    rows.webauthnOptions = await webauthnOptionsRow(Auth, config)
  }
  {
    const { adapter, config } = fresh()
    rows.passkey = await passkeyRow(Auth, config, adapter)
  }
  process.send({ type: "result", side, label, rows }, () => process.exit(0))
} catch (error) {
  process.send({ type: "error", message: String(error?.stack ?? error) }, () => process.exit(1))
}
