// The home page. Signed out: what the demo offers and how to try each
// method. Signed in: the session, every way this user can sign in (password,
// email, passkeys, linked accounts) with a way to add another, the active
// sessions (Latchkey's GET /auth/sessions) with "sign out this device" and
// "sign out everywhere else", and sign-out.
import { escapeHtml, renderPage } from "./layout.js"

const providerNames = {
  "local-oidc": "Local OIDC",
  github: "GitHub",
  google: "Google",
  twitter: "X",
  nodemailer: "Email",
  credentials: "Password",
  passkey: "Passkey",
}

/** A POST form to Auth's sign-in route for `providerId` (links an account when signed in). */
const signInButton = (providerId, label, csrfToken) =>
  `<form class="inline" method="post" action="/auth/signin/${escapeHtml(providerId)}"><input type="hidden" name="csrfToken" value="${escapeHtml(csrfToken)}"><input type="hidden" name="callbackUrl" value="/"><button type="submit">${escapeHtml(label)}</button></form>`

function hostedNotes(hosted, csrfToken, origin) {
  return hosted
    .map((provider) =>
      provider.configured
        ? `<li>${signInButton(provider.id, `Continue with ${provider.name}`, csrfToken)}</li>`
        : `<li><strong>${escapeHtml(provider.name)}</strong>: <span class="muted">not set up. Register an app at <a href="${escapeHtml(provider.console)}">${escapeHtml(provider.name)}</a> with the callback URL <code>${escapeHtml(origin)}/auth/callback/${escapeHtml(provider.id)}</code>, then start with <code>${provider.env.map((name) => `${name}=…`).join(" ")} npm start</code>.</span></li>`,
    )
    .join("")
}

function signedOutBody({ hosted, localOidc, csrfToken, origin }) {
  return `<p>You are not signed in. Every method below works offline, with no account anywhere.</p>
<section class="card"><h2>Try a method</h2><ul class="plain">
<li><a class="button" href="/auth/signin?callbackUrl=%2F">Sign in</a> with <code>demo@latchkey.dev</code> / <code>latchkey-demo</code>, an email link or code, or a passkey (autofill).</li>
<li><a href="/signup">Create an account</a> with an email address and a password.</li>
<li>Email sign-in sends a real message to the demo's own SMTP server: read it in the <a href="/mailbox">mailbox</a>.</li>
<li>${localOidc ? `${signInButton("local-oidc", "Continue with Local OIDC", csrfToken)} <span class="muted">an identity provider running on ${escapeHtml(localOidc.issuer)}</span>` : `<span class="muted">Local OIDC is not running.</span>`}</li>
</ul></section>
<section class="card"><h2>Hosted providers</h2><ul class="plain">${hostedNotes(hosted, csrfToken, origin)}</ul></section>`
}

function methodsList({ user, hasPassword, emailVerified, accounts, passkeys }) {
  const items = []
  items.push(`<li>Password: ${hasPassword ? "set" : `<span class="muted">none</span>`}</li>`)
  // Latchkey refuses an email sign-in to a user whose address was never proved (a passkey-only
  // user, say): listed only when it works, with how to prove it otherwise.
  items.push(
    emailVerified
      ? `<li>Email link or code to <strong>${escapeHtml(user.email)}</strong></li>`
      : `<li>Email link or code: <span class="muted">not yet, <strong>${escapeHtml(user.email)}</strong> is not confirmed. While signed in, ask for an email link on the sign-in page and open it.</span></li>`,
  )
  for (const account of accounts) {
    if (account.type === "email" || account.type === "credentials" || account.type === "webauthn") continue
    items.push(`<li>${escapeHtml(providerNames[account.provider] ?? account.provider)} account <code>${escapeHtml(account.providerAccountId)}</code></li>`)
  }
  for (const passkey of passkeys) {
    items.push(`<li>Passkey <code>${escapeHtml(passkey.credentialID.slice(0, 16))}…</code> (${passkey.backedUp ? "synced" : "this device only"})</li>`)
  }
  return `<ul class="plain" id="methods">${items.join("")}</ul>`
}

function linkMore({ hasPassword, accounts, hosted, localOidc, csrfToken, passwordErrors }) {
  const linked = new Set(accounts.map((account) => account.provider))
  const parts = []
  parts.push(`<p><button type="button" id="add-passkey">Add a passkey</button> <span id="passkey-status" role="status" class="muted"></span></p>`)
  if (localOidc && !linked.has("local-oidc")) parts.push(`<p>${signInButton("local-oidc", "Link Local OIDC", csrfToken)}</p>`)
  for (const provider of hosted)
    if (provider.configured && !linked.has(provider.id)) parts.push(`<p>${signInButton(provider.id, `Link ${provider.name}`, csrfToken)}</p>`)
  if (!hasPassword) {
    const errors = passwordErrors.map((error) => `<div class="alert" role="alert">${escapeHtml(error)}</div>`).join("")
    parts.push(`<form method="post" action="/account/password">${errors}<label for="new-password">Add a password</label>
<p class="muted" id="password-rules">At least 10 characters (at most 128); not your email address or a commonly used password.</p>
<input id="new-password" name="password" type="password" autocomplete="new-password" aria-describedby="password-rules" required>
<p><button type="submit">Save password</button></p></form>`)
  }
  return parts.join("")
}

/** A form that ends sessions through Latchkey's POST /auth/sessions/revoke (via the demo's /account/sessions/revoke). */
const revokeForm = (csrfToken, field, value, label) =>
  `<form class="inline" method="post" action="/account/sessions/revoke"><input type="hidden" name="csrfToken" value="${escapeHtml(csrfToken)}"><input type="hidden" name="${field}" value="${escapeHtml(value)}"><button type="submit">${escapeHtml(label)}</button></form>`

const shortTime = (iso) => (iso ? escapeHtml(iso.replace("T", " ").slice(0, 16)) : "unknown")

function sessionsList({ sessions, csrfToken }) {
  const items = sessions.map(
    (entry) =>
      `<li data-session-id="${escapeHtml(entry.id)}">${escapeHtml(entry.userAgent ?? "unknown device")} · ${escapeHtml(providerNames[entry.provider] ?? entry.provider ?? "unknown method")} · signed in ${shortTime(entry.createdAt)} · last seen ${shortTime(entry.lastSeenAt)}${
        entry.current ? " <strong>(this browser)</strong>" : ` ${revokeForm(csrfToken, "id", entry.id, "Sign out this device")}`
      }</li>`,
  )
  const others = sessions.some((entry) => !entry.current) ? `<p>${revokeForm(csrfToken, "others", "true", "Sign out everywhere else")}</p>` : ""
  return `<p class="muted">From Latchkey's <code>GET /auth/sessions</code>: each session has an opaque id, never its cookie.</p><ul class="plain" id="sessions">${items.join("")}</ul>${others}`
}

function signedInBody(view) {
  const { session, csrfToken } = view
  return `<p>Signed in as <strong>${escapeHtml(session.user.name || session.user.email)}</strong> (${escapeHtml(session.user.email)}).</p>
<section class="card"><h2>Session</h2><pre>${escapeHtml(JSON.stringify(session, null, 2))}</pre></section>
<section class="card"><h2>Ways to sign in</h2>${methodsList(view)}<h2>Link another method</h2>${linkMore(view)}</section>
<section class="card"><h2>Active sessions</h2>${sessionsList(view)}</section>
<form method="post" action="/auth/signout"><input type="hidden" name="csrfToken" value="${escapeHtml(csrfToken)}"><input type="hidden" name="callbackUrl" value="/"><button type="submit">Sign out</button></form>`
}

/** The home page's HTML for `view` (`session` null when signed out). */
export function renderHome(view) {
  const head = view.session ? `<script type="module" src="/assets/passkey-buttons.js"></script>` : ""
  return renderPage({ title: "Latchkey demo", head, body: view.session ? signedInBody(view) : signedOutBody(view) })
}
