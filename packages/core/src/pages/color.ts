/**
 * Strict parsing of theme colors, and WCAG contrast arithmetic.
 *
 * Theme colors are user configuration that ends up inside a `<style>`
 * element, where HTML escaping does not apply. So a color is never copied
 * into CSS as given: it is parsed into numbers, and the CSS is written from
 * those numbers by {@link formatColor}. Anything that does not parse is
 * ignored.
 */
import { NAMED_COLORS } from "./named-colors.js"

/** A color in sRGB: channels 0–255, alpha 0–1. */
export interface Rgba {
  r: number
  g: number
  b: number
  a: number
}

// Long inputs are never legitimate colors; refusing them early bounds the regex work.
const MAX_COLOR_LENGTH = 64
const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`
const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const FUNCTION = /^(rgba?|hsla?)\(\s*([^()]*?)\s*\)$/i
const IS_NUMBER = new RegExp(`^${NUMBER}$`)
const IS_PERCENT = new RegExp(`^${NUMBER}%$`)
const IS_HUE = new RegExp(`^${NUMBER}(?:deg)?$`, "i")

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/**
 * Parses a CSS color written as hex (`#rgb`, `#rgba`, `#rrggbb`,
 * `#rrggbbaa`), `rgb()`/`rgba()`, `hsl()`/`hsla()` (comma or space
 * syntax, optional alpha) or a named color. Returns `undefined` for anything
 * else, including every keyword, `var()`, `calc()` and all non-strings.
 */
export function parseColor(input: unknown): Rgba | undefined {
  if (typeof input !== "string" || input.length > MAX_COLOR_LENGTH) return undefined
  const text = input.trim().toLowerCase()
  if (text.startsWith("#")) return parseHex(text)
  const named = NAMED_COLORS.get(text)
  if (named !== undefined) return { r: named >> 16, g: (named >> 8) & 255, b: named & 255, a: 1 }
  const call = FUNCTION.exec(text)
  if (!call) return undefined
  const args = splitArguments(call[2]!)
  if (!args) return undefined
  return call[1]!.startsWith("rgb") ? parseRgbArguments(args) : parseHslArguments(args)
}

function parseHex(text: string): Rgba | undefined {
  const digits = HEX.exec(text)?.[1]
  if (!digits) return undefined
  // Short forms repeat each digit: #abc is #aabbcc.
  const full = digits.length <= 4 ? [...digits].map((d) => d + d).join("") : digits
  const channel = (i: number) => Number.parseInt(full.slice(i * 2, i * 2 + 2), 16)
  return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 }
}

interface ColorArguments {
  channels: [string, string, string]
  alpha?: string
  /** Legacy comma syntax, which (unlike the space syntax) forbids mixing numbers and percentages. */
  legacy: boolean
}

/** Splits `1, 2, 3[, a]` or `1 2 3[ / a]`; `undefined` when neither shape matches. */
function splitArguments(body: string): ColorArguments | undefined {
  if (body.includes(",")) {
    const parts = body.split(",").map((part) => part.trim())
    if (parts.length !== 3 && parts.length !== 4) return undefined
    const [x, y, z, alpha] = parts as [string, string, string, string?]
    return { channels: [x, y, z], alpha, legacy: true }
  }
  const [main, alpha, extra] = body.split("/").map((part) => part.trim())
  if (extra !== undefined || main === undefined) return undefined
  const parts = main.split(/\s+/)
  if (parts.length !== 3) return undefined
  const [x, y, z] = parts as [string, string, string]
  if (alpha === "") return undefined
  return { channels: [x, y, z], alpha, legacy: false }
}

function parseAlpha(text: string | undefined): number | undefined {
  if (text === undefined) return 1
  if (IS_PERCENT.test(text)) return clamp(Number.parseFloat(text) / 100, 0, 1)
  if (IS_NUMBER.test(text)) return clamp(Number.parseFloat(text), 0, 1)
  return undefined
}

function parseRgbArguments({ channels, alpha, legacy }: ColorArguments): Rgba | undefined {
  const percents = channels.map((c) => IS_PERCENT.test(c))
  const numbers = channels.map((c) => IS_NUMBER.test(c))
  if (!channels.every((_, i) => percents[i] || numbers[i])) return undefined
  if (legacy && !(percents.every(Boolean) || numbers.every(Boolean))) return undefined
  const [r, g, b] = channels.map((c, i) => clamp(percents[i] ? (Number.parseFloat(c) / 100) * 255 : Number.parseFloat(c), 0, 255)) as [number, number, number]
  const a = parseAlpha(alpha)
  return a === undefined ? undefined : { r, g, b, a }
}

function parseHslArguments({ channels, alpha }: ColorArguments): Rgba | undefined {
  const [hueText, satText, lightText] = channels
  if (!IS_HUE.test(hueText) || !IS_PERCENT.test(satText) || !IS_PERCENT.test(lightText)) return undefined
  const a = parseAlpha(alpha)
  if (a === undefined) return undefined
  const hue = (((Number.parseFloat(hueText) % 360) + 360) % 360) / 30
  const sat = clamp(Number.parseFloat(satText) / 100, 0, 1)
  const light = clamp(Number.parseFloat(lightText) / 100, 0, 1)
  // The CSS Color 4 conversion: each channel is a point on the hue wheel.
  const chroma = sat * Math.min(light, 1 - light)
  const channel = (offset: number) => {
    const k = (offset + hue) % 12
    return (light - chroma * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255
  }
  return { r: channel(0), g: channel(8), b: channel(4), a }
}

/** Writes a parsed color as CSS: `#rrggbb` when opaque, else `rgb(r g b / a)`. Only digits and fixed punctuation. */
export function formatColor({ r, g, b, a }: Rgba): string {
  const channels = [r, g, b].map((c) => Math.round(clamp(c, 0, 255)))
  if (a >= 1) return `#${channels.map((c) => c.toString(16).padStart(2, "0")).join("")}`
  return `rgb(${channels.join(" ")} / ${Math.round(clamp(a, 0, 1) * 1000) / 1000})`
}

/** The color seen when `top` (possibly translucent) is painted over the opaque `bottom`. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, u: number) => t * top.a + u * (1 - top.a)
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 }
}

/** WCAG 2 relative luminance of an opaque color (alpha is ignored). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG 2 contrast ratio (1–21) between two opaque colors. */
export function contrastRatio(x: Rgba, y: Rgba): number {
  const [light, dark] = [relativeLuminance(x), relativeLuminance(y)].sort((p, q) => q - p) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** Pure black. */
export const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 }
/** Pure white. */
export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 }

/**
 * Black or white, whichever contrasts more with the opaque `background`.
 * One of the two always reaches at least 4.58:1.
 */
export function readableTextOn(background: Rgba): Rgba {
  return contrastRatio(background, BLACK) >= contrastRatio(background, WHITE) ? BLACK : WHITE
}
