import { describe, expect, it } from "vitest"
import { hostOf, safeImageUrl, safeLinkUrl } from "../../../src/pages/url.js"

describe("safeLinkUrl", () => {
  it.each(["https://app.test/x?y=1#z", "http://app.test", "HTTPS://APP.TEST/", "/signin", "signin", "./a", "../a", "?a=1", "#top"])(
    "accepts %j as given",
    (url) => expect(safeLinkUrl(url)).toBe(url),
  )

  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0001javascript:alert(1)",
    " https://app.test",
    "vbscript:x",
    "data:text/html,x",
    "data:image/png;base64,AAAA",
    "file:///etc/passwd",
    "//evil.test",
    "/\\evil.test",
    "\\\\evil.test",
    "https:evil.test",
    "https://",
    "http://[::1",
    "",
    "mailto:a@b.c",
  ])("refuses %j", (url) => expect(safeLinkUrl(url)).toBeUndefined())

  it("refuses non-strings", () => {
    for (const url of [undefined, null, 1, {}, new URL("https://app.test")]) expect(safeLinkUrl(url)).toBeUndefined()
  })
})

describe("safeImageUrl", () => {
  it.each([
    "https://cdn.test/logo.svg",
    "/logo.png",
    "data:image/png;base64,AAAA",
    "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg'/>",
    "DATA:IMAGE/WEBP;base64,AA",
  ])("accepts %j", (url) => expect(safeImageUrl(url)).toBe(url))

  it.each(["javascript:alert(1)", "data:text/html;base64,AAAA", "data:image/x-icon,AA", "data:application/svg+xml,<svg/>", "//cdn.test/logo.png"])(
    "refuses %j",
    (url) => expect(safeImageUrl(url)).toBeUndefined(),
  )
})

describe("hostOf", () => {
  it("returns the host of absolute URLs only", () => {
    expect(hostOf("https://app.test:8443/x")).toBe("app.test:8443")
    expect(hostOf("/relative")).toBeUndefined()
    expect(hostOf("not a url")).toBeUndefined()
  })
})
