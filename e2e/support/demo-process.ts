/**
 * The demo (examples/demo) as a user runs it, in its own process: `node
 * examples/demo/server.js`, or the real `npm start` from the repository root.
 * Each run gets free ports for the demo, its SMTP server and Local OIDC, and
 * a data folder (`DEMO_DATA_DIR`) the caller owns, so a second start on the
 * same folder is a restart.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { freePort } from "../../packages/core/test/support/free-port.js"

export const ROOT = fileURLToPath(new URL("../..", import.meta.url))
export const DEMO_SERVER = fileURLToPath(new URL("../../examples/demo/server.js", import.meta.url))
/** The line the demo prints once it listens. */
export const READY_LINE = "Latchkey demo on"
const READY_TIMEOUT_MS = 60_000

/** The ports of one demo run. */
export interface DemoPorts {
  port: number
  smtpPort: number
  oidcPort: number
}

export interface DemoRun {
  child: ChildProcess
  /** `http://localhost:{port}`, the origin the demo serves (and WebAuthn's RP ID `localhost`). */
  base: string
  ports: DemoPorts
  /** Everything printed so far (stdout and stderr). */
  output(): string
  /** Resolves once the ready line is printed; rejects if the process exits first. */
  ready: Promise<void>
  /** The exit code and signal, once it exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Three free ports. */
export async function freeDemoPorts(): Promise<DemoPorts> {
  return { port: await freePort(), smtpPort: await freePort(), oidcPort: await freePort() }
}

/** Whether `port` can be listened on at 127.0.0.1 right now. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once("error", () => resolve(false))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
  })
}

/** Three free ports in a row, as the demo takes them when only PORT is set: PORT, PORT + 1 (Local OIDC), PORT + 2 (SMTP). */
export async function freeConsecutivePorts(): Promise<DemoPorts> {
  for (;;) {
    const port = await freePort()
    if (port + 2 <= 65535 && (await portIsFree(port + 1)) && (await portIsFree(port + 2))) return { port, oidcPort: port + 1, smtpPort: port + 2 }
  }
}

/** A fresh temporary data folder. */
export function tempDataFolder(): string {
  return mkdtempSync(join(tmpdir(), "latchkey-demo-data-"))
}

export interface StartDemoOptions {
  dataDir: string
  ports?: DemoPorts
  /** Extra environment (DATABASE_URL, AUTH_SECRET…); AUTH_* from the test's own environment are removed first. */
  env?: Record<string, string>
  /** Run the real `npm start` at the repository root instead of `node server.js`. */
  viaNpm?: boolean
  /**
   * Set only `PORT` (from `ports.port`), as a plain `npm start` does: the other two follow it
   * (LOCAL_OIDC_PORT = PORT + 1, SMTP_PORT = PORT + 2), and `ports` must be such a set.
   */
  portOnly?: boolean
}

/** Starts the demo; await `ready` before using it. */
export async function startDemo({ dataDir, ports, env = {}, viaNpm = false, portOnly = false }: StartDemoOptions): Promise<DemoRun> {
  const chosen = ports ?? (portOnly ? await freeConsecutivePorts() : await freeDemoPorts())
  if (portOnly && (chosen.oidcPort !== chosen.port + 1 || chosen.smtpPort !== chosen.port + 2)) throw new Error("portOnly needs ports PORT, PORT + 1, PORT + 2")
  const childEnv: NodeJS.ProcessEnv = { ...process.env }
  // The demo's own secret and providers, whatever the environment running the tests has set.
  for (const name of Object.keys(childEnv)) if (name.startsWith("AUTH_")) delete childEnv[name]
  delete childEnv.SMTP_PORT
  delete childEnv.LOCAL_OIDC_PORT
  Object.assign(childEnv, {
    PORT: String(chosen.port),
    ...(portOnly ? {} : { SMTP_PORT: String(chosen.smtpPort), LOCAL_OIDC_PORT: String(chosen.oidcPort) }),
    DEMO_DATA_DIR: dataDir,
    ...env,
  })
  const child = viaNpm
    ? spawn("npm", ["start"], { cwd: ROOT, env: childEnv, stdio: ["ignore", "pipe", "pipe"] })
    : spawn(process.execPath, [DEMO_SERVER], { cwd: ROOT, env: childEnv, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  )
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The demo did not print "${READY_LINE}" within ${READY_TIMEOUT_MS} ms. Output:\n${output}`)),
      READY_TIMEOUT_MS,
    )
    const check = () => {
      if (output.includes(READY_LINE)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on("data", check)
    child.once("error", (error) => {
      clearTimeout(timer)
      reject(error)
    })
    void exited.then(({ code, signal }) => {
      clearTimeout(timer)
      reject(new Error(`The demo exited (code ${code}, signal ${signal}) before it was ready. Output:\n${output}`))
    })
  })
  // A rejection nobody awaited yet (the test awaits `exited` instead) must not fail the run.
  ready.catch(() => {})
  return { child, base: `http://localhost:${chosen.port}`, ports: chosen, output: () => output, ready, exited }
}

/** Stops a demo with `signal` (SIGKILL after 10 s) and waits until it exited. */
export async function stopDemo(run: DemoRun | undefined, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!run || run.child.exitCode !== null || run.child.signalCode !== null) return
  run.child.kill(signal)
  const timer = setTimeout(() => run.child.kill("SIGKILL"), 10_000)
  await run.exited
  clearTimeout(timer)
}
