import { describe, expect, it } from "vitest"
import { BRAND_MARKS, GENERIC } from "../../../src/pages/brand-marks.generated.js"
import { type PageProvider, renderSignInPage, type SignInPageProps } from "../../../src/pages/index.js"
import { DEFAULT_SIGN_IN_ERROR_MESSAGE, SIGN_IN_ERROR_CODE_MESSAGES, SIGN_IN_ERROR_MESSAGES } from "../../../src/pages/signin.js"

const BASE = "https://app.test/auth"

function provider(id: string, type: PageProvider["type"], extra: Partial<PageProvider> = {}): PageProvider {
  return { id, name: id.toUpperCase(), type, signinUrl: `${BASE}/signin/${id}`, callbackUrl: `${BASE}/callback/${id}`, ...extra }
}

const GITHUB = provider("github", "oauth", { name: "GitHub" })
const GOOGLE = provider("google", "oidc", { name: "Google" })
const EMAIL = provider("email", "email", { name: "Email" })
const CREDENTIALS = provider("credentials", "credentials", {
  name: "Password",
  credentials: {
    username: { placeholder: "jsmith", autocomplete: "username" },
    password: { label: "Your password", type: "password", required: true },
  },
})
const PASSKEY = provider("passkey", "webauthn", {
  name: "Passkey",
  formFields: { email: { label: "Email", type: "email", autocomplete: "username webauthn" } },
})

function props(overrides: Partial<SignInPageProps> = {}): SignInPageProps {
  return {
    theme: {},
    csrfToken: "csrf-token-value",
    callbackUrl: "https://app.test/dashboard",
    providers: [GITHUB, EMAIL, CREDENTIALS],
    ...overrides,
  }
}

const render = (overrides: Partial<SignInPageProps> = {}) => renderSignInPage(props(overrides)).html

/** The `<form>` elements of a page: their opening-tag attributes and their content. */
function forms(html: string): Array<{ attributes: string; body: string }> {
  return [...html.matchAll(/<form([^>]*)>(.*?)<\/form>/gs)].map((m) => ({ attributes: m[1]!, body: m[2]! }))
}

/** The content of the body (no stylesheet), for text checks. */
const bodyOf = (html: string) => html.slice(html.indexOf("<body"))

describe("renderSignInPage: document", () => {
  it("is a complete HTML document with status 200 and the title Sign In", () => {
    const page = renderSignInPage(props())
    expect(page.status).toBe(200)
    expect(page.html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true)
    expect(page.html).toContain("<title>Sign In</title>")
    expect(page.html).toContain('<meta charset="utf-8"/>')
    expect(page.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>')
    expect(page.html).toMatch(/<style>[^<]+<\/style>/)
    expect(page.html).toContain("<h1>Sign in</h1>")
    expect(page.html.endsWith("</html>")).toBe(true)
  })

  it.each([
    [{}, "auto"],
    [{ colorScheme: "auto" as const }, "auto"],
    [{ colorScheme: "light" as const }, "light"],
    [{ colorScheme: "dark" as const }, "dark"],
    [{ colorScheme: "neon" as never }, "auto"],
  ])("theme %j gets body class __next-auth-theme-%s", (theme, scheme) => {
    expect(render({ theme })).toContain(`<body class="__next-auth-theme-${scheme}">`)
  })

  it("has no script at all", () => {
    expect(render({ providers: [GITHUB, GOOGLE, EMAIL, CREDENTIALS, PASSKEY] })).not.toMatch(/<script/i)
  })
})

describe("renderSignInPage: provider forms", () => {
  it("renders an OAuth/OIDC provider as a POST form to its signinUrl with csrfToken and callbackUrl", () => {
    const [form] = forms(render({ providers: [GITHUB] }))
    expect(form!.attributes).toBe(` class="lk-form" method="post" action="${BASE}/signin/github"`)
    expect(form!.body).toContain('<input type="hidden" name="csrfToken" value="csrf-token-value"/>')
    expect(form!.body).toContain('<input type="hidden" name="callbackUrl" value="https://app.test/dashboard"/>')
    expect(form!.body).toMatch(
      /<button type="submit"[^>]*><svg class="lk-mark"[^>]*><path d="M[^"]+" fill="currentColor"><\/path><\/svg><span>Sign in with GitHub<\/span><\/button>/,
    )
  })

  it("renders an email provider with a labelled, prefilled, required email input", () => {
    const [form] = forms(render({ providers: [EMAIL], email: "jane@example.com" }))
    expect(form!.attributes).toContain(`action="${BASE}/signin/email"`)
    expect(form!.body).toContain('name="csrfToken" value="csrf-token-value"')
    expect(form!.body).toContain('name="callbackUrl" value="https://app.test/dashboard"')
    expect(form!.body).toContain('<label for="input-email-for-email-provider">Email</label>')
    const input = /<input id="input-email-for-email-provider"[^>]*>/.exec(form!.body)![0]
    expect(input).toContain('type="email"')
    expect(input).toContain('name="email"')
    expect(input).toContain('autocomplete="email"')
    expect(input).toContain(" required")
    expect(input).toContain('value="jane@example.com"')
    expect(form!.body).toMatch(/<button type="submit" class="lk-button">Sign in with Email<\/button>/)
  })

  it("renders a credentials provider as a POST form to its callbackUrl with one labelled input per credential", () => {
    const [form] = forms(render({ providers: [CREDENTIALS] }))
    expect(form!.attributes).toContain(`action="${BASE}/callback/credentials"`)
    expect(form!.body).toContain('name="csrfToken" value="csrf-token-value"')
    expect(form!.body).toContain('name="callbackUrl" value="https://app.test/dashboard"')
    // Label defaults to the capitalised key; type defaults to text.
    expect(form!.body).toContain('<label for="input-username-for-credentials-provider">Username</label>')
    expect(form!.body).toContain(
      '<input id="input-username-for-credentials-provider" name="username" type="text" class="lk-input" placeholder="jsmith" autocomplete="username"/>',
    )
    expect(form!.body).toContain('<label for="input-password-for-credentials-provider">Your password</label>')
    expect(form!.body).toContain('<input id="input-password-for-credentials-provider" name="password" required type="password" class="lk-input"/>')
    expect(form!.body).toContain(">Sign in with Password</button>")
  })

  it("renders unknown input types as text, and a checkbox with its label", () => {
    const odd = provider("odd", "credentials", {
      credentials: { token: { type: "hidden" }, upload: { type: "file" }, remember: { type: "checkbox", label: "Remember me" } },
    })
    const [form] = forms(render({ providers: [odd] }))
    expect(form!.body).toContain('<input id="input-token-for-odd-provider" name="token" type="text"')
    expect(form!.body).toContain('<input id="input-upload-for-odd-provider" name="upload" type="text"')
    expect(form!.body).toContain(
      '<input id="input-remember-for-odd-provider" name="remember" type="checkbox"/><label for="input-remember-for-odd-provider">Remember me</label>',
    )
  })

  it("renders a webauthn provider as a form to its callbackUrl marked with data-webauthn-provider", () => {
    const [form] = forms(render({ providers: [PASSKEY] }))
    expect(form!.attributes).toContain(`action="${BASE}/callback/passkey"`)
    expect(form!.attributes).toContain('data-webauthn-provider="passkey"')
    expect(form!.body).toContain('<label for="input-email-for-passkey-provider">Email</label>')
    expect(form!.body).toContain('autocomplete="username webauthn"')
    expect(form!.body).toContain(">Sign in with Passkey</button>")
  })

  it("with the passkey script, gives webauthn forms the passkey buttons and ends the body with that exact script", () => {
    const script = "window.passkeyPage = 1"
    const WEBAUTHN = provider("webauthn", "webauthn", { formFields: PASSKEY.formFields!, optionsUrl: `${BASE}/webauthn-options/webauthn` })
    const html = render({
      providers: [{ ...PASSKEY, optionsUrl: `${BASE}/webauthn-options/passkey`, conditionalUI: true, signUp: true }, CREDENTIALS, WEBAUTHN],
      passkeyScript: script,
    })
    const [passkey, credentials, webauthn] = forms(html)
    expect(passkey!.attributes).toContain(`data-webauthn-options="${BASE}/webauthn-options/passkey"`)
    // Autofill only where the provider enables conditional UI.
    expect(passkey!.attributes).toContain("data-webauthn-autofill")
    expect(webauthn!.attributes).toContain(`data-webauthn-options="${BASE}/webauthn-options/webauthn"`)
    expect(webauthn!.attributes).not.toContain("data-webauthn-autofill")
    expect(passkey!.body).toContain('<button type="button" class="lk-button" data-passkey-sign-in>Sign in with a passkey</button>')
    expect(passkey!.body).toContain('<button type="submit" class="lk-button lk-button-secondary">Create a passkey</button>')
    expect(passkey!.body).not.toContain("Sign in with Passkey")
    // "Create a passkey" only where the provider allows sign-up (allowSignUp), marked for the script.
    expect(passkey!.attributes).toContain("data-webauthn-sign-up")
    expect(webauthn!.attributes).not.toContain("data-webauthn-sign-up")
    expect(webauthn!.body).toContain("Sign in with a passkey</button>")
    expect(webauthn!.body).not.toContain("Create a passkey")
    expect(credentials!.body).toContain(">Sign in with Password</button>")
    expect(html).toMatch(new RegExp(`<script>${script}</script></body></html>$`))
  })

  it("refuses to inline a script that could end its element", () => {
    expect(() => render({ providers: [PASSKEY], passkeyScript: "x = '</SCRIPT><script>alert(1)'" })).toThrow(/Refusing to inline/)
  })

  it("leaves out credentials and webauthn providers that define no fields", () => {
    const bare = [provider("credentials", "credentials"), provider("passkey", "webauthn")]
    const html = render({ providers: [GITHUB, ...bare] })
    expect(forms(html)).toHaveLength(1)
    expect(bodyOf(html)).not.toContain("lk-divider")
  })

  it("labels every visible input, with ids that match", () => {
    const html = render({ providers: [GITHUB, GOOGLE, EMAIL, CREDENTIALS, PASSKEY] })
    const inputs = [...html.matchAll(/<input ([^>]*)>/g)].map((m) => m[1]!).filter((a) => !a.includes('type="hidden"'))
    expect(inputs).toHaveLength(4)
    for (const attributes of inputs) {
      const id = /id="([^"]+)"/.exec(attributes)![1]
      expect(html).toContain(`<label for="${id}">`)
    }
  })

  it("groups consecutive OAuth providers and puts a divider between groups", () => {
    const html = render({ providers: [GITHUB, GOOGLE, EMAIL, CREDENTIALS, PASSKEY] })
    expect(html.match(/class="lk-group"/g)).toHaveLength(4)
    expect(html.match(/class="lk-divider"/g)).toHaveLength(3)
    // Providers keep their configured order.
    const order = [...html.matchAll(/data-provider-id="([^"]+)"/g)].map((m) => m[1])
    expect(order).toEqual(["github", "google", "email", "credentials", "passkey"])
  })

  it("orders the document as logo, heading, error, then provider forms", () => {
    const html = render({ theme: { logo: "https://app.test/logo.png" }, error: "Signin" })
    const positions = ['class="lk-logo"', "<h1>", 'role="alert"', "<form"].map((marker) => html.indexOf(marker))
    expect(positions.every((p) => p > 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
  })

  it("says so when no provider can be shown", () => {
    expect(render({ providers: [] })).toContain("No sign-in methods are available.")
  })

  it("renders a provider's colors only after re-writing them from a parsed color", () => {
    const styled = provider("acme", "oauth", { style: { bg: "rebeccapurple" } })
    const html = render({ providers: [styled] })
    expect(html).toContain('style="background-color:#663399;color:#ffffff;border-color:#663399;"')
    const hostile = provider("acme", "oauth", { style: { bg: "red;background:url(https://evil.test/)", text: "x" } })
    const plain = render({ providers: [hostile] })
    expect(plain).not.toContain("evil.test")
    expect(plain).toContain("lk-button-secondary")
  })

  it("skips a provider whose form target is not an http(s) or relative URL", () => {
    const evil = provider("evil", "oauth", { signinUrl: "javascript:alert(1)" })
    const html = render({ providers: [evil, EMAIL] })
    expect(html).not.toContain("javascript:")
    expect(forms(html)).toHaveLength(1)
  })
})

describe("renderSignInPage: one email field for the providers that start from it", () => {
  const PASSWORD = provider("credentials", "credentials", {
    name: "Password",
    credentials: {
      email: { label: "Email", type: "email", autocomplete: "username", placeholder: "demo@example.test" },
      password: { label: "Password", type: "password", autocomplete: "current-password", required: true },
    },
  })
  // Signed-out sign-up is opt-in (allowSignUp): only then does the page offer "Create a passkey".
  const SCRIPTED_PASSKEY = { ...PASSKEY, optionsUrl: `${BASE}/webauthn-options/passkey`, conditionalUI: true, signUp: true }
  const emailInputs = (html: string) => [...html.matchAll(/<input [^>]*name="email"[^>]*>/g)].map((m) => m[0])
  const buttons = (body: string) => [...body.matchAll(/<button ([^>]*)>(.*?)<\/button>/g)].map((m) => ({ attributes: m[1]!, text: m[2]! }))

  it("password, email link and passkey: one form, one email field, a button for each, the password with its button", () => {
    const html = render({ providers: [GITHUB, PASSWORD, EMAIL, SCRIPTED_PASSKEY], passkeyScript: "x" })
    expect(emailInputs(html)).toHaveLength(1)
    const [oauth, shared] = forms(html)
    expect(forms(html)).toHaveLength(2)
    expect(oauth!.attributes).toContain(`action="${BASE}/signin/github"`)
    // Without JavaScript, Enter posts where the first button does: the password sign-in.
    expect(shared!.attributes).toContain(`action="${BASE}/callback/credentials"`)
    expect(shared!.attributes).toContain('data-sign-in-methods="credentials email passkey"')
    expect(shared!.attributes).toContain('data-webauthn-provider="passkey"')
    expect(shared!.attributes).toContain(`data-webauthn-options="${BASE}/webauthn-options/passkey"`)
    expect(shared!.attributes).toContain(`data-webauthn-callback="${BASE}/callback/passkey"`)
    expect(shared!.attributes).toContain("data-webauthn-autofill")
    expect(shared!.attributes).toContain("data-webauthn-sign-up")
    const [email] = emailInputs(html)
    expect(email).toContain('type="email"')
    expect(email).toContain('autocomplete="username webauthn"')
    expect(email).toContain(" required")
    expect(email).toContain('placeholder="demo@example.test"')
    expect(shared!.body).toContain(`<label for="input-email-for-credentials-provider">Email</label>`)
    expect(shared!.body).toMatch(/<div class="lk-method-fields" data-method-fields="credentials">.*name="password".*<\/div>/s)
    expect(buttons(shared!.body)).toEqual([
      { attributes: `type="submit" class="lk-button" formaction="${BASE}/callback/credentials" data-method="credentials"`, text: "Sign in with Password" },
      {
        attributes: `type="submit" class="lk-button lk-button-secondary" formaction="${BASE}/signin/email" formnovalidate data-method="email"`,
        text: "Email me a sign-in link",
      },
      { attributes: 'type="button" class="lk-button lk-button-secondary" data-passkey-sign-in', text: "Sign in with a passkey" },
      {
        attributes: `type="submit" class="lk-button lk-button-secondary" formaction="${BASE}/callback/passkey" formnovalidate data-passkey-register`,
        text: "Create a passkey",
      },
    ])
    // The shared form takes the place of its first member; the others are not listed again.
    const order = [...html.matchAll(/data-provider-id="([^"]+)"/g)].map((m) => m[1])
    expect(order).toEqual(["github", "credentials"])
  })

  it("email link and password without passkeys: the email field is for both, and the page has no script", () => {
    const html = render({ providers: [EMAIL, PASSWORD] })
    expect(emailInputs(html)).toHaveLength(1)
    expect(emailInputs(html)[0]).toContain('autocomplete="username"')
    const [shared] = forms(html)
    expect(shared!.attributes).toContain('data-sign-in-methods="email credentials"')
    expect(shared!.attributes).not.toContain("data-webauthn")
    expect(buttons(shared!.body).map((button) => button.text)).toEqual(["Sign in with Password", "Email me a sign-in link"])
    expect(html).not.toMatch(/<script/i)
  })

  it("email link and passkey: the link is the first button, the field offers passkeys in its autofill", () => {
    const html = render({ providers: [EMAIL, SCRIPTED_PASSKEY], passkeyScript: "x" })
    const [shared] = forms(html)
    expect(shared!.attributes).toContain(`action="${BASE}/signin/email"`)
    expect(emailInputs(html)).toHaveLength(1)
    expect(emailInputs(html)[0]).toContain('autocomplete="username webauthn"')
    expect(buttons(shared!.body).map((button) => [button.text, button.attributes.split(" ")[1]])).toEqual([
      ["Email me a sign-in link", 'class="lk-button"'],
      ["Sign in with a passkey", 'class="lk-button'],
      ["Create a passkey", 'class="lk-button'],
    ])
  })

  it('a passkey provider without sign-up: no "Create a passkey" in the shared form, which is not marked for sign-up', () => {
    const html = render({ providers: [PASSWORD, EMAIL, { ...SCRIPTED_PASSKEY, signUp: false }], passkeyScript: "x" })
    const [shared] = forms(html)
    expect(shared!.attributes).toContain('data-sign-in-methods="credentials email passkey"')
    expect(shared!.attributes).not.toContain("data-webauthn-sign-up")
    expect(buttons(shared!.body).map((button) => button.text)).toEqual(["Sign in with Password", "Email me a sign-in link", "Sign in with a passkey"])
    expect(shared!.body).not.toContain("data-passkey-register")
  })

  it("keeps separate forms for a single such provider and for providers with other fields (a username)", () => {
    expect(forms(render({ providers: [PASSWORD] }))).toHaveLength(1)
    expect(render({ providers: [PASSWORD] })).not.toContain("data-sign-in-methods")
    // CREDENTIALS asks for a username: not email-shaped, so it keeps its own form next to the email one.
    const html = render({ providers: [EMAIL, CREDENTIALS] })
    expect(forms(html)).toHaveLength(2)
    expect(html).not.toContain("data-sign-in-methods")
  })

  it("an email field of another type, a passkey with more fields or without the script, or an unavailable one keep their own form", () => {
    const pin = provider("pin", "credentials", { credentials: { email: { type: "number" }, pin: { type: "password" } } })
    expect(render({ providers: [EMAIL, pin] })).not.toContain("data-sign-in-methods")
    const twoFields = { ...SCRIPTED_PASSKEY, formFields: { email: { label: "Email" }, name: { label: "Name" } } }
    expect(render({ providers: [EMAIL, twoFields], passkeyScript: "x" })).not.toContain("data-sign-in-methods")
    expect(render({ providers: [EMAIL, SCRIPTED_PASSKEY] })).not.toContain("data-sign-in-methods")
    const unavailable = { ...SCRIPTED_PASSKEY, unavailable: "Passkeys are not available here." }
    const html = render({ providers: [EMAIL, unavailable], passkeyScript: "x" })
    expect(html).not.toContain("data-sign-in-methods")
    expect(html).toContain("Passkeys are not available here.")
  })

  it("a second provider of a kind keeps its own form after the shared one", () => {
    const other = provider("resend", "email", { name: "Resend" })
    const html = render({ providers: [PASSWORD, EMAIL, other] })
    const all = forms(html)
    expect(all).toHaveLength(2)
    expect(all[0]!.attributes).toContain('data-sign-in-methods="credentials email"')
    expect(all[1]!.attributes).toContain(`action="${BASE}/signin/resend"`)
    expect(emailInputs(html)).toHaveLength(2)
  })

  it("puts back the address typed before a failed sign-in (password or email), never the password; ?email= wins", () => {
    const afterPassword = render({
      providers: [PASSWORD, EMAIL],
      kept: { providerId: "credentials", fields: { email: "ada@example.test", password: "secret" } },
    })
    expect(emailInputs(afterPassword)[0]).toContain('value="ada@example.test"')
    expect(afterPassword).not.toContain("secret")
    const afterEmail = render({ providers: [PASSWORD, EMAIL], kept: { providerId: "email", fields: { email: "lin@example.test" } } })
    expect(emailInputs(afterEmail)[0]).toContain('value="lin@example.test"')
    const fromQuery = render({ providers: [PASSWORD, EMAIL], email: "q@example.test", kept: { providerId: "email", fields: { email: "lin@example.test" } } })
    expect(emailInputs(fromQuery)[0]).toContain('value="q@example.test"')
    const foreign = render({ providers: [PASSWORD, EMAIL], kept: { providerId: "github", fields: { email: "x@example.test" } } })
    expect(emailInputs(foreign)[0]).not.toContain("value=")
  })

  it("labels every visible input of the shared form", () => {
    const html = render({ providers: [PASSWORD, EMAIL, SCRIPTED_PASSKEY], passkeyScript: "x" })
    const inputs = [...html.matchAll(/<input ([^>]*)>/g)].map((m) => m[1]!).filter((a) => !a.includes('type="hidden"'))
    expect(inputs).toHaveLength(2)
    for (const attributes of inputs) expect(html).toContain(`<label for="${/id="([^"]+)"/.exec(attributes)![1]}">`)
  })
})

describe("renderSignInPage: error messages", () => {
  const KEYS = [
    "Signin",
    "OAuthSignin",
    "OAuthCallbackError",
    "OAuthCreateAccount",
    "EmailCreateAccount",
    "Callback",
    "OAuthAccountNotLinked",
    "EmailSignin",
    "CredentialsSignin",
    "SessionRequired",
    "MissingCSRF",
  ]

  it("has a message for every SignInPageErrorParam and MissingCSRF", () => {
    expect(Object.keys(SIGN_IN_ERROR_MESSAGES).sort()).toEqual([...KEYS].sort())
  })

  it.each(KEYS)("shows the message for %s in a role=alert element", (key) => {
    const html = render({ error: key })
    expect(html).toContain(`<div class="lk-alert" role="alert">${SIGN_IN_ERROR_MESSAGES[key]}</div>`)
  })

  it("tells that the form expired for MissingCSRF", () => {
    expect(SIGN_IN_ERROR_MESSAGES.MissingCSRF).toMatch(/expired/i)
    expect(SIGN_IN_ERROR_MESSAGES.MissingCSRF).toMatch(/try again/i)
  })

  it("OAuthAccountNotLinked with code unverified-address says what to do next; any other code gets the plain message", () => {
    const detailed = SIGN_IN_ERROR_CODE_MESSAGES.OAuthAccountNotLinked!["unverified-address"]!
    expect(detailed).toMatch(/signs in another way/)
    expect(detailed).toMatch(/Sign in that way/)
    expect(render({ error: "OAuthAccountNotLinked", code: "unverified-address" })).toContain(`role="alert">${detailed}</div>`)
    for (const code of [undefined, "", "nope", "__proto__", "toString"]) {
      expect(render({ error: "OAuthAccountNotLinked", code })).toContain(`role="alert">${SIGN_IN_ERROR_MESSAGES.OAuthAccountNotLinked}</div>`)
    }
    // The code belongs to its error: with another error it changes nothing.
    expect(render({ error: "CredentialsSignin", code: "unverified-address" })).toContain(`role="alert">${SIGN_IN_ERROR_MESSAGES.CredentialsSignin}</div>`)
  })

  it("never says whether an account exists", () => {
    for (const message of Object.values(SIGN_IN_ERROR_MESSAGES)) {
      expect(message).not.toMatch(/\b(exists?|no account|not found|unknown user|already (registered|in use)|does not match|wrong password)\b/i)
    }
  })

  it.each(["NoSuchError", "<script>alert(1)</script>", "toString", "__proto__", "constructor", "hasOwnProperty", "signin"])(
    "shows the default message for the unknown key %j and never echoes it",
    (key) => {
      const html = bodyOf(render({ error: key }))
      expect(html).toContain(`role="alert">${DEFAULT_SIGN_IN_ERROR_MESSAGE}</div>`)
      expect(html).not.toContain(key === "signin" ? ">signin<" : key.replaceAll("<", "&lt;"))
      expect(html).not.toContain("<script")
    },
  )

  it("shows no alert without an error", () => {
    expect(render()).not.toContain('role="alert"')
    expect(render({ error: "" })).not.toContain('role="alert"')
  })
})

describe("renderSignInPage: hostile values", () => {
  it("escapes a provider name with markup", () => {
    const evil = provider("github", "oauth", { name: '<script>alert("x")</script>' })
    const html = render({ providers: [evil] })
    expect(html).not.toContain("<script")
    expect(html).toContain("Sign in with &lt;script>alert(&quot;x&quot;)&lt;/script>")
  })

  it("escapes a callbackUrl with quotes in every hidden field", () => {
    const html = render({ callbackUrl: 'https://app.test/"><script>alert(1)</script><x y="', providers: [GITHUB, EMAIL, CREDENTIALS] })
    expect(html).not.toContain("<script")
    expect(html).not.toContain('value="https://app.test/"')
    expect(html.match(/name="callbackUrl" value="https:\/\/app.test\/&quot;>&lt;script>alert\(1\)&lt;\/script>&lt;x y=&quot;"/g)).toHaveLength(3)
  })

  it("escapes the csrf token, the prefilled email and credential options", () => {
    const evil = provider('cred"s', "credentials", {
      credentials: { 'user"name': { label: "<b>Name</b>", placeholder: '"><img src=x onerror=alert(1)>', value: "</textarea>" } },
    })
    const html = render({ csrfToken: '"><svg onload=alert(1)>', email: '"><img src=x>', providers: [EMAIL, evil] })
    expect(html).not.toMatch(/<(svg|img|b)[\s>]/)
    expect(html).toContain('value="&quot;>&lt;svg onload=alert(1)>"')
    expect(html).toContain('value="&quot;>&lt;img src=x>"')
    expect(html).toContain('id="input-user&quot;name-for-cred&quot;s-provider"')
    expect(html).toContain(">&lt;b>Name&lt;/b></label>")
  })

  it("ignores a brandColor that tries to break out of the stylesheet", () => {
    const html = render({ theme: { brandColor: "red;}</style><script>alert(1)</script>" } })
    expect(html).not.toContain("<script")
    expect(html.match(/<\/style>/g)).toHaveLength(1)
    expect(html).toBe(render())
  })

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "java\nscript:alert(1)",
    " javascript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.test/logo.png",
    "/\\evil.test/logo.png",
    "https://",
  ])("renders no logo for %j", (logo) => {
    const html = render({ theme: { logo }, providers: [provider("acme", "oauth", { style: { logo } })] })
    expect(html).not.toContain("<img")
    expect(html).not.toMatch(/javascript|vbscript|evil\.test/i)
  })

  it.each(["https://cdn.app.test/logo.svg", "http://app.test/logo.png", "/static/logo.png", "logo.png", "data:image/png;base64,iVBORw0KGgo="])(
    "renders the logo %j as given",
    (logo) => {
      const html = render({ theme: { logo }, providers: [provider("acme", "oauth", { style: { logo } })] })
      expect(html).toContain(`<img class="lk-logo" src="${logo}" alt referrerpolicy="no-referrer"/>`)
      expect(html).toContain(`<img src="${logo}" alt referrerpolicy="no-referrer"/>`)
    },
  )
})

describe("renderSignInPage: brand marks", () => {
  it("draws a catalog provider's mark inline from the generated path data, hidden from assistive technology", () => {
    const html = render({ providers: [provider("github", "oauth", { name: "GitHub", style: { bg: "#24292f", text: "#ffffff" } })] })
    const svg = /<svg class="lk-mark"[^>]*>.*?<\/svg>/.exec(html)![0]
    expect(svg).toContain('aria-hidden="true"')
    expect(svg).toContain(`d="${BRAND_MARKS.github!.path}"`)
    // GitHub's brand colour (#181717) on its dark button would be unreadable: the button text colour instead.
    expect(svg).toContain('fill="#ffffff"')
  })

  it("uses the brand colour where it keeps 4.5:1 on the button", () => {
    const html = render({ providers: [provider("github", "oauth", { name: "GitHub", style: { bg: "#ffffff", text: "#333333" } })] })
    expect(BRAND_MARKS.github!.hex).toBe("#181717")
    expect(html).toContain('fill="#181717"')
    // Google's blue (#4285f4) is 3.6:1 on white: the button text colour is used instead.
    const google = render({ providers: [provider("google", "oidc", { name: "Google", style: { bg: "#ffffff", text: "#1f1f1f" } })] })
    expect(google).toContain('fill="#1f1f1f"')
  })

  it("prefers a configured style.logo to the mark, and draws none for providers outside the catalog", () => {
    const withLogo = render({ providers: [provider("github", "oauth", { style: { logo: "/gh.svg" } })] })
    expect(withLogo).toContain('<img src="/gh.svg"')
    expect(withLogo).not.toContain("lk-mark")
    expect(render({ providers: [provider("acme", "oauth")] })).not.toContain("lk-mark")
    expect(render({ providers: [provider("constructor", "oauth")] })).not.toContain("lk-mark")
  })

  it("gives catalog providers without a simple-icons mark the neutral generic mark, not a letter", () => {
    const html = render({ providers: [provider("linkedin", "oauth", { name: "LinkedIn" })] })
    expect(html).toContain(`d="${GENERIC}"`)
  })
})

describe("renderSignInPage: unavailable providers", () => {
  it("shows a disabled entry with its one-line reason instead of a form", () => {
    const reason = "Not set up on this server: AUTH_GITHUB_ID is not set."
    const html = render({ providers: [{ ...GITHUB, unavailable: reason }, EMAIL] })
    expect(forms(html).map((form) => form.attributes)).toEqual([expect.stringContaining("/signin/email")])
    expect(html).toMatch(
      /<button type="button" class="lk-button lk-button-secondary" disabled aria-describedby="lk-unavailable-github"><svg[^>]*>.*?<\/svg><span>Sign in with GitHub<\/span><\/button>/,
    )
    expect(html).toContain(`<p class="lk-reason" id="lk-unavailable-github">${reason}</p>`)
  })

  it("escapes the reason", () => {
    const html = render({ providers: [{ ...GITHUB, unavailable: "<img src=x>" }] })
    expect(html).toContain("&lt;img src=x>")
    expect(html).not.toContain("<img")
  })
})

describe("renderSignInPage: what the user typed before a failed sign-in", () => {
  it("puts kept credentials values back, never into a password field", () => {
    const html = render({ kept: { providerId: "credentials", fields: { username: "alice", password: "hunter2" } } })
    expect(/<input id="input-username-for-credentials-provider"[^>]*>/.exec(html)![0]).toContain('value="alice"')
    expect(/<input id="input-password-for-credentials-provider"[^>]*>/.exec(html)![0]).not.toContain("value=")
    expect(html).not.toContain("hunter2")
  })

  it("puts a kept address back into the email form, escaped, and only for the provider it was typed into", () => {
    const html = render({ kept: { providerId: "email", fields: { email: '"><b>x@example.com' } } })
    expect(html).toContain('<input id="input-email-for-email-provider" name="email" value="&quot;>&lt;b>x@example.com"')
    const other = render({ kept: { providerId: "another", fields: { username: "alice", email: "a@example.com" } } })
    expect(other).not.toContain("alice")
    expect(other).not.toContain("a@example.com")
  })
})

describe("renderSignInPage: no third-party requests", () => {
  it("contains no URL other than those passed in the props, and no default provider logos", () => {
    const providers = [GITHUB, GOOGLE, EMAIL, CREDENTIALS, PASSKEY]
    const html = render({ providers, theme: { logo: "https://app.test/logo.png" }, error: "OAuthSignin" })
    const given = new Set(["https://app.test/dashboard", "https://app.test/logo.png", ...providers.flatMap((p) => [p.signinUrl, p.callbackUrl])])
    const found = html.match(/https?:\/\/[^"'\s<>)]*/g) ?? []
    expect(found.length).toBeGreaterThan(0)
    for (const url of found) expect(given).toContain(url)
    expect(html).not.toContain("authjs.dev")
    expect(html).not.toMatch(/@import|url\(|@font-face/)
  })
})
