/**
 * Heavy dependencies load on first use (docs/architecture.md, "The request
 * flow"): a process that imports the built `@latchkey/core` and answers a
 * JWT `GET /session` (with an SMTP email provider and a passkey provider
 * configured) must not load oauth4webapi, oauth-1.0a, Preact, nodemailer or
 * @simplewebauthn/server, nor,
 * on Node, where node:crypto seals, opens and identifies the keys, jose. The
 * child (fixtures/session-read-modules.mjs) reports every module it resolved.
 */
import { execFile } from "node:child_process"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"

const run = promisify(execFile)
const child = fileURLToPath(new URL("./fixtures/session-read-modules.mjs", import.meta.url))

interface ChildReport {
  status: number
  session: { user?: { email?: string } } | null
  resolved: string[]
}

async function sessionReadInChild(...args: string[]): Promise<ChildReport> {
  const { stdout } = await run(process.execPath, [child, ...args], { cwd: fileURLToPath(new URL("..", import.meta.url)) })
  return JSON.parse(stdout) as ChildReport
}

const HEAVY = [
  /\/node_modules\/oauth4webapi\//,
  /\/node_modules\/oauth-1\.0a\//,
  /\/node_modules\/preact\//,
  /\/node_modules\/preact-render-to-string\//,
  /\/node_modules\/jose\//,
  /\/node_modules\/nodemailer\//,
  /\/node_modules\/@simplewebauthn\//,
]

describe("lazy loading of the built package", () => {
  it("answers a JWT GET /session without loading oauth4webapi, oauth-1.0a, Preact, nodemailer, SimpleWebAuthn or jose", async () => {
    const report = await sessionReadInChild()
    // The read really happened: the hook saw the package, and the session came back.
    expect(report.status).toBe(200)
    expect(report.session?.user?.email).toBe("ada@example.test")
    expect(report.resolved.some((url) => url.includes("/packages/core/dist/index.js"))).toBe(true)
    expect(report.resolved.some((url) => url.includes("/packages/core/dist/runtime/crypto-node.js"))).toBe(true)
    const heavy = report.resolved.filter((url) => HEAVY.some((pattern) => pattern.test(url)))
    expect(heavy).toEqual([])
  })

  it("reads a JWT session through readSession (@latchkey/core/integration) without loading any of them either", async () => {
    const report = await sessionReadInChild("readSession")
    expect(report.status).toBe(200)
    expect(report.session?.user?.email).toBe("ada@example.test")
    expect(report.resolved.some((url) => url.includes("/packages/core/dist/integration.js"))).toBe(true)
    const heavy = report.resolved.filter((url) => HEAVY.some((pattern) => pattern.test(url)))
    expect(heavy).toEqual([])
  })
})
