/**
 * The built-in sign-in page through `Auth()`, as a browser meets it: after a
 * failed credentials or email sign-in the form shows what was typed (never
 * the password), carried in a sealed, short-lived cookie that the page
 * deletes; providers that cannot work on this server show why instead of a
 * button; catalog providers carry their brand mark; every page has an
 * inline favicon its CSP allows.
 */
import { describe, expect, it } from "vitest"
import { MemoryAdapter } from "../src/adapters/memory.js"
import { Auth, type AuthConfig } from "../src/index.js"
import { BRAND_MARKS } from "../src/pages/brand-marks.generated.js"
import Credentials from "../src/providers/credentials.js"
import GitHub from "../src/providers/github.js"
import Nodemailer from "../src/providers/nodemailer.js"
import Passkey from "../src/providers/passkey.js"
import { Client } from "./support/client.js"
import { HTTP_ORIGIN } from "./support/config.js"
import { CookieJar, setCookies } from "./support/cookies.js"

const SECRET = "sign-in-page-secret-sign-in-page-secret"
const KEPT_COOKIE = "latchkey.sign-in-identifier"

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: { error: () => {}, warn: () => {} },
    providers: [
      Credentials({
        credentials: {
          username: { label: "Username", placeholder: "e.g. ada" },
          password: { label: "Password", type: "password" },
        },
        authorize: ({ username, password }) => (username === "alice" && password === "wonderland" ? { id: "1", name: "Alice" } : null),
      }),
    ],
    ...overrides,
  }
}

const client = (cfg: AuthConfig, jar = new CookieJar()) => new Client({ Auth }, cfg, HTTP_ORIGIN, jar)

async function signInPage(c: Client<AuthConfig>, query = ""): Promise<{ response: Response; html: string }> {
  const response = await c.send(`/auth/signin${query}`)
  return { response, html: await response.text() }
}

describe("the sign-in form keeps what the user typed after a failed attempt", () => {
  it("credentials: the username comes back in the form, the password never; the cookie is sealed, read once and deleted", async () => {
    const c = client(config())
    const failed = await c.signIn({ username: "alice@example.com", password: "not-the-password" })
    expect(failed.status).toBe(302)
    expect(new URL(failed.headers.get("location")!).search).toBe("?error=CredentialsSignin&code=credentials")
    const kept = setCookies(failed).find((cookie) => cookie.name === KEPT_COOKIE)!
    expect(kept).toBeDefined()
    // Sealed: neither what was typed nor the password is readable in the cookie.
    expect(kept.value).not.toContain("alice")
    expect(kept.value).not.toContain("not-the-password")
    expect(kept.maxAge).toBe(300)
    expect(kept.httpOnly).toBe(true)

    const { response, html } = await signInPage(c, "?error=CredentialsSignin")
    expect(html).toContain('<input id="input-username-for-credentials-provider" name="username" value="alice@example.com"')
    expect(html).not.toContain("not-the-password")
    expect(setCookies(response).find((cookie) => cookie.name === KEPT_COOKIE)?.maxAge).toBe(0)

    // Read once: a reload shows an empty form again.
    expect((await signInPage(c)).html).not.toContain("alice@example.com")
  })

  it("a forged or foreign cookie is ignored (and deleted), the page still renders", async () => {
    const jar = new CookieJar({ [KEPT_COOKIE]: "not-a-sealed-value" })
    const { response, html } = await signInPage(client(config(), jar))
    expect(response.status).toBe(200)
    expect(html).toContain('name="username"')
    expect(html).not.toContain("not-a-sealed-value")
  })

  it("email: a refused address comes back in the email form", async () => {
    const cfg = config({
      adapter: MemoryAdapter(),
      providers: [Nodemailer({ server: "smtp://127.0.0.1:9", from: "auth@example.test" })],
    })
    const c = client(cfg)
    const csrfToken = await c.csrfToken()
    const failed = await c.send("/auth/signin/nodemailer", { form: { csrfToken, email: "jane.example.com" } })
    expect(new URL(failed.headers.get("location")!).search).toBe("?error=EmailSignin")
    const { html } = await signInPage(c, "?error=EmailSignin")
    expect(html).toContain('<input id="input-email-for-nodemailer-provider" name="email" value="jane.example.com"')
  })

  it("is not kept when the app has its own sign-in page, which could not read it", async () => {
    const failed = await client(config({ pages: { signIn: "/login" } })).signIn({ username: "alice", password: "x" })
    expect(setCookies(failed).map((cookie) => cookie.name)).not.toContain(KEPT_COOKIE)
  })

  it("is not kept for a sign-in answered as JSON (X-Auth-Return-Redirect): the client keeps its own form", async () => {
    const failed = await client(config()).signIn({ username: "alice", password: "x" }, { headers: { "X-Auth-Return-Redirect": "1" } })
    expect(setCookies(failed).map((cookie) => cookie.name)).not.toContain(KEPT_COOKIE)
  })
})

describe("one email field for a password with an email field, email links and passkeys", () => {
  const links: string[] = []
  const ADA = { id: "ada-1", name: "Ada", email: "ada@example.test" }
  const shared = () =>
    config({
      adapter: MemoryAdapter(),
      session: { strategy: "jwt" },
      providers: [
        Credentials({
          name: "Password",
          credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
          authorize: ({ email, password }) => (email === ADA.email && password === "wonderland" ? ADA : null),
        }),
        Nodemailer({ server: "smtp://127.0.0.1:9", sendVerificationRequest: ({ url }) => void links.push(url) }),
        Passkey(),
      ],
    })
  /** The form fields a browser without JavaScript posts when a button with `formaction` is pressed. */
  function formPost(html: string, button: string, typed: Record<string, string>): { action: string; form: Record<string, string> } {
    const action = new RegExp(`formaction="([^"]+)"[^>]*>${button}</button>`).exec(html)![1]!
    const form: Record<string, string> = { ...typed }
    for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) form[match[1]!] = match[2]!
    return { action: new URL(action).pathname, form }
  }

  it("renders one email input and keeps the passkey page's CSP (the script by its hash)", async () => {
    const { response, html } = await signInPage(client(shared()))
    expect([...html.matchAll(/<input [^>]*name="email"/g)]).toHaveLength(1)
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'; connect-src 'self'$/)
  })

  it("a password posted by its button signs in; a wrong one comes back with the address in the one field", async () => {
    const c = client(shared())
    const { html } = await signInPage(c)
    const wrong = formPost(html, "Sign in with Password", { email: ADA.email, password: "nope" })
    const failed = await c.send(wrong.action, { form: wrong.form })
    expect(new URL(failed.headers.get("location")!).search).toBe("?error=CredentialsSignin&code=credentials")
    const again = (await signInPage(c, "?error=CredentialsSignin")).html
    expect(again).toMatch(/<input [^>]*name="email" value="ada@example.test"/)
    expect(again).not.toContain("nope")
    const right = formPost(again, "Sign in with Password", { email: ADA.email, password: "wonderland" })
    await c.send(right.action, { form: right.form })
    expect((await c.session()).body.user.email).toBe(ADA.email)
  })

  it("the email link button posts to the email provider, which reads the address only", async () => {
    const c = client(shared())
    const { html } = await signInPage(c)
    const post = formPost(html, "Email me a sign-in link", { email: "lin@example.test", password: "typed anyway" })
    expect(post.action).toBe("/auth/signin/nodemailer")
    const before = links.length
    const sent = await c.send(post.action, { form: post.form })
    expect(new URL(sent.headers.get("location")!).pathname).toBe("/auth/verify-request")
    expect(links).toHaveLength(before + 1)
    expect(links.at(-1)).toContain("email=lin%40example.test")
  })

  it("without passkeys the page keeps the script-free CSP", async () => {
    const cfg = shared()
    cfg.providers = cfg.providers!.slice(0, 2)
    const { response, html } = await signInPage(client(cfg))
    expect(html).toContain("data-sign-in-methods")
    expect(html).not.toMatch(/<script/i)
    expect(response.headers.get("content-security-policy")).not.toContain("script-src")
  })
})

describe("providers that cannot work on this server", () => {
  it("an OAuth provider without client id and secret is a disabled entry naming what to set, with no form to post", async () => {
    const { html } = await signInPage(client(config({ providers: [GitHub({}), ...config().providers!] })))
    expect(html).toContain("Not set up on this server: AUTH_GITHUB_ID and AUTH_GITHUB_SECRET are not set.")
    expect(html).toMatch(/<button type="button" class="lk-button lk-button-secondary" disabled aria-describedby="lk-unavailable-github">/)
    expect(html).not.toContain("/auth/signin/github")
    // The other providers still work.
    expect(html).toContain(`action="${HTTP_ORIGIN.origin}/auth/callback/credentials"`)
  })

  it("names only what is missing, and a configured provider gets its button with the GitHub mark", async () => {
    const onlyId = await signInPage(client(config({ providers: [GitHub({ clientId: "id" })] })))
    expect(onlyId.html).toContain("Not set up on this server: AUTH_GITHUB_SECRET is not set.")
    const ready = await signInPage(client(config({ providers: [GitHub({ clientId: "id", clientSecret: "secret" })] })))
    expect(ready.html).not.toContain('class="lk-form lk-unavailable"')
    expect(ready.html).toContain(`action="${HTTP_ORIGIN.origin}/auth/signin/github"`)
    expect(ready.html).toContain(`d="${BRAND_MARKS.github!.path}"`)
  })
})

describe("favicon", () => {
  it("every built-in page names an inline data: icon, which its CSP allows (img-src data:)", async () => {
    const c = client(config())
    for (const path of ["/auth/signin", "/auth/signout", "/auth/error?error=Verification", "/auth/verify-request"]) {
      const response = await c.send(path)
      const html = await response.text()
      expect(html, path).toMatch(/<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,[^"]+"\/>/)
      expect(response.headers.get("content-security-policy"), path).toMatch(/img-src [^;]*data:/)
    }
  })
})
