import { describe, expect, it } from "vitest"
import { BLACK, contrastRatio, formatColor, parseColor, readableTextOn, WHITE } from "../../../src/pages/color.js"
import { NAMED_COLORS } from "../../../src/pages/named-colors.js"

describe("parseColor", () => {
  it.each([
    ["#fff", { r: 255, g: 255, b: 255, a: 1 }],
    ["#0008", { r: 0, g: 0, b: 0, a: 0x88 / 255 }],
    ["#102030", { r: 16, g: 32, b: 48, a: 1 }],
    ["#10203040", { r: 16, g: 32, b: 48, a: 0x40 / 255 }],
    ["rgb(1, 2, 3)", { r: 1, g: 2, b: 3, a: 1 }],
    ["rgba(1, 2, 3, 0.5)", { r: 1, g: 2, b: 3, a: 0.5 }],
    ["rgb(1 2 3 / 50%)", { r: 1, g: 2, b: 3, a: 0.5 }],
    ["RGB(100%, 0%, 0%)", { r: 255, g: 0, b: 0, a: 1 }],
    ["rgb(300 -4 2.5)", { r: 255, g: 0, b: 2.5, a: 1 }],
    ["hsl(0, 100%, 50%)", { r: 255, g: 0, b: 0, a: 1 }],
    ["hsl(120deg 100% 25% / .5)", { r: 0, g: 127.5, b: 0, a: 0.5 }],
    ["hsla(240, 100%, 50%, 1)", { r: 0, g: 0, b: 255, a: 1 }],
    ["Black", { r: 0, g: 0, b: 0, a: 1 }],
  ])("parses %j", (input, expected) => {
    const parsed = parseColor(input)!
    for (const key of ["r", "g", "b", "a"] as const) expect(parsed[key]).toBeCloseTo(expected[key], 5)
  })

  it.each([
    "",
    "#",
    "#12",
    "#12345",
    "#1234567",
    "#xyz",
    "red blue",
    "rgb()",
    "rgb(1,2)",
    "rgb(1,2,3,4,5)",
    "rgb(1 2 3 4)",
    "rgb(1 2 / 3 / 4)",
    "rgb(1, 2 3)",
    "rgb(1%, 2, 3)",
    "rgb(a, b, c)",
    "rgb(1 2 3 /)",
    "hsl(1, 2, 3)",
    "hsl(1turn 50% 50%)",
    "lab(50 20 20)",
    "color(srgb 1 0 0)",
    "var(--c)",
    "calc(1)",
    "red;",
    "red}",
    "</style>",
    "transparent",
    "currentcolor",
    "toString",
    "__proto__",
    "rgb(1,2,3)x",
    "xrgb(1,2,3)",
    "rgb((1,2,3))",
  ])("rejects %j", (input) => {
    expect(parseColor(input)).toBeUndefined()
  })

  it("rejects non-strings and overlong input", () => {
    for (const input of [undefined, null, 0, 0xffffff, {}, [], ["#fff"], `#fff${" ".repeat(100)}`]) {
      expect(parseColor(input)).toBeUndefined()
    }
  })

  it("knows all 148 CSS named colors", () => {
    expect(NAMED_COLORS.size).toBe(148)
    expect(parseColor("rebeccapurple")).toEqual({ r: 0x66, g: 0x33, b: 0x99, a: 1 })
  })
})

describe("formatColor", () => {
  it("writes opaque colors as hex and translucent ones as rgb()", () => {
    expect(formatColor({ r: 255, g: 0, b: 127.6, a: 1 })).toBe("#ff0080")
    expect(formatColor({ r: 1, g: 2, b: 3, a: 0.33333 })).toBe("rgb(1 2 3 / 0.333)")
    expect(formatColor({ r: 999, g: -1, b: Number.NaN, a: 1 })).toMatch(/^#ff00/)
  })
})

describe("contrast", () => {
  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 5)
    expect(contrastRatio(WHITE, WHITE)).toBe(1)
    expect(contrastRatio(parseColor("#767676")!, WHITE)).toBeCloseTo(4.54, 2)
  })

  it("picks whichever of black and white reads better, always at least 4.5:1", () => {
    expect(readableTextOn(parseColor("yellow")!)).toBe(BLACK)
    expect(readableTextOn(parseColor("navy")!)).toBe(WHITE)
    for (let grey = 0; grey <= 255; grey++) {
      const background = { r: grey, g: grey, b: grey, a: 1 }
      expect(contrastRatio(readableTextOn(background), background)).toBeGreaterThanOrEqual(4.5)
    }
  })
})
