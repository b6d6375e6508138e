/**
 * The Fastify plugin hands core `request.ip` as the client IP of the email
 * rate limits: the socket's address, over IPv4 and IPv6, unless Fastify's
 * `trustProxy` says to read X-Forwarded-For (docs/rate-limiting.md, "The
 * client IP").
 */
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import Fastify from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { askForLink, LOOPBACKS, onePerClient } from "../../core/test/support/email-client-ip.js"
import { type SmtpSink, startSmtpSink } from "../../core/test/support/smtp-sink.js"
import latchkey from "../src/index.js"

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(() => sink.close())

async function appOn(host: string, trustProxy: boolean) {
  const app = Fastify({ trustProxy })
  await app.register(latchkey, { ...onePerClient(sink), adapter: MemoryAdapter(), prefix: "/auth" })
  const url = await app.listen({ port: 0, host })
  return { auth: `${url}/auth`, close: () => app.close() }
}

describe.each(LOOPBACKS)("the Fastify plugin on %s", (host) => {
  it("counts the socket's address, whatever X-Forwarded-For says", async () => {
    sink.messages.length = 0
    const app = await appOn(host, false)
    try {
      await askForLink(app.auth, "ada@example.com", { "x-forwarded-for": "203.0.113.1" })
      await askForLink(app.auth, "grace@example.com", { "x-forwarded-for": "203.0.113.2" })
      expect(sink.messages.map((mail) => mail.recipients[0])).toEqual(["ada@example.com"])
    } finally {
      await app.close()
    }
  })

  it("with trustProxy: the address Fastify reads from X-Forwarded-For", async () => {
    sink.messages.length = 0
    const app = await appOn(host, true)
    try {
      await askForLink(app.auth, "ada@example.com", { "x-forwarded-for": "203.0.113.1" })
      await askForLink(app.auth, "grace@example.com", { "x-forwarded-for": "203.0.113.2" })
      await askForLink(app.auth, "linus@example.com", { "x-forwarded-for": "203.0.113.2" })
      expect(sink.messages.map((mail) => mail.recipients[0])).toEqual(["ada@example.com", "grace@example.com"])
    } finally {
      await app.close()
    }
  })
})
