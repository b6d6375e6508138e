import { describe, expect, it } from "vitest"
import { renderSignOutPage } from "../../../src/pages/index.js"

const props = { theme: {}, csrfToken: "csrf-token-value", signoutUrl: "https://app.test/auth/signout" }

describe("renderSignOutPage", () => {
  it("is a complete document with status 200 and the title Sign Out", () => {
    const page = renderSignOutPage(props)
    expect(page.status).toBe(200)
    expect(page.html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true)
    expect(page.html).toContain("<title>Sign Out</title>")
    expect(page.html).toContain('<body class="__next-auth-theme-auto">')
  })

  it("asks for confirmation and POSTs the csrfToken to signoutUrl", () => {
    const { html } = renderSignOutPage(props)
    expect(html).toContain("<p>Are you sure you want to sign out?</p>")
    expect(html).toContain(
      '<form class="lk-form" method="post" action="https://app.test/auth/signout"><input type="hidden" name="csrfToken" value="csrf-token-value"/><button type="submit" class="lk-button">Sign out</button></form>',
    )
  })

  it("escapes a hostile csrf token", () => {
    const { html } = renderSignOutPage({ ...props, csrfToken: '"><script>alert(1)</script>' })
    expect(html).not.toContain("<script")
    expect(html).toContain('value="&quot;>&lt;script>alert(1)&lt;/script>"')
  })

  it("drops a signoutUrl that is not http(s) or relative", () => {
    const { html } = renderSignOutPage({ ...props, signoutUrl: "javascript:alert(1)" })
    expect(html).not.toContain("javascript:")
    expect(html).toContain('<form class="lk-form" method="post">')
  })

  it("applies the theme", () => {
    const { html } = renderSignOutPage({ ...props, theme: { colorScheme: "dark", brandColor: "#0a0" } })
    expect(html).toContain('<body class="__next-auth-theme-dark">')
    expect(html).toContain("--lk-brand:#00aa00;")
  })
})
