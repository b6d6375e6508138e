/**
 * The Host an Express request names passes the same check as in
 * @latchkey/node: a value a URL parser would read a different authority out
 * of (userinfo, percent-encoding, backslashes, spaces) never becomes the
 * origin of Latchkey's URLs. Raw sockets: fetch would refuse these headers.
 */
import { connect } from "node:net"
import express from "express"
import { describe, expect, it } from "vitest"
import { closedAfterEachTest } from "../../core/test/support/per-test.js"
import { ExpressAuth } from "../src/index.js"
import { credentialsConfig, type RunningApp, start } from "./support.js"

const running = closedAfterEachTest<RunningApp>()

async function appWith(trustProxy: boolean): Promise<{ port: number }> {
  const app = express()
  app.set("trust proxy", trustProxy)
  app.use("/auth", ExpressAuth(credentialsConfig()))
  const started = await start(app)
  running.push(started)
  return { port: Number(new URL(started.url).port) }
}

/** Sends `GET /auth/providers` with exactly these header lines; returns the response body. */
function providersWith(port: number, headerLines: string[]): Promise<{ status: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(["GET /auth/providers HTTP/1.1", ...headerLines, "Connection: close", "", ""].join("\r\n")))
    const chunks: Buffer[] = []
    socket.on("data", (chunk: Buffer) => chunks.push(chunk))
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString()
      const split = text.indexOf("\r\n\r\n")
      resolve({ status: text.slice(0, text.indexOf("\r\n")), body: text.slice(split + 4) })
    })
    socket.on("error", reject)
  })
}

const HOSTILE_HOSTS = [
  ["userinfo with a port", "app.test:80@evil.test"],
  ["userinfo", "user@evil.test"],
  ["percent-encoding", "evil%2etest"],
  ["a backslash", "evil.test\\app.test"],
  ["a space", "evil.test app.test"],
] as const

describe("the Host of an Express request", () => {
  it.each(HOSTILE_HOSTS)("falls back to localhost for a Host with %s", async (_, host) => {
    const { port } = await appWith(false)
    const { status, body } = await providersWith(port, [`Host: ${host}`])
    expect(status).toBe("HTTP/1.1 200 OK")
    expect(JSON.parse(body).credentials.signinUrl).toBe("http://localhost/auth/signin/credentials")
    expect(body).not.toContain("evil")
  })

  it.each(HOSTILE_HOSTS)("falls back the same way for an X-Forwarded-Host with %s under trust proxy", async (_, host) => {
    const { port } = await appWith(true)
    const { body } = await providersWith(port, ["Host: app.test", `X-Forwarded-Host: ${host}`])
    expect(body).not.toContain("evil")
    // The trusted proxy named an unusable host: no host is used, not even the Host header it also controls.
    expect(JSON.parse(body).credentials.signinUrl).toBe("http://localhost/auth/signin/credentials")
  })

  it("keeps a plain host and its port", async () => {
    const { port } = await appWith(false)
    const { body } = await providersWith(port, ["Host: app.test:8080"])
    expect(JSON.parse(body).credentials.signinUrl).toBe("http://app.test:8080/auth/signin/credentials")
  })
})
