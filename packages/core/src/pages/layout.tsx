/**
 * The HTML document every built-in page shares: head with inlined styles,
 * a `<body>` carrying the theme class, and a centered card holding the
 * theme logo and the page content.
 */
import type { ComponentChildren } from "preact"
import { renderToString } from "preact-render-to-string"
import type { Theme } from "../types.js"
import { PAGE_CSS } from "./styles.js"
import { themeClassName, themeCss } from "./theme.js"
import { safeImageUrl } from "./url.js"

/**
 * The pages' favicon, inline: a browser asks for /favicon.ico when a page
 * names no icon, which logs a 404 on most servers. A `data:` URI makes no
 * request, and the pages' CSP allows it (`img-src … data:`, which covers icons).
 */
export const FAVICON: string =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="6" fill="#3451d1"/>' +
      '<path fill="#fff" transform="translate(2.4 2.4) scale(.8)" d="M12 3h7a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-7v-2h7V5h-7zM9.6 7.4 11 6l6 6-6 6-1.4-1.4 3.6-3.6H3v-2h10.2z"/></svg>',
  )

/** What {@link renderDocument} needs besides the page content. */
export interface LayoutProps {
  /** The document `<title>`. */
  title: string
  theme: Theme | undefined
  children: ComponentChildren
  /** An inline script placed at the end of `<body>`, inserted as is (the page's CSP allows it by hash). */
  script?: string | undefined
}

/**
 * The page's CSS as raw HTML. Rendered as a text child, Preact would turn the
 * quotes of the CSS into `&quot;`, which a `<style>` element does not decode.
 * Raw insertion is safe because the CSS is built from constants and numbers
 * only (see theme.ts); the check below enforces that nothing can close the
 * element even if that ever changes.
 */
function stylesheet(theme: Theme | undefined): { __html: string } {
  const css = PAGE_CSS + themeCss(theme)
  if (css.includes("<")) throw new Error("Refusing to inline a stylesheet containing '<'")
  return { __html: css }
}

/**
 * A script as raw HTML, for the same reason as the stylesheet: a text child
 * would be entity-encoded, which `<script>` does not decode, and the hash in
 * the CSP is over the exact text.
 */
function inlineScript(script: string): { __html: string } {
  if (/<\/script|<!--/i.test(script)) throw new Error("Refusing to inline a script containing '</script' or '<!--'")
  return { __html: script }
}

/** The logo above the card content, when the theme has a logo with a safe URL. */
function ThemeLogo({ theme }: { theme: Theme | undefined }) {
  const src = safeImageUrl(theme?.logo)
  // Decorative: the page heading names the action, and the app name is not known here.
  return src ? <img class="lk-logo" src={src} alt="" referrerpolicy="no-referrer" /> : null
}

/** The page shell. */
export function Layout({ title, theme, children, script }: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="icon" type="image/svg+xml" href={FAVICON} />
        <style dangerouslySetInnerHTML={stylesheet(theme)} />
      </head>
      <body class={themeClassName(theme)}>
        <main class="lk-main">
          <div class="lk-card">
            <ThemeLogo theme={theme} />
            {children}
          </div>
        </main>
        {script !== undefined && <script dangerouslySetInnerHTML={inlineScript(script)} />}
      </body>
    </html>
  )
}

/** Renders a page inside the {@link Layout} to a complete HTML document string. */
export function renderDocument(props: LayoutProps): string {
  return `<!DOCTYPE html>${renderToString(<Layout {...props} />)}`
}
