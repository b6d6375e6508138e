import { describe, expect, it } from "vitest"
import { renderVerifyRequestPage } from "../../../src/pages/index.js"

describe("renderVerifyRequestPage", () => {
  it("is a complete document with status 200 and the title Verify Request", () => {
    const page = renderVerifyRequestPage({ theme: {}, homeUrl: "https://app.test" })
    expect(page.status).toBe(200)
    expect(page.html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true)
    expect(page.html).toContain("<title>Verify Request</title>")
  })

  it("tells the user to check their email and links to the home host with the pages' button", () => {
    const { html } = renderVerifyRequestPage({ theme: {}, homeUrl: "https://app.test:8443/" })
    expect(html).toContain("<h1>Check your email</h1>")
    expect(html).toContain("<p>A sign-in link has been sent to your email address.</p>")
    expect(html).toContain('<a class="lk-button" href="https://app.test:8443/">Go to app.test:8443</a>')
  })

  it("with the code form, the code button is the primary one and the home link a secondary button", () => {
    const code = { actionUrl: "https://app.test/auth/callback/email", csrfToken: "t", providerId: "email", wrong: true }
    const { html } = renderVerifyRequestPage({ theme: {}, homeUrl: "https://app.test/", code })
    expect(html).toContain('<button type="submit" class="lk-button">Sign in with the code</button>')
    expect(html).toContain('<a class="lk-button lk-button-secondary" href="https://app.test/">Go to app.test</a>')
    expect(html).toContain('<div class="lk-alert" role="alert">That code is not right. Check it and try again.</div>')
  })

  it("escapes and refuses hostile home URLs", () => {
    const evil = renderVerifyRequestPage({ theme: {}, homeUrl: "javascript:alert(1)" }).html
    expect(evil).not.toContain("javascript:")
    expect(evil).not.toContain("<a ")
    const quoted = renderVerifyRequestPage({ theme: {}, homeUrl: 'https://app.test/"><script>' }).html
    expect(quoted).not.toContain("<script")
    expect(quoted).toContain('href="https://app.test/&quot;>&lt;script>"')
  })

  it("shows a relative home URL as a generic link", () => {
    const { html } = renderVerifyRequestPage({ theme: {}, homeUrl: "/" })
    expect(html).toContain('<a class="lk-button" href="/">Go to the home page</a>')
  })
})
