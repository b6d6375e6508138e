/** leadsToPage: whether a request's callbackUrl is the configured error page (the ErrorPageLoop check). */
import { describe, expect, it } from "vitest"
import { leadsToPage } from "../../../src/http/page-path.js"

const ORIGIN = "https://app.example"

describe("leadsToPage", () => {
  it.each([
    ["/oops", "/oops"],
    ["/oops?error=x", "/oops"],
    ["/oops/", "/oops"],
    ["/oops", "/oops/"],
    ["/oops/details", "/oops"],
    ["/oops#top", "/oops"],
    [`${ORIGIN}/oops`, "/oops"],
    ["/oops", `${ORIGIN}/oops`],
    ["/", "/"],
    ["/errors/oops", "/errors/oops?theme=dark"],
  ])("%s leads to the page %s", (url, page) => {
    expect(leadsToPage(url, page, ORIGIN)).toBe(true)
  })

  it.each([
    ["/oopsy", "/oops"],
    ["/oops-and-more", "/oops"],
    ["/oop", "/oops"],
    ["/other/oops", "/oops"],
    ["/dashboard", "/"],
    ["https://elsewhere.example/oops", "/oops"],
    ["/oops", "https://errors.example/oops"],
    ["http://[::1", "/oops"],
    ["/oops", "http://[::1"],
  ])("%s does not lead to the page %s", (url, page) => {
    expect(leadsToPage(url, page, ORIGIN)).toBe(false)
  })
})
