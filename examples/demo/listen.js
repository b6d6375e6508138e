// The demo's three ports, and what it says when one is taken: one line that
// names every taken port and one command that works, a set of ports checked
// free just before, instead of a stack trace or a fix for one port at a time.
import { createServer } from "node:net"

/** What listens on each port, for the message. */
const ROLES = { port: "the demo", oidcPort: "Local OIDC", smtpPort: "the SMTP server" }
/** The variable of each port, and its offset from PORT when it is not set. */
const VARIABLES = { port: ["PORT", 0], oidcPort: ["LOCAL_OIDC_PORT", 1], smtpPort: ["SMTP_PORT", 2] }
/** The host each one listens on (the demo and Local OIDC on localhost, SMTP on loopback only). */
const HOSTS = { port: "localhost", oidcPort: "localhost", smtpPort: "127.0.0.1" }

/**
 * The ports from the environment: `PORT` (default 3000), `LOCAL_OIDC_PORT`
 * (default PORT + 1) and `SMTP_PORT` (default PORT + 2).
 */
export function demoPorts(env = process.env) {
  const port = Number(env.PORT ?? 3000)
  return { port, oidcPort: Number(env.LOCAL_OIDC_PORT ?? port + 1), smtpPort: Number(env.SMTP_PORT ?? port + 2) }
}

/** Why `port` cannot be listened on at `host` ("EADDRINUSE", "EACCES", …), or undefined when it can. */
function whyNotFree(port, host) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once("error", (error) => resolve(error.code ?? "error"))
    probe.listen(port, host, () => probe.close(() => resolve(undefined)))
  })
}

/** The ports of `ports` that cannot be listened on: `[name, code]` pairs. */
async function takenPorts(ports) {
  const taken = []
  for (const name of Object.keys(ROLES)) {
    const code = await whyNotFree(ports[name], HOSTS[name])
    if (code) taken.push([name, code])
  }
  return taken
}

/**
 * The command that starts the demo on a free set: PORT moved by steps of 10
 * until PORT, PORT + 1 and PORT + 2 are all free, and the other two variables
 * only when the environment sets them (else they follow PORT).
 */
async function commandThatWorks(ports, env) {
  for (let base = ports.port + 10; base <= ports.port + 200 && base + 2 <= 65535; base += 10) {
    const candidate = { port: base, oidcPort: base + 1, smtpPort: base + 2 }
    if ((await takenPorts(candidate)).length > 0) continue
    const assignments = Object.entries(VARIABLES)
      .filter(([name, [variable]]) => name === "port" || env[variable] !== undefined)
      .map(([name, [variable]]) => `${variable}=${candidate[name]}`)
    return `${assignments.join(" ")} npm start`
  }
  return undefined
}

/** "3000 (the demo)", "3000 (the demo) and 3002 (the SMTP server)", … */
function listOf(items) {
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`
}

/** The one line for the ports in `taken` (from takenPorts). */
async function takenPortsLine(taken, ports, env) {
  const named = taken.map(([name]) => `${ports[name]} (${ROLES[name]})`)
  const inUse = taken.every(([, code]) => code === "EADDRINUSE")
  const what =
    taken.length === 1
      ? `Port ${named[0]} ${inUse ? "is already in use" : "cannot be opened"}`
      : `Ports ${listOf(named)} ${inUse ? "are already in use" : "cannot be opened"}`
  const command = await commandThatWorks(ports, env)
  return command
    ? `${what}${inUse ? " (is another demo running?)" : ""}: start this one with ${command}`
    : `${what}: set PORT to a free port (the demo also uses PORT + 1 and PORT + 2)`
}

/**
 * Before anything starts: when any of the three ports cannot be listened on,
 * prints one line naming each such port and a command that works, and exits
 * with status 1.
 */
export async function exitUnlessPortsFree(ports, env = process.env) {
  const taken = await takenPorts(ports)
  if (taken.length === 0) return
  console.error(await takenPortsLine(taken, ports, env))
  process.exit(1)
}

/**
 * Runs `start()`, which listens on the port named `name` of `ports`: if that
 * port was taken after {@link exitUnlessPortsFree} checked it, prints the same
 * line, runs `cleanup()` and exits with status 1. Other errors propagate.
 */
export async function listenOrExplain(start, name, ports, cleanup, env = process.env) {
  try {
    return await start()
  } catch (error) {
    // Local OIDC words its own error for a taken port; the demo says it the demo's way.
    const code = error?.code === "LOCAL_OIDC_PORT_IN_USE" ? "EADDRINUSE" : error?.code
    if (code !== "EADDRINUSE" && code !== "EACCES") throw error
    console.error(await takenPortsLine([[name, code]], ports, env))
    await cleanup()
    process.exit(1)
  }
}
