/**
 * Turns the user's `Theme` (and provider button colors) into CSS.
 *
 * Colors are parsed by `color.ts` and re-written from numbers, so no
 * configured string ever reaches a stylesheet. Where the user leaves text
 * colors unset, black or white is picked for contrast; a brand color that is
 * unreadable as link text on a scheme's card keeps that scheme's default link
 * color instead.
 */
import type { Theme } from "../types.js"
import { composite, contrastRatio, formatColor, parseColor, type Rgba, readableTextOn } from "./color.js"
import type { PageProviderStyle } from "./props.js"
import { DARK, LIGHT, type Palette, schemeRules, THEME_CLASS } from "./styles.js"

/** A color scheme of the pages. */
export type ColorScheme = keyof typeof THEME_CLASS

/** The configured color scheme, `"auto"` unless it is exactly `"light"` or `"dark"`. */
export function colorSchemeOf(theme: Theme | undefined): ColorScheme {
  const scheme = theme?.colorScheme
  return scheme === "light" || scheme === "dark" ? scheme : "auto"
}

/** The `<body>` class for the theme: `__next-auth-theme-{auto|light|dark}`. */
export function themeClassName(theme: Theme | undefined): string {
  return THEME_CLASS[colorSchemeOf(theme)]
}

// WCAG AA: 4.5:1 for text, 3:1 for the focus ring.
const TEXT_CONTRAST = 4.5
const FOCUS_CONTRAST = 3

function brandEntries(brand: Rgba | undefined, buttonText: Rgba | undefined, defaults: Palette): Partial<Palette> {
  if (!brand) return buttonText ? { brandText: formatColor(buttonText) } : {}
  const card = parseColor(defaults.card)!
  const seen = composite(brand, card)
  const color = formatColor(brand)
  const contrast = contrastRatio(seen, card)
  // Every entry is set in both schemes, falling back to the scheme's default:
  // the `auto` rules of the two schemes are in one cascade, so an entry left
  // out of the dark rules would leak the light one into dark mode.
  return {
    brand: color,
    brandText: formatColor(buttonText ?? readableTextOn(seen)),
    link: contrast >= TEXT_CONTRAST ? color : defaults.link,
    focus: contrast >= FOCUS_CONTRAST ? color : defaults.focus,
  }
}

/**
 * CSS overriding the default palettes with the theme's `brandColor` and
 * `buttonText`; an empty string when neither is a valid color.
 */
export function themeCss(theme: Theme | undefined): string {
  const brand = parseColor(theme?.brandColor)
  const buttonText = parseColor(theme?.buttonText)
  if (!brand && !buttonText) return ""
  return schemeRules(brandEntries(brand, buttonText, LIGHT), brandEntries(brand, buttonText, DARK))
}

/**
 * Inline colors for a provider's sign-in button from its `style.bg` and
 * `style.text`, or `undefined` to use the neutral button. The background is
 * made opaque so one text color works on both schemes. A `text` color that
 * is unreadable on `bg` (under 4.5:1) is replaced by black or white, as is a
 * missing one.
 */
export function providerButtonColors(style: PageProviderStyle | undefined): Record<string, string> | undefined {
  const parsed = parseColor(style?.bg)
  if (!parsed) return undefined
  const background = { ...parsed, a: 1 }
  const given = parseColor(style?.text)
  const readable = given && contrastRatio(composite(given, background), background) >= TEXT_CONTRAST
  const text = readable ? given : readableTextOn(background)
  return { backgroundColor: formatColor(background), color: formatColor(text), borderColor: formatColor(background) }
}
