/**
 * The stylesheet of the built-in pages, inlined into every page so that they
 * load nothing from anywhere (no fonts, no images, no scripts).
 *
 * Colors live in CSS custom properties, set per color scheme from the two
 * palettes below; {@link PAGE_CSS} only refers to the properties. Every
 * text/background pair of the palettes has a WCAG contrast of at least
 * 4.5:1 (borders of inputs at least 3:1), which the browser tests check.
 */

/** The colors of one color scheme. Values are CSS hex colors. */
export interface Palette {
  /** Page background, around the card. */
  page: string
  card: string
  border: string
  text: string
  /** Secondary text: paragraphs, the divider, reasons a provider is unavailable. */
  muted: string
  /** Placeholder text of inputs: lighter than `muted`, so it reads as an example, still 4.5:1 on `inputBg`. */
  placeholder: string
  inputBg: string
  inputBorder: string
  /** Background of primary buttons. */
  brand: string
  /** Text of primary buttons. */
  brandText: string
  link: string
  /** Focus ring. */
  focus: string
  /** Provider buttons without colors of their own. */
  secondaryBg: string
  secondaryHover: string
  secondaryBorder: string
  alertBg: string
  alertBorder: string
  alertText: string
}

/** The light scheme. */
export const LIGHT: Palette = {
  page: "#f3f4f6",
  card: "#ffffff",
  border: "#e3e6eb",
  text: "#111827",
  muted: "#4b5563",
  placeholder: "#687080",
  inputBg: "#ffffff",
  inputBorder: "#7b8494",
  brand: "#3451d1",
  brandText: "#ffffff",
  link: "#3451d1",
  focus: "#3451d1",
  secondaryBg: "#ffffff",
  secondaryHover: "#f3f4f6",
  secondaryBorder: "#c9ced6",
  alertBg: "#fdf0ef",
  alertBorder: "#f3c4bf",
  alertText: "#9b1c1c",
}

/** The dark scheme. */
export const DARK: Palette = {
  page: "#0c0e12",
  card: "#171a21",
  border: "#2a2f3a",
  text: "#eef0f3",
  muted: "#a6adbb",
  placeholder: "#7d8696",
  inputBg: "#13161c",
  inputBorder: "#6b7486",
  brand: "#4563db",
  brandText: "#ffffff",
  link: "#9db4ff",
  focus: "#9db4ff",
  secondaryBg: "#1f232c",
  secondaryHover: "#272c37",
  secondaryBorder: "#3a404c",
  alertBg: "#2a1517",
  alertBorder: "#5c2a2c",
  alertText: "#ffb4ab",
}

/** The body classes selecting a scheme; the names are Auth.js's, which apps may style. */
export const THEME_CLASS = {
  auto: "__next-auth-theme-auto",
  light: "__next-auth-theme-light",
  dark: "__next-auth-theme-dark",
} as const

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** `--lk-name:value;` declarations for the given palette entries. */
function declarations(palette: Partial<Palette>): string {
  return Object.entries(palette)
    .map(([name, value]) => `--lk-${kebab(name)}:${value};`)
    .join("")
}

/**
 * The rules that apply `light` and `dark` palette entries: forced schemes by
 * class, and `auto` by `prefers-color-scheme` (light unless the user prefers dark).
 */
export function schemeRules(light: Partial<Palette>, dark: Partial<Palette>): string {
  return (
    `.${THEME_CLASS.light},.${THEME_CLASS.auto}{${declarations(light)}color-scheme:light}` +
    `.${THEME_CLASS.dark}{${declarations(dark)}color-scheme:dark}` +
    `@media (prefers-color-scheme:dark){.${THEME_CLASS.auto}{${declarations(dark)}color-scheme:dark}}`
  )
}

const LAYOUT_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:2.5rem 1rem;
  background:var(--lk-page);color:var(--lk-text);
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue","Noto Sans","Liberation Sans","DejaVu Sans",Arial,sans-serif;
  font-size:1rem;line-height:1.5;-webkit-font-smoothing:antialiased}
.lk-main{width:100%;max-width:25rem}
.lk-card{background:var(--lk-card);border:1px solid var(--lk-border);border-radius:1rem;padding:2.5rem 2rem 2rem;
  box-shadow:0 1px 2px rgb(16 24 40 / .05),0 16px 40px -12px rgb(16 24 40 / .16)}
.lk-card>:last-child{margin-bottom:0}
.lk-logo{display:block;max-width:10rem;max-height:3.5rem;margin:0 auto 1.5rem;object-fit:contain}
h1{margin:0 0 1.75rem;font-size:1.5rem;line-height:1.25;font-weight:700;letter-spacing:-.015em;text-align:center}
p{margin:0 0 1.5rem;color:var(--lk-muted);text-align:center}
a{color:var(--lk-link);text-underline-offset:.2em}
.lk-alert{margin:0 0 1.5rem;padding:.75rem 1rem;border:1px solid var(--lk-alert-border);border-radius:.625rem;
  background:var(--lk-alert-bg);color:var(--lk-alert-text);font-size:.9375rem;line-height:1.45}
.lk-group,.lk-form{display:flex;flex-direction:column;gap:.75rem;margin:0}
.lk-field{display:flex;flex-direction:column;gap:.375rem}
.lk-check{flex-direction:row;align-items:center;gap:.5rem}
.lk-check input{width:1.125rem;height:1.125rem;margin:0;accent-color:var(--lk-brand)}
label{font-size:.875rem;font-weight:600;color:var(--lk-text)}
.lk-check label{font-weight:500}
.lk-input{display:block;width:100%;min-height:2.75rem;padding:.625rem .75rem;font:inherit;color:var(--lk-text);
  background:var(--lk-input-bg);border:1px solid var(--lk-input-border);border-radius:.5rem}
.lk-input::placeholder{color:var(--lk-placeholder);opacity:1}
.lk-button{display:flex;align-items:center;justify-content:center;gap:.625rem;width:100%;min-height:2.75rem;margin:0;
  padding:.625rem 1rem;font:inherit;font-weight:600;line-height:1.25;text-align:center;text-decoration:none;cursor:pointer;
  border:1px solid transparent;border-radius:.5rem;background-color:var(--lk-brand);color:var(--lk-brand-text)}
.lk-form .lk-button{margin-top:.25rem}
.lk-button:hover{background-image:linear-gradient(rgb(0 0 0 / .1),rgb(0 0 0 / .1))}
.lk-button-secondary{background-color:var(--lk-secondary-bg);color:var(--lk-text);border-color:var(--lk-secondary-border)}
.lk-button-secondary:hover{background-image:none;background-color:var(--lk-secondary-hover)}
.lk-button-styled:hover{background-image:linear-gradient(rgb(0 0 0 / .1),rgb(0 0 0 / .1))}
.lk-button img,.lk-button svg{width:1.25rem;height:1.25rem;flex:none;object-fit:contain}
.lk-button:disabled,.lk-button:disabled:hover{cursor:not-allowed;color:var(--lk-muted);border-style:dashed;background-image:none;background-color:var(--lk-secondary-bg)}
.lk-unavailable{gap:.375rem}
.lk-reason{margin:0;font-size:.8125rem;line-height:1.4;text-align:left}
.lk-divider{display:flex;align-items:center;gap:.75rem;margin:1.5rem 0;color:var(--lk-muted);font-size:.8125rem;
  text-transform:uppercase;letter-spacing:.06em}
.lk-divider::before,.lk-divider::after{content:"";flex:1;border-top:1px solid var(--lk-border)}
.lk-form .lk-divider{margin:.25rem 0}
.lk-method-fields{display:flex;flex-direction:column;gap:.75rem}
.lk-method-fields:empty{display:none}
.lk-actions{display:flex;flex-direction:column;gap:.75rem}
.lk-form+.lk-actions{margin-top:.75rem}
.lk-host{font-weight:600}
:focus-visible{outline:2px solid var(--lk-focus);outline-offset:2px}
.lk-input:focus-visible{outline-offset:0;border-color:var(--lk-focus)}
@media (prefers-reduced-motion:no-preference){.lk-button,.lk-input{transition:background-color .15s,border-color .15s}}
@media (max-width:30rem){body{padding:1rem .75rem;align-items:flex-start}.lk-card{padding:2rem 1.25rem 1.5rem}}
`

/** The whole default stylesheet: both palettes, then the layout. Contains no `<`. */
export const PAGE_CSS: string = schemeRules(LIGHT, DARK) + LAYOUT_CSS.replace(/\n\s*/g, "")
