// The sign-up page: the password rules shown before typing, and after a
// refused attempt every problem in words, with the typed email and name kept.
import { PASSWORD_RULES } from "../passwords.js"
import { escapeHtml, renderPage } from "./layout.js"

/** The sign-up form; `values` are the fields typed before (never the password), `problems` what was wrong. */
export function renderSignUp({ csrfToken, values = {}, problems = [] }) {
  const alerts = problems.map((problem) => `<div class="alert" role="alert">${escapeHtml(problem)}</div>`).join("")
  return renderPage({
    title: "Create an account",
    body: `<form method="post" action="/signup">${alerts}
<input type="hidden" name="csrfToken" value="${escapeHtml(csrfToken)}">
<label for="name">Name <span class="muted">(optional)</span></label>
<input id="name" name="name" autocomplete="name" placeholder="Ada Lovelace" value="${escapeHtml(values.name ?? "")}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" placeholder="ada@example.com" required value="${escapeHtml(values.email ?? "")}">
<label for="password">Password</label>
<p class="muted" id="password-rules">The password must be ${PASSWORD_RULES.map(escapeHtml).join("; ")}.</p>
<input id="password" name="password" type="password" autocomplete="new-password" aria-describedby="password-rules" required>
<p><button type="submit">Create account</button></p>
</form><p>Already have an account? <a href="/auth/signin?callbackUrl=%2F">Sign in</a>.</p>`,
  })
}
