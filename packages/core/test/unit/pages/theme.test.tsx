import { describe, expect, it } from "vitest"
import { renderSignOutPage } from "../../../src/pages/index.js"
import { PAGE_CSS } from "../../../src/pages/styles.js"
import { providerButtonColors, themeClassName, themeCss } from "../../../src/pages/theme.js"

const styleOf = (html: string) => /<style>([^<]*)<\/style>/.exec(html)![1]!

describe("theme", () => {
  it("keeps Auth.js's body class names", () => {
    expect(themeClassName(undefined)).toBe("__next-auth-theme-auto")
    expect(themeClassName({ colorScheme: "light" })).toBe("__next-auth-theme-light")
    expect(themeClassName({ colorScheme: "dark" })).toBe("__next-auth-theme-dark")
  })

  it("follows prefers-color-scheme in auto mode and forces the other two", () => {
    expect(PAGE_CSS).toContain(".__next-auth-theme-light,.__next-auth-theme-auto{")
    expect(PAGE_CSS).toContain(".__next-auth-theme-dark{")
    expect(PAGE_CSS).toContain("@media (prefers-color-scheme:dark){.__next-auth-theme-auto{")
  })

  it("has visible focus styles and loads nothing", () => {
    expect(PAGE_CSS).toContain(":focus-visible{outline:2px solid var(--lk-focus)")
    expect(PAGE_CSS).not.toMatch(/url\(|@import|@font-face|https?:/)
    expect(PAGE_CSS).not.toContain("<")
  })

  it.each([
    ["#3a7", "#33aa77"],
    ["#33AA77", "#33aa77"],
    ["rebeccapurple", "#663399"],
    ["  Teal ", "#008080"],
    ["rgb(0, 128, 0)", "#008000"],
    ["rgb(0 128 0 / 50%)", "rgb(0 128 0 / 0.5)"],
    ["hsl(0, 100%, 25%)", "#800000"],
  ])("re-writes brandColor %j as %s", (brandColor, css) => {
    expect(themeCss({ brandColor })).toContain(`--lk-brand:${css};`)
  })

  it.each([
    "red;}</style><script>alert(1)</script>",
    "red; background: url(https://evil.test/x)",
    "url(https://evil.test/x)",
    "var(--x)",
    "expression(alert(1))",
    "#ff000",
    "#ggg",
    "rgb(1, 2)",
    "rgb(1, 2, 3));}body{display:none",
    "rgb(1%, 2, 3)",
    "hsl(10, 20, 30)",
    "transparent",
    "currentColor",
    "inherit",
    "constructor",
    "",
    `#${"f".repeat(200)}`,
    42 as unknown as string,
    { toString: () => "red" } as unknown as string,
  ])("ignores the brandColor %j", (brandColor) => {
    expect(themeCss({ brandColor })).toBe("")
    const html = renderSignOutPage({ theme: { brandColor }, csrfToken: "t", signoutUrl: "/signout" }).html
    expect(styleOf(html)).toBe(PAGE_CSS)
  })

  it("picks black or white button text for contrast with the brand color", () => {
    expect(themeCss({ brandColor: "gold" })).toContain("--lk-brand-text:#000000;")
    expect(themeCss({ brandColor: "navy" })).toContain("--lk-brand-text:#ffffff;")
    expect(themeCss({ brandColor: "navy" })).not.toContain("--lk-brand-text:#000000;")
  })

  it("uses buttonText when it is set, even against the automatic choice", () => {
    const css = themeCss({ brandColor: "gold", buttonText: "#333" })
    expect(css).toContain("--lk-brand-text:#333333;")
    expect(css).not.toContain("--lk-brand-text:#000000;")
    expect(themeCss({ buttonText: "white" })).toContain("--lk-brand-text:#ffffff;")
    expect(themeCss({ brandColor: "gold", buttonText: "red;}" })).toContain("--lk-brand-text:#000000;")
  })

  it("keeps a scheme's default link color when the brand color is unreadable on its card", () => {
    const css = themeCss({ brandColor: "#1b1f3b" })
    const [light, dark] = css.split(".__next-auth-theme-dark{")
    expect(light).toContain("--lk-link:#1b1f3b;")
    expect(dark).toContain("--lk-link:#9db4ff;")
    expect(dark).not.toContain("--lk-link:#1b1f3b;")
  })

  it("colors provider buttons from parsed colors only", () => {
    expect(providerButtonColors({ bg: "#24292f" })).toEqual({ backgroundColor: "#24292f", color: "#ffffff", borderColor: "#24292f" })
    expect(providerButtonColors({ bg: "#fff", text: "#000" })).toEqual({ backgroundColor: "#ffffff", color: "#000000", borderColor: "#ffffff" })
    // An unreadable text color (@auth/core's X button: #fff on #1da1f2, 2.9:1) gives way to black or white.
    expect(providerButtonColors({ bg: "#1da1f2", text: "#fff" })).toMatchObject({ color: "#000000" })
    expect(providerButtonColors({ bg: "#24292f", text: "#333" })).toMatchObject({ color: "#ffffff" })
    expect(providerButtonColors({ bg: "red;x:y" })).toBeUndefined()
    expect(providerButtonColors({ text: "#000" })).toBeUndefined()
    expect(providerButtonColors(undefined)).toBeUndefined()
  })
})
