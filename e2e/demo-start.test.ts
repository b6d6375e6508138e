/**
 * `npm start` at the repository root, as a newcomer runs it: the real npm,
 * which builds what is stale (scripts/build-if-stale.mjs) and serves the
 * demo. Ctrl-C (SIGINT to npm, as the terminal sends it to the foreground
 * job) stops every process and frees every port; ports already in use end
 * with one line that names them all and one command that works, which the
 * tests then run.
 */
import { rmSync } from "node:fs"
import { createServer, type Server } from "node:net"
import { afterAll, describe, expect, it } from "vitest"
import { type DemoPorts, type DemoRun, freeDemoPorts, startDemo, stopDemo, tempDataFolder } from "./support/demo-process.js"

/** Whether something accepts connections on localhost:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once("error", () => resolve(true))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(false)))
  })
}

/** Holds `port` on 127.0.0.1 (where the demo listens for "localhost") until closed. */
function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve(server))
  })
}

describe("npm start", () => {
  const folders: string[] = []
  const runs: DemoRun[] = []
  afterAll(async () => {
    for (const run of runs) await stopDemo(run)
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })

  it("serves the demo, printing its URL, and Ctrl-C stops every process and frees every port", async () => {
    const dataDir = tempDataFolder()
    folders.push(dataDir)
    const ports = await freeDemoPorts()
    const run = await startDemo({ dataDir, ports, viaNpm: true })
    runs.push(run)
    await run.ready
    expect(run.output()).toContain(`Latchkey demo on http://localhost:${ports.port}`)
    const answer = await fetch(`${run.base}/`)
    expect(answer.status).toBe(200)
    for (const port of Object.values(ports)) expect(await listening(port)).toBe(true)

    run.child.kill("SIGINT")
    const { code, signal } = await run.exited
    expect({ code, signal }).toEqual({ code: 0, signal: null })
    for (const port of Object.values(ports)) expect(await listening(port), `port ${port} still taken`).toBe(false)
  }, 120_000)

  /** The command in the demo's port line, as environment assignments: `PORT=3010 npm start` → { PORT: "3010" }. */
  function suggestedCommand(line: string): Record<string, string> {
    const match = /: start this one with ((?:[A-Z_]+=\d+ )+)npm start$/.exec(line)
    expect(match, line).not.toBeNull()
    return Object.fromEntries(
      match![1]!
        .trim()
        .split(" ")
        .map((assignment) => assignment.split("=") as [string, string]),
    )
  }

  /** Runs the suggested command on a fresh data folder: the demo starts, on the port it named. */
  async function startsWith(assignments: Record<string, string>): Promise<void> {
    const dataDir = tempDataFolder()
    folders.push(dataDir)
    const port = Number(assignments.PORT)
    const ports = { port, oidcPort: Number(assignments.LOCAL_OIDC_PORT ?? port + 1), smtpPort: Number(assignments.SMTP_PORT ?? port + 2) }
    const run = await startDemo({ dataDir, ports, viaNpm: true, portOnly: !assignments.SMTP_PORT && !assignments.LOCAL_OIDC_PORT })
    runs.push(run)
    await run.ready
    expect(run.output()).toContain(`Latchkey demo on http://localhost:${port}`)
    expect((await fetch(`${run.base}/`)).status).toBe(200)
    await stopDemo(run, "SIGINT")
  }

  it("a second npm start on the same PORT names every taken port in one line with the one command that works, and that command starts it", async () => {
    const firstData = tempDataFolder()
    folders.push(firstData)
    const first = await startDemo({ dataDir: firstData, portOnly: true })
    runs.push(first)
    await first.ready
    const { port, oidcPort, smtpPort } = first.ports
    const dataDir = tempDataFolder()
    folders.push(dataDir)
    const second = await startDemo({ dataDir, ports: first.ports, viaNpm: true, portOnly: true })
    runs.push(second)
    expect((await second.exited).code).toBe(1)
    const lines = second
      .output()
      .split("\n")
      .filter((line) => /\bPorts? \d/.test(line))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(new RegExp(`^Ports ${port} \\(the demo\\), ${oidcPort} \\(Local OIDC\\) and ${smtpPort} \\(the SMTP server\\) are already in use`))
    expect(second.output()).not.toMatch(/^\s+at /m)
    const command = suggestedCommand(lines[0]!)
    // PORT alone: the other two follow it.
    expect(Object.keys(command)).toEqual(["PORT"])
    await startsWith(command)
  }, 180_000)

  for (const which of ["port", "smtpPort", "oidcPort"] as const) {
    it(`with the ${which === "port" ? "demo's" : which === "smtpPort" ? "SMTP server's" : "Local OIDC provider's"} port in use, exits 1 with one line naming the port and a command that works`, async () => {
      const dataDir = tempDataFolder()
      folders.push(dataDir)
      const ports: DemoPorts = await freeDemoPorts()
      const blocker = await occupy(ports[which])
      try {
        const run = await startDemo({ dataDir, ports, viaNpm: true })
        runs.push(run)
        const { code } = await run.exited
        expect(code).toBe(1)
        const role = { port: "the demo", smtpPort: "the SMTP server", oidcPort: "Local OIDC" }[which]
        const lines = run
          .output()
          .split("\n")
          .filter((line) => line.includes(String(ports[which])))
        expect(lines).toHaveLength(1)
        expect(lines[0]).toMatch(new RegExp(`^Port ${ports[which]} \\(${role}\\) is already in use`))
        expect(run.output()).not.toMatch(/^\s+at /m)
        // Nothing was left running: the other ports are free again.
        for (const [name, port] of Object.entries(ports)) if (name !== which) expect(await listening(port)).toBe(false)
        // The variables this run set are all in the command, so it works from the same shell.
        const command = suggestedCommand(lines[0]!)
        expect(Object.keys(command).sort()).toEqual(["LOCAL_OIDC_PORT", "PORT", "SMTP_PORT"])
        await startsWith(command)
      } finally {
        await new Promise((resolve) => blocker.close(resolve))
      }
    }, 180_000)
  }
})
