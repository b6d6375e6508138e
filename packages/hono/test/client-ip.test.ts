/**
 * authHandler() on @hono/node-server hands core the socket's address as
 * the client IP of the email rate limits, over IPv4 and IPv6, whatever
 * X-Forwarded-For says (docs/rate-limiting.md, "The client IP").
 */
import type { AddressInfo } from "node:net"
import { serve } from "@hono/node-server"
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import { Hono } from "hono"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { askForLink, LOOPBACKS, loopbackUrl, onePerClient } from "../../core/test/support/email-client-ip.js"
import { type SmtpSink, startSmtpSink } from "../../core/test/support/smtp-sink.js"
import { authHandler, initAuthConfig } from "../src/index.js"

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(() => sink.close())

describe.each(LOOPBACKS)("authHandler() on %s", (host) => {
  it("counts the socket's address, whatever X-Forwarded-For says", async () => {
    sink.messages.length = 0
    const config = { ...onePerClient(sink), adapter: MemoryAdapter(), basePath: "/api/auth" }
    const app = new Hono()
    app.use(
      "*",
      initAuthConfig(() => config),
    )
    app.use("/api/auth/*", authHandler())
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: host }, () => resolve(started))
    })
    try {
      const auth = `${loopbackUrl(host, (server.address() as AddressInfo).port)}/api/auth`
      await askForLink(auth, "ada@example.com", { "x-forwarded-for": "203.0.113.1" })
      await askForLink(auth, "grace@example.com", { "x-forwarded-for": "203.0.113.2" })
      expect(sink.messages.map((mail) => mail.recipients[0])).toEqual(["ada@example.com"])
    } finally {
      ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
