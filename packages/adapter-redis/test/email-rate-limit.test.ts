/**
 * Email sign-in's rate limits shared by two app instances through one
 * `RedisRateLimitStore` (each with its own configuration, Redis client and
 * store object, as two processes would have): a message sent through one
 * instance counts on the other, per address and per client IP, over a real
 * SMTP server on 127.0.0.1.
 */
import { Auth, type AuthConfig } from "@latchkey/core"
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import Nodemailer from "@latchkey/core/providers/nodemailer"
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest"
import { RedisRateLimitStore } from "../src/index.js"
import { Client } from "../../core/test/support/client.js"
import { HTTP_ORIGIN } from "../../core/test/support/config.js"
import { type SmtpSink, startSmtpSink } from "../../core/test/support/smtp-sink.js"
import { describeWithRedis, freshPrefix, removePrefix, testClient } from "./support.js"

const SECRET = "redis-email-rate-limit-secret-0123456789"

describeWithRedis("email sign-in limits shared through Redis", () => {
  const clients = [testClient(), testClient()]
  const prefix = freshPrefix("email-limits")
  let sink: SmtpSink
  beforeAll(async () => {
    sink = await startSmtpSink()
  })
  beforeEach(async () => {
    await removePrefix(clients[0]!, prefix)
    sink.messages.length = 0
  })
  afterAll(async () => {
    await removePrefix(clients[0]!, prefix)
    for (const client of clients) client.disconnect()
    await sink.close()
  })

  /** Two app instances: separate configurations, adapters, clients and stores, one Redis. */
  function instances(): AuthConfig[] {
    return clients.map((redis) => ({
      secret: SECRET,
      trustHost: true,
      adapter: MemoryAdapter(),
      rateLimit: { store: new RedisRateLimitStore(redis, { prefix }), clientIpHeader: "x-real-ip" },
      providers: [Nodemailer({ server: sink.server, from: "Latchkey tests <no-reply@localhost>" })],
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    }))
  }

  async function requestLink(config: AuthConfig, email: string, ip: string): Promise<Response> {
    const browser = new Client({ Auth }, config)
    const csrfToken = await browser.csrfToken()
    return browser.send("/auth/signin/nodemailer", { form: { csrfToken, email, callbackUrl: HTTP_ORIGIN.origin }, headers: { "x-real-ip": ip } })
  }

  it("per address: a message sent through one instance holds back the other's (1 per minute)", async () => {
    const [first, second] = instances()
    const sent = await requestLink(first!, "ada@example.com", "203.0.113.1")
    const limited = await requestLink(second!, "ada@example.com", "203.0.113.2")
    expect(limited.status).toBe(sent.status)
    expect(limited.headers.get("location")).toBe(sent.headers.get("location"))
    await requestLink(second!, "grace@example.com", "203.0.113.2")
    expect(sink.messages.map((mail) => mail.recipients[0])).toEqual(["ada@example.com", "grace@example.com"])
  })

  it("per client IP: 20 per hour across both instances", async () => {
    const [first, second] = instances()
    for (let index = 0; index < 20; index++) {
      expect((await requestLink(index % 2 ? first! : second!, `user${index}@example.com`, "198.51.100.7")).status).toBe(302)
    }
    expect(sink.messages).toHaveLength(20)
    await requestLink(first!, "user20@example.com", "198.51.100.7")
    await requestLink(second!, "user21@example.com", "198.51.100.7")
    expect(sink.messages).toHaveLength(20)
    await requestLink(second!, "user22@example.com", "198.51.100.8")
    expect(sink.messages).toHaveLength(21)
  })
})
