// The stylesheet and favicon of the provider's own pages, served from the
// provider's origin so the pages load nothing from elsewhere and the Content
// Security Policy can stay at `'self'`.

/** Path of the stylesheet. */
export const STYLESHEET_PATH = "/local-oidc/style.css"

/** Path of the favicon (an SVG; `/favicon.ico` answers with it too). */
export const FAVICON_PATH = "/favicon.svg"

// Colours chosen for at least 4.5:1 text contrast (WCAG 2.2, 1.4.3) in both
// schemes, and a 3px focus ring in a colour that stands out against both the
// card and the buttons (WCAG 2.2, 2.4.7 and 2.4.13).
/** The pages' CSS: light by default, dark under `prefers-color-scheme: dark`. */
export const STYLESHEET = `
:root {
  color-scheme: light dark;
  --page: #f3f4f6; --card: #ffffff; --text: #111827; --muted: #4b5563; --border: #6b7280;
  --primary: #1d4ed8; --primary-text: #ffffff; --secondary: #ffffff; --secondary-text: #111827;
  --focus: #b45309;
}
@media (prefers-color-scheme: dark) {
  :root {
    --page: #0b0f17; --card: #161b26; --text: #f3f4f6; --muted: #c0c6d0; --border: #8b93a1;
    --primary: #93c5fd; --primary-text: #0b1220; --secondary: #161b26; --secondary-text: #f3f4f6;
    --focus: #fbbf24;
  }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--page); color: var(--text);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: min(26rem, calc(100vw - 2rem)); margin: 2rem 0; padding: 1.75rem; background: var(--card);
  border: 1px solid var(--border); border-radius: 0.75rem; }
h1 { font-size: 1.35rem; margin: 0 0 0.5rem; }
p { margin: 0 0 1rem; color: var(--muted); }
p strong { color: var(--text); }
.badge { display: inline-block; margin-bottom: 1rem; padding: 0.1rem 0.5rem; border: 1px solid var(--border);
  border-radius: 999px; font-size: 0.8rem; color: var(--muted); }
ul { margin: 0 0 1.25rem; padding-left: 1.25rem; }
form { margin: 0 0 0.75rem; }
button { width: 100%; padding: 0.7rem 1rem; border-radius: 0.5rem; border: 1px solid var(--border); cursor: pointer;
  font: inherit; text-align: left; background: var(--secondary); color: var(--secondary-text); }
button.primary { background: var(--primary); color: var(--primary-text); border-color: var(--primary); font-weight: 600; }
button .email { display: block; font-size: 0.85rem; font-weight: 400; }
button.cancel { text-align: center; }
button:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.divider { border: 0; border-top: 1px solid var(--border); margin: 1.25rem 0; }
`

/** A key in a rounded square, in the primary colour. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1d4ed8"/><circle cx="12" cy="16" r="5" fill="none" stroke="#fff" stroke-width="3"/><path d="M17 16h10m-3 0v4m-4-4v3" stroke="#fff" stroke-width="3" fill="none"/></svg>`
