// The passwordless rows of `npm run bench` (email sign-in and passkeys), on the parent's side:
// the SMTP sink, one passwordless.js child per library and round, the per-round ratios and the
// report. run.js calls these; passwordless.js does the measuring.
//
// Rows (see passwordless.js): POST /signin/email, the email callback, GET /webauthn-options and
// one passkey verification, @auth/core 0.41.3 and Latchkey, in-process. Ratio: Latchkey req/s ÷
// @auth/core req/s per round, then the median over rounds. The issue sets no number, only that
// Latchkey should be ahead on each, so each headline says "ahead" or "behind".
//
// Run alone (the same rows, without the rest of the benchmark):
//
//   node passwordless-rows.js        (after `npm run build` and `npm run compat:install`)

import { fork } from "node:child_process"
import { randomBytes } from "node:crypto"
import { fileURLToPath } from "node:url"
import { SMTPServer } from "smtp-server"

export const PASSWORDLESS_SIDES = ["authjs", "latchkey"]
export const PASSWORDLESS_WARMUP = Number(process.env.BENCH_PASSWORDLESS_WARMUP ?? 0.5)
export const PASSWORDLESS_DURATION = Number(process.env.BENCH_PASSWORDLESS_DURATION ?? 1)
export const EMAIL_CALLBACKS = Number(process.env.BENCH_EMAIL_CALLBACKS ?? 1500)
export const PASSKEY_VERIFICATIONS = Number(process.env.BENCH_PASSKEY_VERIFICATIONS ?? 600)
/**
 * `none` (the default): POST /signin/email hands the message to a `sendVerificationRequest` that
 * only resolves; `smtp`: each library's Nodemailer provider sends it over SMTP to the sink below.
 * Over SMTP both libraries run at the same rate: the SMTP conversation (nodemailer in the measured
 * process, smtp-server in this one) costs far more than either library's own work and hides it.
 */
export const EMAIL_SEND = process.env.BENCH_EMAIL_SEND ?? "none"

/** The rows passwordless.js measures, in its order, with the labels the report uses. */
export const PASSWORDLESS_ROWS = {
  signinEmail: "POST /signin/email",
  emailCallback: "email callback (sign-in)",
  webauthnOptions: "GET /webauthn-options",
  passkey: "passkey verification",
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 in this process, that accepts and counts every
 * message: the receiving end of the POST /signin/email row, outside the measured child.
 */
export async function startSmtpSink() {
  let received = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {})
      stream.on("end", () => {
        received++
        callback()
      })
    },
  })
  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", resolve)
  })
  return {
    port: server.server.address().port,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

/** Seconds the rows take: per side and round, start-up, two time-bound rows and two batches. */
export function estimatePasswordlessSeconds(rounds) {
  const perSide = 0.6 + 2 * (PASSWORDLESS_WARMUP + PASSWORDLESS_DURATION) + 1.1 * EMAIL_CALLBACKS * 0.0015 + 1.1 * PASSKEY_VERIFICATIONS * 0.004
  return rounds * PASSWORDLESS_SIDES.length * perSide
}

/**
 * Runs passwordless.js for `side` in a fresh child (run.js's forkChild) and returns its rows,
 * each with the child's CPU ticks; calls `fail` on any answer that was not the expected one,
 * and when the sink received fewer messages than the sign-in row answered for.
 */
export async function passwordlessRun({ side, round, rounds, sink, childEnv, forkChild, readCpuTicks, cpuTicksBetween, fail, log }) {
  log(`[${round}/${rounds}] passwordless ${side}… `)
  const before = readCpuTicks()
  const receivedBefore = sink.received()
  const run = forkChild("passwordless.js", [side], {
    ...childEnv,
    BENCH_WARMUP: String(PASSWORDLESS_WARMUP),
    BENCH_PASSWORDLESS_DURATION: String(PASSWORDLESS_DURATION),
    BENCH_EMAIL_CALLBACKS: String(EMAIL_CALLBACKS),
    BENCH_PASSKEY_VERIFICATIONS: String(PASSKEY_VERIFICATIONS),
    BENCH_EMAIL_SEND: EMAIL_SEND,
    BENCH_SMTP_PORT: String(sink.port),
  })
  const result = await run.firstMessage.catch((error) => fail(error.message))
  const cpuTicks = cpuTicksBetween(before, readCpuTicks())
  await run.stop()
  for (const [name, row] of Object.entries(result.rows)) {
    if (row.failures) {
      fail(
        `${result.label}, ${PASSWORDLESS_ROWS[name]}: ${row.failures} of ${row.requests} answers were not the expected one; first:\n${JSON.stringify(row.firstFailure, null, 2)}`,
      )
    }
  }
  const received = sink.received() - receivedBefore
  if (EMAIL_SEND === "smtp" && received < result.rows.signinEmail.requests) {
    fail(`${result.label}, POST /signin/email: ${result.rows.signinEmail.requests} measured answers but only ${received} messages reached the SMTP sink`)
  }
  const rows = Object.fromEntries(Object.entries(result.rows).map(([name, row]) => [name, { label: result.label, ...row, cpuTicks }]))
  log(
    `${Object.entries(rows)
      .map(([name, row]) => `${name} ${Math.round(row.rps)} req/s (${Math.round(row.cpuMicrosPerRequest)} µs CPU)`)
      .join(", ")}\n`,
  )
  return { label: result.label, rows }
}

/** This round's ratios: `pw.<row>` (req/s, Latchkey ÷ @auth/core) and `pw.<row>.cpu` (CPU per request, @auth/core ÷ Latchkey). */
export function passwordlessRatios(passwordless) {
  const ratios = {}
  for (const name of Object.keys(PASSWORDLESS_ROWS)) {
    ratios[`pw.${name}`] = passwordless.latchkey.rows[name].rps / passwordless.authjs.rows[name].rps
    ratios[`pw.${name}.cpu`] = passwordless.authjs.rows[name].cpuMicrosPerRequest / passwordless.latchkey.rows[name].cpuMicrosPerRequest
  }
  return ratios
}

/**
 * Prints the passwordless table and headlines, and returns the `passwordless` section of
 * latest.json. `summarizeRow` and `ratioSummary` are run.js's (median round, median of per-round
 * ratios).
 */
export function reportPasswordless({ rounds, summarizeRow, ratioSummary, fmt, tag }) {
  const labels = Object.fromEntries(PASSWORDLESS_SIDES.map((side) => [side, rounds[0].passwordless[side].label + (side === "authjs" ? "" : tag)]))
  const rows = Object.fromEntries(
    Object.keys(PASSWORDLESS_ROWS).map((name) => [
      name,
      Object.fromEntries(
        PASSWORDLESS_SIDES.map((side) => {
          const runs = rounds.map((round) => round.passwordless[side].rows[name])
          return [side, { ...summarizeRow(runs), cpuMicrosPerRequest: median(runs.map((run) => run.cpuMicrosPerRequest)) }]
        }),
      ),
    ]),
  )
  const ratios = Object.fromEntries(
    Object.keys(PASSWORDLESS_ROWS).map((name) => [name, { rps: ratioSummary(`pw.${name}`), cpu: ratioSummary(`pw.${name}.cpu`) }]),
  )

  const what = Math.max(...Object.values(PASSWORDLESS_ROWS).map((label) => label.length), "Passwordless, in-process".length)
  const who = Math.max(...Object.values(labels).map((label) => label.length))
  console.log("")
  console.log(
    `${"Passwordless, in-process".padEnd(what)}  ${"library".padEnd(who)}  ${"req/s".padStart(9)}  ${"µs CPU/req".padStart(10)}  ${"steal %".padStart(7)}`,
  )
  for (const [name, label] of Object.entries(PASSWORDLESS_ROWS)) {
    for (const side of PASSWORDLESS_SIDES) {
      const row = rows[name][side]
      const steal = Number.isFinite(row.stealShare) ? fmt(row.stealShare * 100, 1) : "-"
      console.log(
        `${label.padEnd(what)}  ${labels[side].padEnd(who)}  ${fmt(row.rps).padStart(9)}  ${fmt(row.cpuMicrosPerRequest).padStart(10)}  ${steal.padStart(7)}`,
      )
    }
  }
  const times = (n) => `${fmt(n, 2)}x`
  const range = (summary) => `${times(summary.min)}–${times(summary.max)}`
  const how = {
    signinEmail: EMAIL_SEND === "smtp" ? "each message over SMTP to a local sink" : "a send that only resolves (BENCH_EMAIL_SEND=none)",
    emailCallback: "a fresh token per request; @auth/core's GET, Latchkey's confirmation POST",
    webauthnOptions: "registration options for a fresh address",
    passkey: "a fresh challenge and a P-256 assertion per request",
  }
  console.log("")
  for (const [name, label] of Object.entries(PASSWORDLESS_ROWS)) {
    const { rps, cpu } = ratios[name]
    console.log(
      `${label} ratio ${times(rps.median)}: ${rps.median >= 1 ? "ahead" : "behind"}${tag}  [${how[name]}; rounds: ${range(rps)}; ` +
        `CPU per request ${times(cpu.median)}, rounds: ${range(cpu)}]`,
    )
  }
  const minMax = ({ min, max }) => ({ min, max })
  return {
    emailSend: EMAIL_SEND,
    durationSeconds: PASSWORDLESS_DURATION,
    emailCallbacks: EMAIL_CALLBACKS,
    passkeyVerifications: PASSKEY_VERIFICATIONS,
    libraries: labels,
    rows: Object.fromEntries(
      Object.entries(PASSWORDLESS_ROWS).map(([name, label]) => [
        name,
        {
          label,
          ...rows[name],
          ratio: ratios[name].rps.median,
          ratioRange: minMax(ratios[name].rps),
          cpuRatio: ratios[name].cpu.median,
          cpuRatioRange: minMax(ratios[name].cpu),
          ahead: ratios[name].rps.median >= 1,
        },
      ]),
    ),
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** `node passwordless-rows.js`: these rows alone, BENCH_ROUNDS interleaved rounds (default 3). */
async function runAlone() {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32)
  const sink = await startSmtpSink()
  const childEnv = { BENCH_SECRET: randomBytes(32).toString("base64url"), BENCH_CONCURRENCY: String(concurrency) }
  const fail = (message) => {
    console.error(`\nABORTED: ${message}`)
    process.exit(1)
  }
  const forkChild = (script, args, env) => {
    const child = fork(fileURLToPath(new URL(script, import.meta.url)), args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    })
    const firstMessage = new Promise((resolve, reject) => {
      child.once("message", (message) => (message?.type === "error" ? reject(new Error(message.message)) : resolve(message)))
      child.once("exit", (code) => reject(new Error(`${script} exited (${code}) early`)))
    })
    const stop = () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", resolve), child.kill("SIGTERM"))))
    return { firstMessage, stop }
  }
  const noTicks = () => null
  console.log(
    `Passwordless rows alone: ${rounds} rounds, ${concurrency} in flight, email sent ${EMAIL_SEND === "smtp" ? `over SMTP to 127.0.0.1:${sink.port}` : "nowhere"}; ` +
      `about ${Math.round(estimatePasswordlessSeconds(rounds))} s`,
  )
  const measured = []
  for (let round = 1; round <= rounds; round++) {
    const passwordless = {}
    for (const side of PASSWORDLESS_SIDES) {
      passwordless[side] = await passwordlessRun({
        side,
        round,
        rounds,
        sink,
        childEnv,
        forkChild,
        readCpuTicks: noTicks,
        cpuTicksBetween: noTicks,
        fail,
        log: (text) => process.stdout.write(text),
      })
    }
    measured.push({ passwordless, ratios: passwordlessRatios(passwordless) })
  }
  await sink.close()
  const summarizeRow = (runs) => {
    const sorted = [...runs].sort((a, b) => a.rps - b.rps)
    return { ...sorted[Math.floor(sorted.length / 2)], stealShare: Number.NaN }
  }
  const ratioSummary = (key) => {
    const values = measured.map((round) => round.ratios[key])
    return { median: median(values), min: Math.min(...values), max: Math.max(...values) }
  }
  const fmt = (n, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
  reportPasswordless({ rounds: measured, summarizeRow, ratioSummary, fmt, tag: "" })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runAlone()
