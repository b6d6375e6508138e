/**
 * NodeHeaderView: Node's request headers as core reads them (`get` and
 * iteration), without copying; and, over real HTTP, proof that what it
 * carries reaches user code as a genuine web Request.
 */
import type { IncomingHttpHeaders } from "node:http"
import type { AuthConfig } from "@latchkey/core"
import Credentials from "@latchkey/core/providers/credentials"
import { describe, expect, it } from "vitest"
import { NodeHeaderView } from "../src/headers.js"
import { toNodeAuthHandler } from "../src/index.js"
import { trackedServers } from "./serve.js"

const { listen } = trackedServers()

describe("NodeHeaderView.get", () => {
  it("finds a field whatever the case of the name asked for", () => {
    const view = new NodeHeaderView({ "content-type": "application/json" })
    expect(view.get("content-type")).toBe("application/json")
    expect(view.get("Content-Type")).toBe("application/json")
    expect(view.get("CONTENT-TYPE")).toBe("application/json")
  })

  it("joins a repeated field with a comma and a space, as Headers.get does", () => {
    const incoming: IncomingHttpHeaders = { "set-cookie": ["a=1", "b=2"], "x-multi": ["one", "two", "three"] }
    const view = new NodeHeaderView(incoming)
    expect(view.get("set-cookie")).toBe("a=1, b=2")
    expect(view.get("X-Multi")).toBe("one, two, three")
    // The same answer web Headers would give for the same fields.
    const web = new Headers()
    for (const item of incoming["x-multi"] as string[]) web.append("x-multi", item)
    expect(view.get("x-multi")).toBe(web.get("x-multi"))
  })

  it("answers null for an absent field and for one whose value is undefined", () => {
    const view = new NodeHeaderView({ host: "example.com", "x-undefined": undefined })
    expect(view.get("authorization")).toBeNull()
    expect(view.get("x-undefined")).toBeNull()
  })

  it("answers an empty string, not null, for a field sent with an empty value", () => {
    // Core treats a present X-Auth-Return-Redirect as a request for JSON, even when empty (as Headers.get does).
    const view = new NodeHeaderView({ "x-auth-return-redirect": "" })
    expect(view.get("x-auth-return-redirect")).toBe("")
    expect(new Headers({ "x-auth-return-redirect": "" }).get("x-auth-return-redirect")).toBe("")
  })

  it("never answers with inherited properties of the headers object", () => {
    const view = new NodeHeaderView({ host: "example.com" })
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "__defineGetter__", "isPrototypeOf"]) {
      expect(view.get(name), name).toBeNull()
    }
  })

  it("ignores fields a polluted prototype would add", () => {
    // As if Object.prototype (or the object's own prototype) had been polluted with header-like keys.
    const incoming = Object.create({ authorization: "Bearer injected", cookie: "authjs.session-token=injected" }) as IncomingHttpHeaders
    incoming.host = "example.com"
    const view = new NodeHeaderView(incoming)
    expect(view.get("authorization")).toBeNull()
    expect(view.get("cookie")).toBeNull()
    expect([...view]).toEqual([["host", "example.com"]])
  })

  it("reads a headers object without a prototype", () => {
    const incoming = Object.assign(Object.create(null) as IncomingHttpHeaders, { cookie: "a=1" })
    const view = new NodeHeaderView(incoming)
    expect(view.get("Cookie")).toBe("a=1")
    expect(view.get("constructor")).toBeNull()
  })

  it("answers a field a client really sent under a name like an Object.prototype method", () => {
    // `Constructor: x` is a legal header line; Node stores it as an own property.
    const view = new NodeHeaderView({ constructor: "sent by the client" } as IncomingHttpHeaders)
    expect(view.get("Constructor")).toBe("sent by the client")
  })
})

describe("NodeHeaderView: get agrees with iteration", () => {
  it("answers null for an HTTP/2 pseudo-header, which iteration skips", () => {
    const view = new NodeHeaderView({ ":path": "/auth/session", host: "example.com" } as IncomingHttpHeaders)
    expect(view.get(":path")).toBeNull()
    expect([...view].map(([name]) => name)).toEqual(["host"])
  })

  it("answers null for a repeated field with no values, which iteration yields nothing for", () => {
    const view = new NodeHeaderView({ "x-empty": [] } as unknown as IncomingHttpHeaders)
    expect(view.get("x-empty")).toBeNull()
    expect([...view]).toEqual([])
  })
})

describe("NodeHeaderView iteration", () => {
  it("yields one [name, value] pair per field, and one per item of a repeated field", () => {
    const view = new NodeHeaderView({ host: "example.com", "set-cookie": ["a=1", "b=2"], accept: "*/*" })
    expect([...view]).toEqual([
      ["host", "example.com"],
      ["set-cookie", "a=1"],
      ["set-cookie", "b=2"],
      ["accept", "*/*"],
    ])
  })

  it("skips undefined values and HTTP/2 pseudo-headers", () => {
    const view = new NodeHeaderView({
      ":method": "GET",
      ":path": "/auth/session",
      ":authority": "example.com",
      ":scheme": "https",
      "x-undefined": undefined,
      cookie: "a=1",
    } as IncomingHttpHeaders)
    expect([...view]).toEqual([["cookie", "a=1"]])
  })

  it("can be iterated more than once, with the same result", () => {
    const view = new NodeHeaderView({ host: "example.com", "x-multi": ["1", "2"] })
    const first = [...view]
    expect([...view]).toEqual(first)
    expect(first).toHaveLength(3)
  })

  it("builds the same web Headers as the fields themselves", () => {
    const view = new NodeHeaderView({ host: "example.com", "x-multi": ["1", "2"], ":path": "/" } as IncomingHttpHeaders)
    const web = new Headers([...view])
    expect(web.get("host")).toBe("example.com")
    expect(web.get("x-multi")).toBe("1, 2")
    expect([...web.keys()].sort()).toEqual(["host", "x-multi"])
  })
})

describe("toNodeAuthHandler with the header view, over real HTTP", () => {
  interface Seen {
    isRequest: boolean
    userAgent: string | null
    test: string | null
    hasCsrfCookie: boolean
    method: string
  }

  function setup() {
    const seen: Seen[] = []
    const config: AuthConfig = {
      secret: "node-header-view-secret-0123456789abcdef",
      trustHost: true,
      logger: { error: () => {} },
      providers: [
        Credentials({
          credentials: { username: { label: "Username" } },
          authorize: (credentials, request) => {
            seen.push({
              isRequest: request instanceof Request,
              userAgent: request.headers.get("user-agent"),
              test: request.headers.get("x-test"),
              hasCsrfCookie: (request.headers.get("cookie") ?? "").includes("authjs.csrf-token="),
              method: request.method,
            })
            // The decision depends on a header: only a real, complete Request lets this user in.
            return credentials.username === "alice" && request.headers.get("x-test") === "open-sesame"
              ? { id: "1", name: "Alice", email: "alice@example.com" }
              : null
          },
        }),
      ],
    }
    return { config, seen }
  }

  const cookiePairs = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0]!)
      .join("; ")

  async function signIn(url: string, headers: Record<string, string>) {
    const csrf = await fetch(`${url}/auth/csrf`)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    return fetch(`${url}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiePairs(csrf), ...headers },
      body: new URLSearchParams({ csrfToken, username: "alice", callbackUrl: "/home" }),
    })
  }

  it("hands authorize() a web Request carrying the client's headers", async () => {
    const { config, seen } = setup()
    const server = await listen(toNodeAuthHandler(config))
    const response = await signIn(server.url, { "user-agent": "latchkey-test/1.0", "x-test": "open-sesame" })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${server.url}/home`)
    expect(response.headers.getSetCookie().some((line) => line.startsWith("authjs.session-token="))).toBe(true)
    expect(seen).toEqual([{ isRequest: true, userAgent: "latchkey-test/1.0", test: "open-sesame", hasCsrfCookie: true, method: "POST" }])

    // The session it set reads back through the same handler.
    const session = await fetch(`${server.url}/auth/session`, { headers: { cookie: cookiePairs(response) } })
    expect(((await session.json()) as { user: { name: string } }).user.name).toBe("Alice")
  })

  it("lets authorize() refuse when the header it needs is missing", async () => {
    const { config, seen } = setup()
    const server = await listen(toNodeAuthHandler(config))
    const response = await signIn(server.url, { "user-agent": "latchkey-test/1.0" })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${server.url}/auth/signin?error=CredentialsSignin&code=credentials`)
    expect(response.headers.getSetCookie().some((line) => line.startsWith("authjs.session-token="))).toBe(false)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.test).toBeNull()
  })

  it("passes a repeated header to authorize() folded as Node folds it", async () => {
    const { config, seen } = setup()
    const server = await listen(toNodeAuthHandler(config))
    const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" })
    const csrf = await fetch(`${server.url}/auth/csrf`)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    headers.set("cookie", cookiePairs(csrf))
    headers.append("x-test", "first")
    headers.append("x-test", "second")
    const response = await fetch(`${server.url}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers,
      body: new URLSearchParams({ csrfToken, username: "alice" }),
    })
    // "first, second" is not the magic value: refused, but authorize saw both values.
    expect(response.headers.get("location")).toContain("error=CredentialsSignin")
    expect(seen[0]!.test).toBe("first, second")
  })

  it("writes a session read before the listener returns once core can answer synchronously, and a sign-in later", async () => {
    const { config } = setup()
    const handler = toNodeAuthHandler(config)
    const endedInListener: Record<string, boolean> = {}
    const server = await listen((req, res) => {
      handler(req, res)
      // Observed right after the handler returns: was the response already complete?
      endedInListener[`${req.method} ${req.url} #${Object.keys(endedInListener).length}`] = res.writableEnded
    })
    const signedIn = await signIn(server.url, { "x-test": "open-sesame" })
    const cookie = cookiePairs(signedIn)
    await fetch(`${server.url}/auth/session`, { headers: { cookie } })
    const read = await fetch(`${server.url}/auth/session`, { headers: { cookie } })
    expect(((await read.json()) as { user: { name: string } }).user.name).toBe("Alice")

    const entries = Object.entries(endedInListener)
    const post = entries.find(([key]) => key.startsWith("POST /auth/callback/credentials"))
    const lastRead = entries.filter(([key]) => key.startsWith("GET /auth/session")).at(-1)
    // The sign-in reads a body and runs authorize: it cannot be complete yet.
    expect(post?.[1]).toBe(false)
    // A repeated session read with the default callbacks needs nothing asynchronous.
    expect(lastRead?.[1]).toBe(true)
  })
})
