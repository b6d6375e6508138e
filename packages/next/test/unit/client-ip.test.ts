/**
 * @latchkey/next gives core a client IP for the email rate limits only as
 * the app configures it: a Next route handler has no socket address, and
 * the X-Forwarded-For that `next start` fills can come from the client. So
 * the header named by `rateLimit.clientIpHeader`, or by the
 * AUTH_CLIENT_IP_HEADER environment variable (e.g. `x-real-ip`, which Vercel
 * overwrites), is read; without either, none is, and a warning says so
 * (docs/integrations/next.md, "The client IP").
 */
import type { AuthConfig } from "@latchkey/core"
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import Nodemailer from "@latchkey/core/providers/nodemailer"
import type { NextRequest } from "next/server.js"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { type SmtpSink, startSmtpSink } from "../../../core/test/support/smtp-sink.js"
import { type NextAuthConfig, setEnvDefaults } from "../../src/config.js"
import { routeHandler } from "../../src/handlers.js"

const ORIGIN = "http://localhost:3000"
let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(() => sink.close())
beforeEach(() => {
  sink.messages.length = 0
})

/** A Next app's configuration completed from `env`, as NextAuth() completes it, with the route handler it serves. */
function appWith(env: Record<string, string>, rateLimit: NextAuthConfig["rateLimit"] = {}) {
  const warnings: string[] = []
  const config: NextAuthConfig = {
    adapter: MemoryAdapter(),
    providers: [Nodemailer({ server: sink.server, from: "Latchkey tests <no-reply@localhost>" })],
    rateLimit: { ...rateLimit, email: { perClient: [{ limit: 1, window: 3600 }] } },
    logger: { error: () => {}, warn: (code: string) => warnings.push(code), debug: () => {} },
  }
  setEnvDefaults(config, { AUTH_SECRET: "next-client-ip-secret-0123456789abcdef", AUTH_URL: ORIGIN, ...env })
  const handler = routeHandler(config)
  return { config: config as AuthConfig, warnings, handler }
}

/** Asks for a link to `email` through the route handler, as a browser behind a proxy that sent `headers`. */
async function askForLink(handler: ReturnType<typeof routeHandler>, email: string, headers: Record<string, string>) {
  const csrf = await handler(new Request(`${ORIGIN}/api/auth/csrf`, { headers }) as NextRequest)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ")
  const answer = await handler(
    new Request(`${ORIGIN}/api/auth/signin/nodemailer`, {
      method: "POST",
      headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email }),
    }) as NextRequest,
  )
  expect(answer.status).toBe(302)
}

const recipients = () => sink.messages.map((mail) => mail.recipients[0])

describe("the client IP of @latchkey/next's email limits", () => {
  it("AUTH_CLIENT_IP_HEADER names the header the platform overwrites (x-real-ip on Vercel)", async () => {
    const { handler, config, warnings } = appWith({ AUTH_CLIENT_IP_HEADER: "x-real-ip" })
    expect(config.rateLimit?.clientIpHeader).toBe("x-real-ip")
    await askForLink(handler, "ada@example.com", { "x-real-ip": "203.0.113.7" })
    await askForLink(handler, "grace@example.com", { "x-real-ip": "203.0.113.7" })
    await askForLink(handler, "linus@example.com", { "x-real-ip": "2001:db8:1:2::9" })
    await askForLink(handler, "edsger@example.com", { "x-real-ip": "2001:db8:1:2::10" })
    expect(recipients()).toEqual(["ada@example.com", "linus@example.com"])
    expect(warnings).toEqual([])
  })

  it("rateLimit.clientIpHeader in the configuration wins over the environment", async () => {
    const { handler, config } = appWith({ AUTH_CLIENT_IP_HEADER: "x-real-ip" }, { clientIpHeader: "cf-connecting-ip" })
    expect(config.rateLimit?.clientIpHeader).toBe("cf-connecting-ip")
    await askForLink(handler, "ada@example.com", { "cf-connecting-ip": "203.0.113.7", "x-real-ip": "198.51.100.1" })
    await askForLink(handler, "grace@example.com", { "cf-connecting-ip": "203.0.113.7", "x-real-ip": "198.51.100.2" })
    expect(recipients()).toEqual(["ada@example.com"])
  })

  it("without either, no header is trusted (X-Forwarded-For included): no per-client limit, and the no-client-ip warning once", async () => {
    const { handler, warnings } = appWith({})
    await askForLink(handler, "ada@example.com", { "x-forwarded-for": "203.0.113.7", "x-real-ip": "203.0.113.7" })
    await askForLink(handler, "grace@example.com", { "x-forwarded-for": "203.0.113.7", "x-real-ip": "203.0.113.7" })
    expect(recipients()).toEqual(["ada@example.com", "grace@example.com"])
    expect(warnings).toEqual(["no-client-ip"])
  })
})
