/** toNodeHandler: what a client sees when the handler fails. */
import { describe, expect, it, vi } from "vitest"
import { toNodeHandler } from "../src/index.js"
import { rawRequest, trackedServers } from "./serve.js"

const { serve, listen } = trackedServers()

describe("toNodeHandler", () => {
  it.each([
    [
      "throws",
      (): Response => {
        throw new Error("secret detail at /srv/app/db.ts:12")
      },
    ],
    [
      "rejects",
      async (): Promise<Response> => {
        throw new Error("secret detail at /srv/app/db.ts:12")
      },
    ],
    ["returns something other than a Response", (() => ({ status: "ok" })) as unknown as () => Response],
  ])("answers 500 with a short JSON body when the handler %s", async (_, handler) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {})
    const server = await serve(handler)
    const response = await fetch(server.url)
    expect(response.status).toBe(500)
    expect(response.headers.get("content-type")).toMatch(/^application\/json/)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ message: "Internal Server Error" })
    // Sent whole, with its length.
    expect(response.headers.get("content-length")).toBe(String(text.length))
    expect(text).not.toMatch(/secret|at |\.ts/)
    expect(errors).toHaveBeenCalledTimes(1)
  })

  it("keeps serving after a handler failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    let calls = 0
    const server = await serve(() => {
      if (calls++ === 0) throw new Error("first one fails")
      return new Response("second one works")
    })
    expect((await fetch(server.url)).status).toBe(500)
    expect(await (await fetch(server.url)).text()).toBe("second one works")
  })

  it("answers 400 to a method the Fetch standard cannot represent, without calling the handler", async () => {
    const handler = vi.fn(() => new Response("never"))
    const server = await serve(handler)
    const response = await rawRequest(server.port, { method: "TRACE" })
    expect(response.status).toBe(400)
    expect(JSON.parse(response.body)).toEqual({ message: "Bad Request" })
    expect(response.headers["content-length"]).toBe(String(response.body.length))
    expect(handler).not.toHaveBeenCalled()
  })

  it("passes the request's public URL to the handler", async () => {
    const server = await listen(toNodeHandler((request) => new Response(request.url), { origin: "https://auth.example" }))
    expect(await (await fetch(`${server.url}/auth/session?x=1`)).text()).toBe("https://auth.example/auth/session?x=1")
  })
})
