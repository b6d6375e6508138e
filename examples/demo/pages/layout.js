// The frame of the demo's own pages: the same light/dark scheme as the
// built-in pages (prefers-color-scheme), a favicon, and HTML escaping for
// everything that came from a user or the database.

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (text) => String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c])

/** The demo's icon: a key in a rounded square, readable on light and dark tabs. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b57d0"/><circle cx="12" cy="16" r="5" fill="none" stroke="#fff" stroke-width="3"/><path d="M17 16h10v4M23 16v3" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>`

// Every text/background pair is at least 4.5:1 (WCAG 2.2 SC 1.4.3) in both schemes.
const STYLES = `
:root{color-scheme:light dark;--bg:#ffffff;--card:#f4f6f8;--text:#1a1a1a;--muted:#4a5360;--link:#0b57d0;--button:#0b57d0;--button-text:#ffffff;--border:#6b7280;--alert:#8a1c1c;--alert-bg:#fdecec;--focus:#0b57d0}
@media (prefers-color-scheme: dark){:root{--bg:#121417;--card:#1d2127;--text:#ececec;--muted:#b4bcc8;--link:#8ab4f8;--button:#8ab4f8;--button-text:#0b0d10;--border:#9aa3af;--alert:#ffb4ab;--alert-bg:#3b1715;--focus:#8ab4f8}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:46rem;margin:0 auto;padding:2rem 1rem 4rem}
a{color:var(--link)}
h1{font-size:1.6rem;margin:0 0 1rem}h2{font-size:1.15rem;margin:2rem 0 .5rem}section.card>h2:first-child{margin-top:0}
nav{display:flex;gap:1rem;flex-wrap:wrap;margin-bottom:1.5rem}
section.card{background:var(--card);border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}
.muted{color:var(--muted)}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}
pre{white-space:pre-wrap;word-break:break-all;background:var(--bg);padding:.75rem;border-radius:.5rem;border:1px solid var(--border)}
button,.button{display:inline-block;font:inherit;font-weight:600;background:var(--button);color:var(--button-text);border:0;border-radius:.5rem;padding:.5rem 1rem;cursor:pointer;text-decoration:none}
button.secondary{background:transparent;color:var(--link);border:1px solid var(--border)}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{font:inherit;width:100%;max-width:24rem;padding:.5rem .6rem;border:1px solid var(--border);border-radius:.4rem;background:var(--bg);color:var(--text)}
input::placeholder{color:var(--muted);opacity:1}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.alert{background:var(--alert-bg);color:var(--alert);border-radius:.5rem;padding:.5rem .75rem;margin:.75rem 0}
ul.plain{list-style:none;padding:0}ul.plain li{margin:.4rem 0}
form.inline{display:inline}
`

/** A whole page: `title`, `body` (trusted HTML), and optional `head` additions. */
export function renderPage({ title, body, head = "" }) {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Latchkey demo</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLES}</style>${head}</head>
<body><main><nav aria-label="Demo"><a href="/">Home</a><a href="/auth/signin?callbackUrl=%2F">Sign in</a><a href="/signup">Sign up</a><a href="/mailbox">Mailbox</a><a href="/react">React page</a></nav>
<h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}

/** An HTML response, with extra headers (e.g. Set-Cookie lines) appended. */
export function htmlResponse(html, { status = 200, headers = [] } = {}) {
  const all = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" })
  for (const [name, value] of headers) all.append(name, value)
  return new Response(html, { status, headers: all })
}
