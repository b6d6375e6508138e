/**
 * toNodeAuthHandler hands core the socket's address as the client IP of the
 * email rate limits, over IPv4 and IPv6, whatever X-Forwarded-For says
 * (docs/rate-limiting.md, "The client IP").
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { askForLink, LOOPBACKS, loopbackUrl, onePerClient } from "../../core/test/support/email-client-ip.js"
import { type SmtpSink, startSmtpSink } from "../../core/test/support/smtp-sink.js"
import { toNodeAuthHandler } from "../src/index.js"

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(() => sink.close())

describe.each(LOOPBACKS)("toNodeAuthHandler on %s", (host) => {
  it("counts the socket's address, whatever X-Forwarded-For says", async () => {
    sink.messages.length = 0
    const server = createServer(toNodeAuthHandler({ ...onePerClient(sink), adapter: MemoryAdapter() }))
    await new Promise<void>((resolve) => server.listen(0, host, resolve))
    try {
      const auth = `${loopbackUrl(host, (server.address() as AddressInfo).port)}/auth`
      await askForLink(auth, "ada@example.com", { "x-forwarded-for": "203.0.113.1" })
      await askForLink(auth, "grace@example.com", { "x-forwarded-for": "203.0.113.2" })
      expect(sink.messages.map((mail) => mail.recipients[0])).toEqual(["ada@example.com"])
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
