import { describe, expect, it } from "vitest"
import { ERROR_PAGE_CONTENT } from "../../../src/pages/error.js"
import { renderErrorPage } from "../../../src/pages/index.js"

const props = { theme: {}, signinUrl: "https://app.test/auth/signin", homeUrl: "https://app.test" }
const render = (error: string | undefined) => renderErrorPage({ ...props, error })
const bodyOf = (html: string) => html.slice(html.indexOf("<body"))

describe("renderErrorPage", () => {
  it.each([
    ["Configuration", 500],
    ["AccessDenied", 403],
    ["Verification", 403],
    ["Default", 200],
    [undefined, 200],
    ["OAuthSignin", 200],
    ["configuration", 200],
    ["Configuration ", 200],
    ["__proto__", 200],
    ["toString", 200],
  ])("answers error=%j with status %i and the title Error", (error, status) => {
    const page = render(error)
    expect(page.status).toBe(status)
    expect(page.html).toContain("<title>Error</title>")
    expect(page.html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true)
  })

  it.each(["Configuration", "AccessDenied", "Verification"] as const)("shows the heading and message of %s", (error) => {
    const { html } = render(error)
    const content = ERROR_PAGE_CONTENT[error]
    expect(html).toContain(`<h1>${content.heading}</h1><p>${content.message}</p>`)
  })

  it("links the Verification error to the sign-in page", () => {
    const { html } = render("Verification")
    expect(html).toContain('<a class="lk-button" href="https://app.test/auth/signin">Sign in</a>')
    expect(html).not.toContain('href="https://app.test"')
  })

  it.each(["Configuration", "AccessDenied", "Something"])("links the %s error to the home page", (error) => {
    const { html } = render(error)
    expect(html).toContain('<a class="lk-button" href="https://app.test">Go to app.test</a>')
    expect(html).not.toContain("/auth/signin")
  })

  it.each(["<img src=x onerror=alert(1)>", "NoSuchError", "Configuration<script>", "constructor"])(
    "shows the default message for %j and never echoes it",
    (error) => {
      const body = bodyOf(render(error).html)
      expect(body).toContain(`<h1>${ERROR_PAGE_CONTENT.Default.heading}</h1><p>${ERROR_PAGE_CONTENT.Default.message}</p>`)
      expect(body).not.toContain(error.replaceAll("<", "&lt;"))
      expect(body).not.toMatch(/<(img|script)/)
    },
  )

  it("drops a home link that is not http(s) or relative", () => {
    const { html } = renderErrorPage({ ...props, error: "AccessDenied", homeUrl: "javascript:alert(1)" })
    expect(html).not.toContain("javascript:")
    expect(html).not.toContain("<a ")
  })

  it("contains no URL other than the ones passed in", () => {
    for (const error of ["Configuration", "Verification", "x"]) {
      for (const url of render(error).html.match(/https?:\/\/[^"'\s<>)]*/g) ?? []) {
        expect([props.signinUrl, props.homeUrl]).toContain(url)
      }
    }
  })
})
