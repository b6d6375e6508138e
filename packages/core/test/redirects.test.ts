/**
 * Every final redirect, as a browser would follow it: the callback URL after
 * the `redirect` callback, a string returned by the `signIn` callback, and the
 * sign-out redirect. Whatever a permissive `redirect` callback lets through,
 * the `Location` (or the `{url}` of an X-Auth-Return-Redirect answer) must
 * resolve, with the browser's URL parser, to the app's origin over http(s),
 * unless the callback itself returned an absolute http(s) URL. And a callback
 * URL too long for its cookie is never dropped silently.
 */
import { describe, expect, it } from "vitest"
import { type Client, redirectTarget } from "./support/client.js"
import { type AppOrigin, cookieNames, ORIGINS } from "./support/config.js"
import { findSetCookie, setCookies } from "./support/cookies.js"
import { expectNoLeak, expectNoSessionSet } from "./support/hostile.js"
import { latchkey } from "./support/implementations.js"
import { clientFor, type OptionsFor } from "./support/pair.js"

type Redirect = (params: { url: string; baseUrl: string }) => string

/** The hand-written callback the issue describes: "relative paths only". */
const startsWithSlash: Redirect = ({ url, baseUrl }) => (url.startsWith("/") ? url : baseUrl)
/** A callback that trusts whatever it is given. */
const passThrough: Redirect = ({ url }) => url

/** Targets that must never take a browser off the app's origin or out of http(s). */
function hostileTargets(app: AppOrigin): string[] {
  const host = new URL(app.origin).host
  return [
    "/\\evil.test/x",
    "/\\/evil.test",
    "\\\\evil.test",
    "//evil.test",
    "/\t/evil.test",
    "/\n/evil.test",
    "/\r\n/evil.test",
    "/\t\\evil.test",
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "  javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    " https://evil.test",
    "\thttps://evil.test",
    "https:evil.test",
    "https:/\\evil.test",
    `${app.origin}@evil.test`,
    `http://${host}@evil.test/`,
    `${app.origin}.evil.test`,
    // Homoglyphs of the app's host: a Cyrillic "а"/"о" and a fullwidth dot.
    `${new URL(app.origin).protocol}//${host.replace("a", "\u0430").replace("o", "\u043e")}/x`,
    `${new URL(app.origin).protocol}//evil\uff0etest/x`,
  ]
}

/** Asserts that `target` is an absolute http(s) URL on `app`'s origin, as a browser on any page of the app would resolve it. */
function expectOnOrigin(target: string | null, app: AppOrigin, label: string): void {
  expect(target, label).not.toBeNull()
  expect(target!, label).not.toMatch(/[\x00-\x20\x7f\\]/)
  const resolved = new URL(target!, `${app.origin}/auth/callback/credentials`)
  expect(resolved.origin, label).toBe(app.origin)
  expect(resolved.username + resolved.password, label).toBe("")
  // Absolute, so a client that assigns it to window.location from another page cannot read it differently.
  expect(new URL(target!).origin, label).toBe(app.origin)
}

/** Whether `value` is a well-formed callbackUrl at all: a path, or a URL that parses as http(s). */
function isHttpUrl(value: string, origin: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value, value.startsWith("/") ? origin : undefined).protocol)
  } catch {
    return false
  }
}

function client(app: AppOrigin, options: OptionsFor = {}): Client {
  return clientFor(latchkey, app, options)
}

/** The ways a target reaches a final redirect. */
const routes: [string, (target: string) => { options: OptionsFor; callbackUrl?: string }][] = [
  ["callbackUrl → the default redirect", (target) => ({ options: {}, callbackUrl: target })],
  ['callbackUrl → a "starts with /" redirect', (target) => ({ options: { callbacks: { redirect: startsWithSlash } }, callbackUrl: target })],
  ["signIn callback string → the default redirect", (target) => ({ options: { callbacks: { signIn: () => target } } })],
  ['signIn callback string → a "starts with /" redirect', (target) => ({ options: { callbacks: { signIn: () => target, redirect: startsWithSlash } } })],
]

describe.each(ORIGINS)("final redirects stay on the origin ($label)", (app: AppOrigin) => {
  const names = cookieNames(app.secure)

  describe.each(routes)("%s", (_route, setup) => {
    describe.each([
      ["a redirect", {}],
      ["X-Auth-Return-Redirect", { "X-Auth-Return-Redirect": "1" }],
    ] as [string, Record<string, string>][])("answered as %s", (_answer, headers) => {
      it.each(hostileTargets(app))("%j", async (target) => {
        const { options, callbackUrl } = setup(target)
        const c = client(app, options)
        const csrfToken = await c.csrfToken()
        const form: Record<string, string> = { csrfToken, username: "alice", password: "wonderland" }
        if (callbackUrl !== undefined) form.callbackUrl = callbackUrl
        const response = await c.send("/auth/callback/credentials", { form, headers })
        await expectNoLeak(response)
        expect(response.status).toBe(headers["X-Auth-Return-Redirect"] ? 200 : 302)
        expectOnOrigin(await redirectTarget(response), app, JSON.stringify(target))
        const cookie = findSetCookie(response, names.callbackUrl)
        if (cookie) expectOnOrigin(cookie.value, app, "callback-url cookie")
        // A signIn callback that returns a URL never signs anyone in.
        if (callbackUrl === undefined) expectNoSessionSet(response, names.session)
      })
    })
  })

  it.each(hostileTargets(app))('POST /signout with callbackUrl %j and a "starts with /" redirect stays on the origin', async (target) => {
    const c = client(app, { callbacks: { redirect: startsWithSlash } })
    await c.signIn()
    const csrfToken = await c.csrfToken()
    const response = await c.send("/auth/signout", { form: { csrfToken, callbackUrl: target } })
    await expectNoLeak(response)
    expectOnOrigin(await redirectTarget(response), app, JSON.stringify(target))
    // Whether the target is a refused destination or a malformed callbackUrl, signing out completes.
    if (!isHttpUrl(target, app.origin)) expect(await redirectTarget(response)).toBe(app.origin)
    expect((await c.session()).body).toBeNull()
  })

  it("a refused target falls back to the origin and is logged as InvalidCallbackUrl", async () => {
    const c = client(app, { callbacks: { redirect: startsWithSlash } })
    const response = await c.signIn({ username: "alice", password: "wonderland", callbackUrl: "/\\evil.test/x" })
    expect(response.headers.get("location")).toBe(app.origin)
    // The sign-in itself went through: only the destination was refused.
    expect((await c.session()).body.user.name).toBe("Alice")
    const logged = c.config.log.errors.filter((error) => error.name === "InvalidCallbackUrl")
    expect(logged).toHaveLength(1)
    expect(logged[0]!.message).toContain("evil.test")
  })

  it("a signIn callback's javascript: URL through a pass-through redirect never reaches an X-Auth-Return-Redirect client", async () => {
    const c = client(app, { callbacks: { signIn: () => "javascript:alert(document.cookie)", redirect: passThrough } })
    const response = await c.signIn(undefined, { headers: { "X-Auth-Return-Redirect": "1" } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ url: app.origin })
    expectNoSessionSet(response, names.session)
    expect(c.config.log.errors.map((error) => error.name)).toContain("InvalidCallbackUrl")
  })

  describe("a pass-through redirect callback", () => {
    const send = async (callbackUrl: string) => {
      const c = client(app, { callbacks: { redirect: passThrough } })
      return (await c.signIn({ username: "alice", password: "wonderland", callbackUrl })).headers.get("location")
    }

    it.each(hostileTargets(app).filter((target) => !/^https?:\/\/[^\s\\]*$/i.test(target)))(
      "cannot pass the relative or disguised %j off as a cross-origin redirect",
      async (target) => {
        expectOnOrigin(await send(target), app, JSON.stringify(target))
      },
    )

    it("may send the user to an absolute http(s) URL it returns itself (the app's explicit choice), unchanged", async () => {
      expect(await send("https://partner.example/welcome?x=1")).toBe("https://partner.example/welcome?x=1")
    })

    it("never to one with a user name or password in it", async () => {
      expect(await send("https://user:pass@partner.example/")).toBe(app.origin)
    })
  })

  describe("values that were safe keep their meaning", () => {
    it.each([
      ["/%5Cevil.test (an encoded backslash is a path)", "/%5Cevil.test", `${app.origin}/%5Cevil.test`],
      ["/dashboard?tab=1#top", "/dashboard?tab=1#top", `${app.origin}/dashboard?tab=1#top`],
      ["/%2F%2Fevil.test", "/%2F%2Fevil.test", `${app.origin}/%2F%2Fevil.test`],
    ])("the default redirect sends %s byte for byte", async (_label, callbackUrl, expected) => {
      const c = client(app)
      const response = await c.signIn({ username: "alice", password: "wonderland", callbackUrl })
      expect(response.headers.get("location")).toBe(expected)
    })

    it("a relative path from the redirect callback becomes the absolute URL a browser would go to", async () => {
      const c = client(app, { callbacks: { redirect: startsWithSlash } })
      const response = await c.signIn({ username: "alice", password: "wonderland", callbackUrl: "/dashboard?tab=1" })
      expect(response.headers.get("location")).toBe(`${app.origin}/dashboard?tab=1`)
      expect(c.config.log.errors).toEqual([])
    })

    it("a backslash in a same-origin path is sent the way browsers read it", async () => {
      const c = client(app)
      const response = await c.signIn({ username: "alice", password: "wonderland", callbackUrl: "/a\\b" })
      expect(response.headers.get("location")).toBe(`${app.origin}/a/b`)
    })
  })
})

describe.each(ORIGINS)("a callback URL too long for its cookie ($label)", (app: AppOrigin) => {
  const names = cookieNames(app.secure)
  const tooLong = `/${"a".repeat(5_000)}`
  // Under the limit with the cookie's name and attributes: the longest that still round-trips.
  const fits = `/${"b".repeat(3_900)}`

  /** Every Set-Cookie line a browser would store, none over 4,096 bytes. */
  function expectStorableCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) expect(line.length, line.slice(0, 40)).toBeLessThanOrEqual(4096)
  }

  /** Asserts that the overflow was logged, once, naming the limit. */
  function expectLogged(c: Client): void {
    const logged = c.config.log.errors.filter((error) => error.name === "InvalidCallbackUrl")
    expect(logged).toHaveLength(1)
    expect(logged[0]!.message).toMatch(/4096 bytes/)
  }

  it("GET /signin: the page carries the origin instead, the cookie stays storable, the overflow is logged", async () => {
    const c = client(app)
    const response = await c.send(`/auth/signin?callbackUrl=${encodeURIComponent(tooLong)}`)
    expect(response.status).toBe(200)
    expectStorableCookies(response)
    expect(findSetCookie(response, names.callbackUrl)?.value).toBe(app.origin)
    const html = await response.text()
    expect(html).toContain(`name="callbackUrl" value="${app.origin}"`)
    expect(html).not.toContain("aaaa")
    expectLogged(c)
  })

  it("POST /signin/credentials: redirects to the sign-in page with a storable cookie", async () => {
    const c = client(app)
    const csrfToken = await c.csrfToken()
    const response = await c.send("/auth/signin/credentials", { form: { csrfToken, callbackUrl: tooLong } })
    expect(response.headers.get("location")).toBe(`${app.origin}/auth/signin`)
    expectStorableCookies(response)
    expect(findSetCookie(response, names.callbackUrl)?.value).toBe(app.origin)
    expectLogged(c)
  })

  it.each([
    ["a redirect", {}, 302],
    ["X-Auth-Return-Redirect", { "X-Auth-Return-Redirect": "1" }, 200],
  ] as [string, Record<string, string>, number][])(
    "the credentials callback signs in and lands on the origin (answered as %s)",
    async (_label, headers, status) => {
      const c = client(app)
      const response = await c.signIn({ username: "alice", password: "wonderland", callbackUrl: tooLong }, { headers })
      expect(response.status).toBe(status)
      expect(await redirectTarget(response)).toBe(app.origin)
      expectStorableCookies(response)
      expect((await c.session()).body.user.name).toBe("Alice")
      expectLogged(c)
    },
  )

  it("the callback URL from the query of the credentials callback is handled the same way", async () => {
    const c = client(app)
    const csrfToken = await c.csrfToken()
    const response = await c.send(`/auth/callback/credentials?callbackUrl=${encodeURIComponent(tooLong)}`, {
      form: { csrfToken, username: "alice", password: "wonderland" },
    })
    expect(response.headers.get("location")).toBe(app.origin)
    expectLogged(c)
  })

  it("POST /signout: the session still ends, and the user lands on the origin", async () => {
    const c = client(app)
    await c.signIn()
    const csrfToken = await c.csrfToken()
    const response = await c.send("/auth/signout", { form: { csrfToken, callbackUrl: tooLong } })
    expect(response.headers.get("location")).toBe(app.origin)
    expectStorableCookies(response)
    expect((await c.session()).body).toBeNull()
    expectLogged(c)
  })

  it("one that fits is kept all the way: page, cookie and the redirect after sign-in", async () => {
    const c = client(app)
    const page = await c.send(`/auth/signin?callbackUrl=${encodeURIComponent(fits)}`)
    expectStorableCookies(page)
    expect(c.jar.get(names.callbackUrl)).toBe(`${app.origin}${fits}`)
    // No callbackUrl in the form: the cookie carries it, as after an OAuth round trip.
    const response = await c.signIn()
    expect(response.headers.get("location")).toBe(`${app.origin}${fits}`)
    expect(c.config.log.errors).toEqual([])
  })

  it("the limit counts the whole Set-Cookie line: a path just over it is refused, one just under is kept", async () => {
    // Find the boundary from the serialised line itself, so the test does not restate the attributes.
    const c = client(app)
    const probe = await c.send(`/auth/signin?callbackUrl=${encodeURIComponent("/x")}`)
    const line = probe.headers.getSetCookie().find((l) => l.startsWith(`${names.callbackUrl}=`))!
    const room = 4096 - line.length
    const under = `/x${"c".repeat(room)}`
    const over = `/x${"c".repeat(room + 1)}`
    const kept = await client(app).send(`/auth/signin?callbackUrl=${encodeURIComponent(under)}`)
    expect(findSetCookie(kept, names.callbackUrl)?.value).toBe(`${app.origin}${under}`)
    const refused = await client(app).send(`/auth/signin?callbackUrl=${encodeURIComponent(over)}`)
    expect(findSetCookie(refused, names.callbackUrl)?.value).toBe(app.origin)
    expect(setCookies(kept).every((cookie) => cookie.name !== "")).toBe(true)
  })
})
