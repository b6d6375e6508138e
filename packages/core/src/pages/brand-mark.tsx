/**
 * The mark on a catalog provider's sign-in button, drawn inline as SVG from
 * the generated path data (brand-marks.generated.ts), so the page still
 * loads nothing from anywhere.
 */
import { BRAND_MARKS, type BrandMark } from "./brand-marks.generated.js"
import { composite, contrastRatio, parseColor } from "./color.js"

// WCAG AA: the marks are held to the text level, 4.5:1, against the button.
const MARK_CONTRAST = 4.5

/** The generated mark for a provider id, or `undefined` for providers outside the catalog. */
export function brandMarkOf(providerId: string): BrandMark | undefined {
  // Own keys only: an id like "constructor" must not find anything.
  return Object.hasOwn(BRAND_MARKS, providerId) ? BRAND_MARKS[providerId] : undefined
}

/**
 * The fill of a mark on a button: the brand colour where it keeps 4.5:1
 * against the button's background, else the button's text colour (which
 * `providerButtonColors` already made readable). On a neutral button, whose
 * background changes with the color scheme, the text colour (`currentColor`).
 */
export function markFill(mark: BrandMark, button: Readonly<Record<string, string>> | undefined): string {
  if (!button?.backgroundColor || !button.color) return "currentColor"
  const background = parseColor(button.backgroundColor)
  const brand = parseColor(mark.hex)
  if (background && brand && contrastRatio(composite(brand, background), background) >= MARK_CONTRAST) return mark.hex!
  return button.color
}

/** The inline SVG mark of a catalog provider; decorative, since the button text names the provider. */
export function BrandMarkIcon({ mark, fill }: { mark: BrandMark; fill: string }) {
  return (
    <svg class="lk-mark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={mark.path} fill={fill} />
    </svg>
  )
}
