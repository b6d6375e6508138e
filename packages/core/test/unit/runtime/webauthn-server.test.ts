/**
 * `#webauthn-server` (package.json "imports"): the built package resolves it
 * to the library's loader on Node and to a refusal under `edge-light` (the
 * Next.js/Vercel Edge condition), so an Edge bundle of @latchkey/core never
 * contains @simplewebauthn/server (e2e/next15-edge.test.ts builds one). The
 * refusal says what to do instead.
 */
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { AuthError } from "../../../src/errors.js"
import { loadSimpleWebAuthn as onEdge } from "../../../src/runtime/webauthn-server-edge.js"
import { loadSimpleWebAuthn as onNode } from "../../../src/runtime/webauthn-server-node.js"

const CORE = fileURLToPath(new URL("../../../", import.meta.url))

/** Where Node resolves `#webauthn-server` from inside the package, with `conditions`. */
function resolvedWith(conditions: string[]): string {
  const args = [
    ...conditions.map((condition) => `--conditions=${condition}`),
    "--input-type=module",
    "-e",
    'console.log(import.meta.resolve("#webauthn-server"))',
  ]
  return execFileSync(process.execPath, args, { cwd: CORE, encoding: "utf8" }).trim()
}

describe("#webauthn-server", () => {
  it("resolves to the library on Node and to the refusal under edge-light", () => {
    expect(resolvedWith([])).toMatch(/\/dist\/runtime\/webauthn-server-node\.js$/)
    expect(resolvedWith(["edge-light"])).toMatch(/\/dist\/runtime\/webauthn-server-edge\.js$/)
  })

  it("on Node, loads @simplewebauthn/server", async () => {
    const library = await onNode()
    expect(typeof library.generateRegistrationOptions).toBe("function")
  })

  it("on the Edge runtime, refuses with an AuthError that says to use Node.js", async () => {
    const refusal = await onEdge().catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(AuthError)
    expect((refusal as Error).message).toMatch(/Edge runtime.*Node\.js/)
  })
})
