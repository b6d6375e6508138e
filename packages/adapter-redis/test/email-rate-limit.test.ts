/**
 * Email sign-in's rate limits shared by two app instances through one
 * `RedisRateLimitStore` (each with its own configuration, Redis client and
 * store object, as two processes would have): a message sent through one
 * instance counts on the other, per address and asker, per address overall
 * and per client IP, under parallel requests too; a send that failed gives
 * back what it took on both; a limited send's code counts its tries in
 * Redis. And the same through `store: new RedisStore(redis)` alone, with no
 * `rateLimit.store`. Over a real SMTP server on 127.0.0.1.
 */
import { Auth, type AuthConfig } from "@latchkey/core"
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import Nodemailer, { type NodemailerUserConfig } from "@latchkey/core/providers/nodemailer"
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest"
import { Client } from "../../core/test/support/client.js"
import { HTTP_ORIGIN } from "../../core/test/support/config.js"
import { CookieJar } from "../../core/test/support/cookies.js"
import { type SmtpSink, startSmtpSink } from "../../core/test/support/smtp-sink.js"
import { RedisRateLimitStore, RedisStore } from "../src/index.js"
import { describeWithRedis, freshPrefix, keysUnder, removePrefix, testClient } from "./support.js"

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
    sink.refuseRecipients(false)
  })
  afterAll(async () => {
    await removePrefix(clients[0]!, prefix)
    for (const client of clients) client.disconnect()
    await sink.close()
  })

  /**
   * Two app instances: separate configurations, clients and stores, one Redis
   * (and one adapter: instances of one app share their database).
   */
  function instances(email: NonNullable<AuthConfig["rateLimit"]>["email"] = {}, provider: NodemailerUserConfig = {}): AuthConfig[] {
    const adapter = MemoryAdapter()
    return clients.map((redis) => ({
      secret: SECRET,
      trustHost: true,
      adapter,
      rateLimit: { store: new RedisRateLimitStore(redis, { prefix }), clientIpHeader: "x-real-ip", email },
      providers: [Nodemailer({ server: sink.server, from: "Latchkey tests <no-reply@localhost>", ...provider })],
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    }))
  }

  async function requestLink(config: AuthConfig, email: string, ip: string): Promise<Response> {
    const browser = new Client({ Auth }, config)
    const csrfToken = await browser.csrfToken()
    return browser.send("/auth/signin/nodemailer", { form: { csrfToken, email, callbackUrl: HTTP_ORIGIN.origin }, headers: { "x-real-ip": ip } })
  }

  it("per address and client: a message sent through one instance holds back the other's (1 per minute), for that client only", async () => {
    const [first, second] = instances()
    const sent = await requestLink(first!, "ada@example.com", "203.0.113.1")
    const limited = await requestLink(second!, "ada@example.com", "203.0.113.1")
    expect(limited.status).toBe(sent.status)
    expect(limited.headers.get("location")).toBe(sent.headers.get("location"))
    await requestLink(second!, "grace@example.com", "203.0.113.1")
    // Another client asking for Ada is not held back by the first one's requests.
    await requestLink(first!, "ada@example.com", "203.0.113.2")
    expect(sink.messages.map((mail) => mail.recipients[0])).toEqual(["ada@example.com", "grace@example.com", "ada@example.com"])
  })

  it("per address overall: the backstop (20 per hour) counts across both instances", async () => {
    const [first, second] = instances()
    for (let index = 0; index < 24; index++) await requestLink(index % 2 ? first! : second!, "ada@example.com", `198.51.100.${index}`)
    expect(sink.messages).toHaveLength(20)
  })

  it("40 parallel requests for one address from one client, split over both instances: exactly one is sent", async () => {
    const [first, second] = instances()
    await Promise.all(Array.from({ length: 40 }, (_, index) => requestLink(index % 2 ? first! : second!, "ada@example.com", "203.0.113.7")))
    expect(sink.messages).toHaveLength(1)
  })

  it("failed sends give back exactly what they took, on both instances, under 40 parallel requests", async () => {
    const perAddress = [{ limit: 3, window: 3600 }]
    const [first, second] = instances({ perAddress, perClient: [{ limit: 200, window: 3600 }] })
    const ask = (index: number) => requestLink(index % 2 ? first! : second!, "ada@example.com", "203.0.113.7")
    sink.refuseRecipients(true)
    const failed = await Promise.all(Array.from({ length: 40 }, (_, index) => ask(index)))
    expect(failed.filter((answer) => answer.headers.get("location")?.endsWith("error=EmailSignin")).length).toBeGreaterThanOrEqual(3)
    sink.refuseRecipients(false)
    await Promise.all(Array.from({ length: 40 }, (_, index) => ask(index)))
    expect(sink.messages).toHaveLength(3)
  })

  it("a limited send's code counts its tries in Redis: four 'wrong' across both instances, then the lockout", async () => {
    const [first, second] = instances({ perAddress: [{ limit: 1, window: 60 }] }, { code: true })
    await requestLink(first!, "ada@example.com", "203.0.113.7")
    // One browser (one cookie jar) whose requests reach either instance.
    const jar = new CookieJar()
    const through = [new Client({ Auth }, second!, HTTP_ORIGIN, jar), new Client({ Auth }, first!, HTTP_ORIGIN, jar)]
    const csrfToken = await through[0]!.csrfToken()
    await through[0]!.send("/auth/signin/nodemailer", {
      form: { csrfToken, email: "ada@example.com", callbackUrl: HTTP_ORIGIN.origin },
      headers: { "x-real-ip": "203.0.113.7" },
    })
    expect(sink.messages).toHaveLength(1)
    const targets: (string | null)[] = []
    for (let attempt = 0; attempt < 6; attempt++) {
      const answer = await through[attempt % 2]!.send("/auth/callback/nodemailer", { form: { csrfToken, code: "000000" } })
      targets.push(answer.headers.get("location"))
    }
    expect(targets.map((target) => new URL(target!).search)).toEqual([
      ...Array.from({ length: 4 }, () => "?provider=nodemailer&type=email&code=wrong"),
      "?error=Verification",
      "?error=Verification",
    ])
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

  it("with only store: new RedisStore(redis) and no rateLimit.store, the limits are shared all the same: 40 parallel requests over both instances send one", async () => {
    const adapter = MemoryAdapter()
    const [first, second] = clients.map(
      (redis): AuthConfig => ({
        secret: SECRET,
        trustHost: true,
        adapter,
        store: new RedisStore(redis, { prefix }),
        rateLimit: { clientIpHeader: "x-real-ip" },
        providers: [Nodemailer({ server: sink.server, from: "Latchkey tests <no-reply@localhost>" })],
        logger: { error: () => {}, warn: () => {}, debug: () => {} },
      }),
    )
    await Promise.all(Array.from({ length: 40 }, (_, index) => requestLink(index % 2 ? first! : second!, "ada@example.com", "203.0.113.7")))
    expect(sink.messages).toHaveLength(1)
    expect((await keysUnder(clients[0]!, `${prefix}rate-limit:`)).length).toBeGreaterThan(0)
  })
})
