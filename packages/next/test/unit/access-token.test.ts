/**
 * `getAccessToken(providerId)` of `NextAuth()` (docs/integrations/next.md,
 * "Access tokens"): the current request's cookie is read through Next's
 * `headers()`, a refresh's rewritten session cookie is set through
 * `cookies()` where Next allows it, and in a server component, where
 * `cookies().set` throws, the token is still answered (the next request
 * gets the same tokens from the store). Next's request scope is stood in
 * for by a mock of the module that imports `next/headers`; the provider's
 * token endpoint by the provider's `[customFetch]`.
 */
import { encode } from "@latchkey/core/jwt"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"

const scope = vi.hoisted(() => ({
  cookie: "",
  set: [] as { name: string; value: string }[],
  readOnly: false,
}))

vi.mock("../../src/next-modules.js", async () => {
  // Next's own request class: its `cookies` parses a Cookie header as Next does.
  const server = await vi.importActual<{ NextRequest: new (url: string, init: RequestInit) => { cookies: { getAll(): unknown[] } } }>("next/server.js")
  const requestCookies = () => new server.NextRequest("http://localhost/", { headers: scope.cookie ? { cookie: scope.cookie } : {} }).cookies
  return {
    ...server,
    headers: async () => new Headers({ host: "localhost:3000", ...(scope.cookie ? { cookie: scope.cookie } : {}) }),
    cookies: async () => ({
      set(name: string, value: string) {
        if (scope.readOnly) throw new Error("Cookies can only be modified in a Server Action or Route Handler.")
        scope.set.push({ name, value })
      },
      // The request's cookies, as Next's store holds them before anything is set.
      getAll: () => requestCookies().getAll(),
    }),
    redirect: () => {
      throw new Error("redirect")
    },
  }
})

const { default: NextAuth } = await import("../../src/index.js")
const { customFetch } = await import("@latchkey/core")

const SECRET = "next-access-token-secret-0123456789abcdef"
const SALT = "authjs.session-token"

let grants = 0
function appWith() {
  const provider = {
    id: "op",
    name: "OP",
    type: "oauth",
    clientId: "client",
    clientSecret: "secret",
    authorization: "https://op.example/authorize",
    token: "https://op.example/token",
    userinfo: "https://op.example/userinfo",
    refresh: true,
    [customFetch]: async () => {
      grants += 1
      return Response.json({ access_token: `access-${grants}`, token_type: "Bearer", expires_in: 3600, refresh_token: `refresh-${grants}` })
    },
  }
  return NextAuth({ secret: SECRET, trustHost: true, providers: [provider as never] })
}

async function sessionCookie(expiresIn: number): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + expiresIn
  const token = await encode({
    salt: SALT,
    secret: SECRET,
    token: { name: "Ada", email: "ada@example.com", sub: "u1", lk: { tok: { op: { at: "access-0", rt: "refresh-0", exp, tt: "bearer" } } } },
  })
  return `${SALT}=${token}`
}

beforeEach(() => {
  grants = 0
  scope.set.length = 0
  scope.readOnly = false
})
afterEach(() => {
  scope.cookie = ""
})

describe("NextAuth().getAccessToken", () => {
  it("answers a fresh token from the cookie, with no request and no cookie", async () => {
    scope.cookie = await sessionCookie(3600)
    const token = await appWith().getAccessToken("op")
    expect(token).toMatchObject({ accessToken: "access-0", tokenType: "bearer", cookies: [] })
    expect(grants).toBe(0)
    expect(scope.set).toEqual([])
  })

  it("refreshes a due token and sets the rewritten session cookie through cookies()", async () => {
    scope.cookie = await sessionCookie(10)
    const token = await appWith().getAccessToken("op")
    expect(token?.accessToken).toBe("access-1")
    expect(grants).toBe(1)
    expect(scope.set.map((cookie) => cookie.name)).toEqual([SALT])
  })

  it("in a server component, where cookies cannot be set, still answers the new token; the old cookie then gets it with no grant", async () => {
    scope.cookie = await sessionCookie(10)
    scope.readOnly = true
    const { getAccessToken } = appWith()
    expect((await getAccessToken("op"))?.accessToken).toBe("access-1")
    expect((await getAccessToken("op"))?.accessToken).toBe("access-1")
    expect(grants).toBe(1)
  })

  it("answers null when nobody is signed in", async () => {
    expect(await appWith().getAccessToken("op")).toBeNull()
  })
})
