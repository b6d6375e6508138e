/**
 * The client IP Express hands to core for the per-client rate limits on
 * sending sign-in email: `req.ip`, which follows the app's `trust proxy`
 * setting. Without it, X-Forwarded-For changes nothing (the socket's address
 * counts); with it, Express's reading of the header does.
 */
import { MemoryAdapter } from "@latchkey/core/adapters/memory"
import Nodemailer from "@latchkey/core/providers/nodemailer"
import express from "express"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { type SmtpSink, startSmtpSink } from "../../core/test/support/smtp-sink.js"
import { ExpressAuth } from "../src/index.js"
import { CookieJar, type RunningApp, SECRET, send, start } from "./support.js"

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(() => sink.close())
const running: RunningApp[] = []
afterEach(async () => {
  sink.messages.length = 0
  await Promise.all(running.splice(0).map((app) => app.close()))
})

async function appWith(trustProxy: boolean) {
  const app = express()
  app.set("trust proxy", trustProxy)
  app.use(
    "/auth/*splat",
    ExpressAuth({
      secret: SECRET,
      trustHost: true,
      adapter: MemoryAdapter(),
      rateLimit: { email: { perClient: [{ limit: 1, window: 3600 }] } },
      providers: [Nodemailer({ server: sink.server, from: "no-reply@localhost" })],
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    }),
  )
  const started = await start(app)
  running.push(started)
  return started
}

async function requestLink(app: RunningApp, email: string, forwardedFor: string) {
  const jar = new CookieJar()
  const { csrfToken } = (await (await send(jar, `${app.url}/auth/csrf`)).json()) as { csrfToken: string }
  const answer = await send(jar, `${app.url}/auth/signin/nodemailer`, {
    method: "POST",
    headers: { "x-forwarded-for": forwardedFor },
    body: new URLSearchParams({ csrfToken, email }),
  })
  expect(answer.status).toBe(302)
}

describe("the client IP of the email rate limits", () => {
  it("without trust proxy: the socket's address, whatever X-Forwarded-For says", async () => {
    const app = await appWith(false)
    await requestLink(app, "ada@example.com", "203.0.113.1")
    await requestLink(app, "grace@example.com", "203.0.113.2")
    expect(sink.messages).toHaveLength(1)
  })

  it("with trust proxy: the address Express reads from X-Forwarded-For", async () => {
    const app = await appWith(true)
    await requestLink(app, "ada@example.com", "203.0.113.1")
    await requestLink(app, "grace@example.com", "203.0.113.2")
    await requestLink(app, "linus@example.com", "203.0.113.2")
    expect(sink.messages.map((mail) => mail.recipients[0])).toEqual(["ada@example.com", "grace@example.com"])
  })
})
