/**
 * The built-in pages in a real browser (Debian's Chromium via playwright-core):
 * labels, keyboard order, contrast in light and dark (text, placeholders,
 * brand marks), and that a page loads nothing from the network. Pages are
 * loaded with `setContent`, no server. Screenshots of every page in both
 * schemes are saved under e2e/artifacts/pages/ (git-ignored) for review.
 */
import { mkdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { BRAND_MARKS } from "../packages/core/src/pages/brand-marks.generated.js"
import { formatColor, parseColor } from "../packages/core/src/pages/color.js"
import {
  passkeyPageScript,
  type RenderedPage,
  renderEmailConfirmPage,
  renderErrorPage,
  renderSignInPage,
  renderSignOutPage,
  renderVerifyRequestPage,
} from "../packages/core/src/pages/index.js"
import { NAMED_COLORS } from "../packages/core/src/pages/named-colors.js"
import type { Theme } from "../packages/core/src/types.js"
import { CHROMIUM_PATH, chromiumAvailable, focusOrder, launchChromium, measureContrast } from "./support/pages-browser.js"
import {
  ALL_PROVIDERS,
  CATALOG_PROVIDERS,
  DATA_LOGO,
  EMAIL_FIRST_PROVIDERS,
  emailConfirmProps,
  errorProps,
  signInProps,
  signOutProps,
  UNAVAILABLE_PROVIDERS,
  verifyRequestProps,
} from "./support/pages-fixtures.js"

/** The passkey page script over the installed @simplewebauthn/browser bundle, as the server inlines it. */
function passkeyScript(): string {
  const entry = createRequire(import.meta.url).resolve("@simplewebauthn/browser")
  return passkeyPageScript(readFileSync(join(dirname(entry), "..", "dist", "bundle", "index.umd.min.js"), "utf8"))
}

const ARTIFACTS = fileURLToPath(new URL("./artifacts/pages/", import.meta.url))

const onCI = process.env.CI === "true"
if (!chromiumAvailable && !onCI) {
  console.warn(
    `\n${"!".repeat(78)}\n!! SKIPPING e2e/pages.test.ts: no Chromium at ${CHROMIUM_PATH}.\n` +
      `!! Install it with: apt-get update && apt-get install -y chromium\n${"!".repeat(78)}\n`,
  )
}

type Scheme = "light" | "dark"

/** How a page is themed and which scheme the (emulated) user prefers; `expected` is what must show. */
interface SchemeCase {
  name: string
  theme: Theme
  prefers: Scheme
  expected: Scheme
}

const SCHEMES: SchemeCase[] = [
  { name: "auto, user prefers light", theme: { colorScheme: "auto" }, prefers: "light", expected: "light" },
  { name: "auto, user prefers dark", theme: {}, prefers: "dark", expected: "dark" },
  { name: "forced light, user prefers dark", theme: { colorScheme: "light" }, prefers: "dark", expected: "light" },
  { name: "forced dark, user prefers light", theme: { colorScheme: "dark" }, prefers: "light", expected: "dark" },
]

const PAGES: Array<[string, (theme: Theme) => RenderedPage]> = [
  ["sign-in (3 providers)", (theme) => renderSignInPage(signInProps(theme))],
  [
    "sign-in (every provider kind, error, logo)",
    (theme) =>
      renderSignInPage(signInProps({ ...theme, logo: DATA_LOGO }, { providers: ALL_PROVIDERS, error: "CredentialsSignin", email: "jane@example.com" })),
  ],
  [
    "sign-in (every built-in OAuth/OIDC provider, its colors and brand mark)",
    (theme) => renderSignInPage(signInProps(theme, { providers: CATALOG_PROVIDERS })),
  ],
  [
    "sign-in (providers that cannot work here, and a kept username after a failed attempt)",
    (theme) =>
      renderSignInPage(
        signInProps(theme, {
          providers: [...UNAVAILABLE_PROVIDERS, ...ALL_PROVIDERS.filter((p) => p.type === "credentials")],
          error: "CredentialsSignin",
          kept: { providerId: "credentials", fields: { username: "ada.lovelace" } },
        }),
      ),
  ],
  [
    "sign-in (passkey, with the passkey script)",
    (theme) => renderSignInPage(signInProps(theme, { providers: ALL_PROVIDERS.filter((p) => p.type === "webauthn"), passkeyScript: passkeyScript() })),
  ],
  [
    "sign-in (one email field: password, email link, passkey)",
    (theme) =>
      renderSignInPage(
        signInProps(theme, { providers: EMAIL_FIRST_PROVIDERS, passkeyScript: passkeyScript(), error: "OAuthAccountNotLinked", code: "unverified-address" }),
      ),
  ],
  ["sign-out", (theme) => renderSignOutPage(signOutProps(theme))],
  ["error (Configuration)", (theme) => renderErrorPage(errorProps(theme, "Configuration"))],
  ["error (Verification)", (theme) => renderErrorPage(errorProps(theme, "Verification"))],
  ["error (unknown)", (theme) => renderErrorPage(errorProps(theme, "Whatever"))],
  ["verify-request", (theme) => renderVerifyRequestPage(verifyRequestProps(theme))],
  ["verify-request (code form, wrong code)", (theme) => renderVerifyRequestPage(verifyRequestProps(theme, { wrong: true }))],
  ["email confirmation", (theme) => renderEmailConfirmPage(emailConfirmProps(theme))],
]

/** A file name for a page's screenshot. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")

describe.skipIf(!chromiumAvailable && !onCI)("built-in pages in Chromium", () => {
  let browser: Browser
  let page: Page
  let requests: string[] = []

  beforeAll(async () => {
    if (!chromiumAvailable) throw new Error(`CI=true but Chromium is missing at ${CHROMIUM_PATH}`)
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1024, height: 900 } })
    page.on("request", (request) => {
      const url = request.url()
      if (url !== "about:blank" && !url.startsWith("data:")) requests.push(url)
    })
  })

  afterAll(async () => {
    await browser?.close()
  })

  beforeEach(() => {
    requests = []
  })

  async function load(rendered: RenderedPage, prefers: Scheme): Promise<void> {
    await page.emulateMedia({ colorScheme: prefers })
    await page.setContent(rendered.html, { waitUntil: "load" })
  }

  describe.each(SCHEMES)("$name", ({ theme, prefers, expected }) => {
    it.each(PAGES)("%s: lang, labels, Tab order, contrast, no requests", async (_name, render) => {
      await load(render(theme), prefers)

      expect(await page.getAttribute("html", "lang")).toBe("en")

      // The scheme that applies is the forced one, or the user's preference.
      const pageBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
      const shade = parseColor(pageBackground)!
      expect(shade.r + shade.g + shade.b < 3 * 128 ? "dark" : "light").toBe(expected)

      // Every visible input is found by its label.
      const inputs = await page
        .locator("input:not([type=hidden])")
        .evaluateAll((elements) => elements.map((el) => ({ id: el.id, label: document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent ?? "" })))
      for (const { id, label } of inputs) {
        expect(label, `label of #${id}`).not.toBe("")
        const labelled = await page.getByLabel(label, { exact: true }).evaluateAll((els) => els.map((el) => el.id))
        expect(labelled).toContain(id)
      }

      // Keyboard order is document order.
      const { dom, tabbed } = await focusOrder(page)
      expect(dom.length).toBeGreaterThan(0)
      expect(tabbed).toEqual(dom)

      // WCAG AA: 4.5:1 for text, placeholders and brand marks, 3:1 for input borders.
      const samples = await measureContrast(page)
      expect(samples.some((s) => s.element.startsWith("<h1"))).toBe(true)
      const marks = await page.locator(".lk-mark").count()
      expect(samples.filter((s) => s.kind === "mark")).toHaveLength(marks)
      const placeholders = await page.locator("input[placeholder]:visible").count()
      expect(samples.filter((s) => s.kind === "placeholder")).toHaveLength(placeholders)
      const failing = samples.filter((s) => s.ratio < (s.kind === "border" ? 3 : 4.5))
      expect(failing).toEqual([])

      expect(requests).toEqual([])
    })
  })

  it("draws every catalog provider's brand mark inline (an SVG path with an area), nothing fetched", async () => {
    await load(renderSignInPage(signInProps({}, { providers: CATALOG_PROVIDERS })), "light")
    const marks = await page.locator(".lk-button .lk-mark path").evaluateAll((paths) =>
      paths.map((path) => {
        const box = (path as SVGPathElement).getBBox()
        return { d: path.getAttribute("d") ?? "", width: box.width, height: box.height }
      }),
    )
    expect(CATALOG_PROVIDERS.length).toBeGreaterThanOrEqual(93)
    expect(marks).toHaveLength(CATALOG_PROVIDERS.length)
    expect(marks.map((mark) => mark.d)).toEqual(CATALOG_PROVIDERS.map((provider) => BRAND_MARKS[provider.id]!.path))
    for (const mark of marks) expect(mark.width > 4 && mark.height > 4, mark.d.slice(0, 40)).toBe(true)
    expect(await page.locator(".lk-button img").count()).toBe(0)
    expect(requests).toEqual([])
  })

  it("asks for no /favicon.ico: every page names an inline icon", async () => {
    for (const [name, render] of PAGES) {
      await load(render({}), "light")
      expect(await page.locator('link[rel="icon"]').getAttribute("href"), name).toMatch(/^data:image\/svg\+xml,/)
    }
    expect(requests).toEqual([])
  })

  it("the disabled entries of unavailable providers are skipped by Tab and name their reason", async () => {
    await load(renderSignInPage(signInProps({}, { providers: UNAVAILABLE_PROVIDERS })), "light")
    const disabled = page.getByRole("button", { name: "Sign in with GitHub" })
    await expect.poll(() => disabled.isDisabled()).toBe(true)
    expect(await disabled.evaluate((button) => document.getElementById(button.getAttribute("aria-describedby")!)?.textContent)).toBe(
      "Not set up on this server: AUTH_GITHUB_ID and AUTH_GITHUB_SECRET are not set.",
    )
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("input-email-for-email-provider")
  })

  it("keeps a busy (disabled) button readable: the passkey script disables the form's buttons during a ceremony", async () => {
    for (const prefers of ["light", "dark"] as const) {
      await load(renderSignInPage(signInProps({})), prefers)
      await page.locator("button").evaluateAll((buttons) => {
        for (const button of buttons) (button as HTMLButtonElement).disabled = true
      })
      await page.locator("button").first().hover() // a disabled button under the pointer as well
      const failing = (await measureContrast(page)).filter((s) => s.ratio < (s.kind === "border" ? 3 : 4.5))
      expect(failing, prefers).toEqual([])
    }
  })

  it("would notice a request (the network check is not vacuous)", async () => {
    await page.setContent('<img src="http://127.0.0.1:9/probe.png" alt="">', { waitUntil: "load" })
    expect(requests).toEqual(["http://127.0.0.1:9/probe.png"])
  })

  it("shows a visible focus ring on buttons and inputs", async () => {
    await load(renderSignInPage(signInProps({})), "light")
    for (let i = 0; i < 2; i++) await page.keyboard.press("Tab")
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!)
      return { tag: document.activeElement!.tagName, style: style.outlineStyle, width: parseFloat(style.outlineWidth) }
    })
    expect(outline).toMatchObject({ tag: "INPUT", style: "solid" })
    expect(outline.width).toBeGreaterThanOrEqual(2)
  })

  it.each([
    ["a light brand color (gold)", { brandColor: "gold" }],
    ["a dark brand color", { brandColor: "#1b1f3b" }],
    ["a mid-tone brand color", { brandColor: "hsl(200 70% 45%)" }],
    ["a translucent brand color", { brandColor: "rgb(200 30 30 / 60%)" }],
  ] as Array<[string, Theme]>)("keeps buttons and links readable with %s", async (_name, theme) => {
    for (const prefers of ["light", "dark"] as const) {
      await load(renderErrorPage(errorProps(theme, "Verification")), prefers)
      const failing = (await measureContrast(page)).filter((s) => s.ratio < (s.kind === "border" ? 3 : 4.5))
      expect(failing, prefers).toEqual([])
      await load(renderVerifyRequestPage(verifyRequestProps(theme)), prefers)
      expect(
        (await measureContrast(page)).filter((s) => s.ratio < 4.5),
        prefers,
      ).toEqual([])
    }
  })

  it("parses theme colors exactly as Chromium does", async () => {
    await page.setContent("<p id=probe>probe</p>")
    const inputs = [
      ...NAMED_COLORS.keys(),
      "#abc",
      "#abcd",
      "#a1b2c3",
      "#a1b2c380",
      "  #FFF  ",
      "RED",
      "rgb(10, 20, 30)",
      "rgba(10, 20, 30, 0.5)",
      "rgb(10 20 30)",
      "rgb(10 20 30 / 25%)",
      "rgb(100%, 50%, 0%)",
      "rgb(300, -5, 20)",
      "rgba(1,2,3,.25)",
      "hsl(210, 50%, 40%)",
      "hsl(210deg 50% 40% / .5)",
      "hsla(-30, 100%, 50%, 1)",
      "hsl(400 20% 90%)",
    ]
    const chromium = await page.evaluate((colors) => {
      const probe = document.getElementById("probe")!
      return colors.map((color) => {
        probe.style.color = ""
        probe.style.color = color
        return probe.style.color === "" ? null : getComputedStyle(probe).color
      })
    }, inputs)
    inputs.forEach((input, i) => {
      const ours = parseColor(input)
      expect(ours, input).toBeDefined()
      expect(chromium[i], input).not.toBeNull()
      const theirs = parseColor(chromium[i]!)!
      for (const channel of ["r", "g", "b"] as const) expect(Math.abs(ours![channel] - theirs[channel]), `${input} ${channel}`).toBeLessThanOrEqual(1)
      expect(Math.abs(ours!.a - theirs.a), `${input} alpha`).toBeLessThanOrEqual(0.01)
      // The re-written color means the same to the browser.
      expect(formatColor(ours!)).toMatch(/^(#[0-9a-f]{6}|rgb\([\d ]+\/ [\d.]+\))$/)
    })
  })

  it.each(["light", "dark"] as const)("saves a screenshot of every page, %s, under e2e/artifacts/pages/", async (scheme) => {
    mkdirSync(ARTIFACTS, { recursive: true })
    await page.setViewportSize({ width: 900, height: 860 })
    for (const [name, render] of PAGES) {
      await load(render({ colorScheme: scheme }), scheme)
      await page.screenshot({ path: `${ARTIFACTS}${slug(name)}-${scheme}.png`, fullPage: true })
    }
    await page.setViewportSize({ width: 1024, height: 900 })
    expect(requests).toEqual([])
  })
})
