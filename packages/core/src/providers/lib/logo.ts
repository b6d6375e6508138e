/**
 * Sign-in button logos of the built-in providers, drawn here as simple letter
 * marks rather than copies of brand artwork: a rounded square outline with one
 * or two letters, in the button's text colour. They are `data:` URIs, so the
 * sign-in page shows them without a request to anyone (its CSP allows
 * `data:` images) and a provider's trademark is never redistributed.
 *
 * @internal
 */

/** Letters a mark may show: a provider's initials. */
const LETTERS = /^[A-Za-z0-9]{1,2}$/
/** A `#rgb` or `#rrggbb` colour, the only form the built-in styles use. */
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

/**
 * A `data:image/svg+xml` letter mark: `letters` (one or two letters or
 * digits) in `color` (a hex colour) inside a rounded square of the same
 * colour. Throws on anything else: the inputs are constants of this package,
 * and nothing user-supplied may reach SVG markup.
 */
export function letterMark(letters: string, color: string): string {
  if (!LETTERS.test(letters)) throw new TypeError(`letterMark: ${JSON.stringify(letters)} is not one or two letters`)
  if (!HEX_COLOR.test(color)) throw new TypeError(`letterMark: ${JSON.stringify(color)} is not a hex colour`)
  // Two letters need a smaller size to fit the same square.
  const size = letters.length === 1 ? 13 : 10
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">` +
    `<rect x="1.5" y="1.5" width="21" height="21" rx="6" fill="none" stroke="${color}" stroke-width="2"/>` +
    `<text x="12" y="${letters.length === 1 ? 16.6 : 15.6}" text-anchor="middle" ` +
    `font-family="Arial,Helvetica,sans-serif" font-size="${size}" font-weight="700" fill="${color}">${letters}</text>` +
    `</svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
