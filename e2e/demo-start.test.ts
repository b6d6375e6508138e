/**
 * `npm start` at the repository root, as a newcomer runs it: the real npm,
 * which builds what is stale (scripts/build-if-stale.mjs) and serves the
 * demo. Ctrl-C (SIGINT to npm, as the terminal sends it to the foreground
 * job) stops every process and frees every port; a port already in use ends
 * with one line that names it and how to pick another.
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

  for (const which of ["port", "smtpPort", "oidcPort"] as const) {
    it(`with the ${which === "port" ? "demo's" : which === "smtpPort" ? "SMTP server's" : "Local OIDC provider's"} port in use, exits 1 with one line naming the port and the variable that picks another`, async () => {
      const dataDir = tempDataFolder()
      folders.push(dataDir)
      const ports: DemoPorts = await freeDemoPorts()
      const blocker = await occupy(ports[which])
      try {
        const run = await startDemo({ dataDir, ports, viaNpm: true })
        runs.push(run)
        const { code } = await run.exited
        expect(code).toBe(1)
        const variable = { port: "PORT", smtpPort: "SMTP_PORT", oidcPort: "LOCAL_OIDC_PORT" }[which]
        const lines = run
          .output()
          .split("\n")
          .filter((line) => line.includes(String(ports[which])))
        expect(lines).toHaveLength(1)
        expect(lines[0]).toMatch(new RegExp(`^Port ${ports[which]} is already in use`))
        expect(lines[0]).toContain(`${variable}=`)
        expect(run.output()).not.toMatch(/^\s+at /m)
        // Nothing was left running: the other ports are free again.
        for (const [name, port] of Object.entries(ports)) if (name !== which) expect(await listening(port)).toBe(false)
      } finally {
        await new Promise((resolve) => blocker.close(resolve))
      }
    }, 120_000)
  }
})
