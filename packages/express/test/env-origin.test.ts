/**
 * ExpressAuth after `setEnvDefaults(env, config)` with an `env` other than
 * `process.env`: the AUTH_URL in it turned `trustHost` on, so its origin,
 * not the Host header, is the one Latchkey builds URLs and cookies for.
 * Raw sockets, to send a chosen Host.
 */
import { connect } from "node:net"
import { setEnvDefaults } from "@latchkey/core"
import express from "express"
import { describe, expect, it } from "vitest"
import { closedAfterEachTest } from "../../core/test/support/per-test.js"
import { ExpressAuth } from "../src/index.js"
import { credentialsConfig, type RunningApp, start } from "./support.js"

const running = closedAfterEachTest<RunningApp>()

/** Sends `GET {path}` with `Host: {host}`; returns the raw head and body. */
function get(port: number, path: string, host: string): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end([`GET ${path} HTTP/1.1`, `Host: ${host}`, "Connection: close", "", ""].join("\r\n")))
    const chunks: Buffer[] = []
    socket.on("data", (chunk: Buffer) => chunks.push(chunk))
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString()
      const split = text.indexOf("\r\n\r\n")
      resolve({ head: text.slice(0, split), body: text.slice(split + 4) })
    })
    socket.on("error", reject)
  })
}

describe("ExpressAuth and the AUTH_URL that setEnvDefaults saw", () => {
  it("builds URLs and __Host- cookies on that origin, whatever the Host header says", async () => {
    expect(process.env.AUTH_URL).toBeUndefined()
    const config = credentialsConfig({ trustHost: undefined })
    setEnvDefaults({ AUTH_URL: "https://app.example/auth" }, config)
    const app = express()
    app.use("/auth", ExpressAuth(config))
    const started = await start(app)
    running.push(started)
    const port = Number(new URL(started.url).port)

    const providers = await get(port, "/auth/providers", "evil.test")
    expect(JSON.parse(providers.body).credentials.signinUrl).toBe("https://app.example/auth/signin/credentials")
    const csrf = await get(port, "/auth/csrf", "evil.test")
    expect(csrf.head).toMatch(/^set-cookie: __Host-authjs\.csrf-token=/im)
  })
})
