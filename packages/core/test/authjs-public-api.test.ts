/**
 * Three corners of the public API where Auth.js's own tests found Latchkey
 * answering differently from `@auth/core` 0.41.3, each checked against
 * `@auth/core` itself (compat/):
 * - `decode` with a secret the token was not sealed under;
 * - `GitLab({ baseUrl })` and the authorization URL it leads to;
 * - the `env-url-basepath-mismatch` warning of `createActionURL`.
 */
import { describe, expect, it } from "vitest"
// @ts-expect-error compat/ is a plain JS package outside the workspaces, without type declarations here.
import * as authjs from "../../../compat/index.js"
import { Auth, setEnvDefaults } from "../src/index.js"
import GitLab from "../src/providers/gitlab.js"
import { implementations, latchkey, reference } from "./support/implementations.js"

const SALT = "authjs.session-token"

describe("decode with a secret the token was not sealed under", () => {
  it.each(
    implementations.flatMap((minter) => implementations.map((reader) => ({ minter, reader, label: `minted by ${minter.name}, read by ${reader.name}` }))),
  )("rejects with a plain Error, as @auth/core ($label)", async ({ minter, reader }) => {
    const token = await minter.encode({ token: { name: "Ada" }, salt: SALT, secret: "the-secret-it-was-sealed-under-0123" })
    const error = await reader.decode({ token, salt: SALT, secret: "another-secret-entirely-456789abcd" }).then(
      () => undefined,
      (rejection: unknown) => rejection,
    )
    expect(error).toBeInstanceOf(Error)
    expect(Object.getPrototypeOf(error)).toBe(Error.prototype)
    expect((error as Error).name).toBe("Error")
    expect((error as Error).message).toBe("no matching decryption secret")
  })
})

/** The authorization endpoint and query a provider config names, however it spells them. */
function authorizationOf(provider: { authorization?: unknown }): { endpoint: string; query: Record<string, string> } {
  const value = provider.authorization as string | { url: string; params?: Record<string, string> }
  const url = new URL(typeof value === "string" ? value : value.url)
  if (typeof value !== "string") for (const [name, v] of Object.entries(value.params ?? {})) url.searchParams.set(name, v)
  return { endpoint: `${url.origin}${url.pathname}`, query: Object.fromEntries(url.searchParams) }
}

/** Where `POST /auth/signin/gitlab` sends the browser, for `implementation` with `provider`. */
async function gitlabRedirect(implementation: (typeof implementations)[number], provider: unknown): Promise<URL> {
  const config = {
    secret: "gitlab-authorization-test-secret-012",
    trustHost: true,
    basePath: "/auth",
    providers: [provider],
    logger: { error() {}, warn() {}, debug() {} },
  }
  const csrf = await implementation.Auth(new Request("http://localhost:3000/auth/csrf"), config)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ")
  const response = await implementation.Auth(
    new Request("http://localhost:3000/auth/signin/gitlab", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken }),
    }),
    config,
  )
  expect(response.status).toBe(302)
  return new URL(response.headers.get("location")!)
}

describe("GitLab({ baseUrl })", () => {
  const options = { clientId: "gitlab-client", clientSecret: "gitlab-secret" }

  it.each([undefined, "https://gitlab.example.com", "https://gitlab.example.com/", new URL("https://gitlab.example.com")])(
    "names the same endpoints and scope as @auth/core (baseUrl %s)",
    (baseUrl) => {
      const ours = GitLab({ ...options, ...(baseUrl === undefined ? {} : { baseUrl }) })
      const theirs = authjs.GitLab({ ...options, ...(baseUrl === undefined ? {} : { baseUrl }) })
      expect(authorizationOf(ours)).toEqual(authorizationOf(theirs))
      expect(authorizationOf(ours).query).toEqual({ scope: "read_user" })
      expect(ours.token).toBe(theirs.token)
      expect(ours.userinfo).toBe(theirs.userinfo)
    },
  )

  it("sends the browser to the same authorization endpoint with the same scope as @auth/core", async () => {
    const baseUrl = "https://gitlab.example.com"
    const ours = await gitlabRedirect(latchkey, GitLab({ ...options, baseUrl }))
    const theirs = await gitlabRedirect(reference, authjs.GitLab({ ...options, baseUrl }))
    expect(`${ours.origin}${ours.pathname}`).toBe(`${theirs.origin}${theirs.pathname}`)
    expect(ours.searchParams.get("scope")).toBe(theirs.searchParams.get("scope"))
    expect(ours.searchParams.get("client_id")).toBe("gitlab-client")
  })

  it("keeps the instance's endpoint when the app changes only the scope (why `authorization` stays an object)", async () => {
    const provider = GitLab({ ...options, baseUrl: "https://gitlab.example.com", authorization: { params: { scope: "read_user api" } } })
    const location = await gitlabRedirect(latchkey, provider)
    expect(`${location.origin}${location.pathname}`).toBe("https://gitlab.example.com/oauth/authorize")
    expect(location.searchParams.get("scope")).toBe("read_user api")
  })
})

describe("createActionURL's env-url-basepath-mismatch warning", () => {
  const AUTH_URLS = [
    "https://app.example/auth",
    "https://app.example/auth/",
    "https://app.example/auth//",
    "https://app.example/api/auth",
    "https://app.example/api/auth/",
    "https://app.example/",
    "https://app.example",
  ]
  const BASE_PATHS = ["/auth", "/auth/", "/api/auth", "/"]

  /** The URL and the warnings of `createActionURL` for one implementation. */
  function run(implementation: (typeof implementations)[number], authUrl: string, config: Record<string, unknown>) {
    const warnings: string[] = []
    const url = implementation.createActionURL(
      "signin",
      "https",
      new Headers({ host: "app.example" }),
      { AUTH_URL: authUrl },
      {
        ...config,
        logger: { warn: (code: string) => warnings.push(code), error() {}, debug() {} },
      },
    )
    return { url: url.href, warnings }
  }

  /**
   * The same warnings; the same URL too, except where @auth/core's has an
   * empty path segment (`basePath: "/"`, or a basePath with a trailing
   * slash: `https://app.example//signin`), which Latchkey does not build.
   */
  function expectSameAs(ours: ReturnType<typeof run>, theirs: ReturnType<typeof run>) {
    expect(ours.warnings).toEqual(theirs.warnings)
    if (!new URL(theirs.url).pathname.includes("//")) expect(ours.url).toBe(theirs.url)
  }

  it.each(AUTH_URLS.flatMap((authUrl) => BASE_PATHS.map((basePath) => [authUrl, basePath] as const)))(
    "AUTH_URL=%s with basePath %s: the same warnings and URL as @auth/core",
    (authUrl, basePath) => {
      expectSameAs(run(latchkey, authUrl, { basePath }), run(reference, authUrl, { basePath }))
    },
  )

  // A pathless AUTH_URL leaves basePath at /auth in Latchkey (`/` in @auth/core): a documented difference.
  const WITH_PATH = AUTH_URLS.filter((authUrl) => new URL(authUrl).pathname !== "/")
  it.each(WITH_PATH)("AUTH_URL=%s with the basePath setEnvDefaults derives from it: the same as @auth/core", (authUrl) => {
    const quiet = { providers: [], logger: { warn() {}, error() {}, debug() {} } }
    const ours: Record<string, unknown> = { ...quiet }
    const theirs: Record<string, unknown> = { ...quiet }
    setEnvDefaults({ AUTH_URL: authUrl }, ours as never)
    authjs.setEnvDefaults({ AUTH_URL: authUrl }, theirs)
    expect(ours.basePath).toBe(theirs.basePath)
    expectSameAs(run(latchkey, authUrl, { basePath: ours.basePath }), run(reference, authUrl, { basePath: theirs.basePath }))
  })

  it("an AUTH_URL with a trailing slash still serves its routes", async () => {
    const config = { secret: "trailing-slash-auth-url-secret-0123", providers: [] }
    setEnvDefaults({ AUTH_URL: "https://app.example/auth/" }, config)
    const response = await Auth(new Request("https://app.example/auth/providers"), config)
    expect(response.status).toBe(200)
  })
})
