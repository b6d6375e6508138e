// The sign-up pages: the form (the password rules shown before typing, and
// after a refused attempt every problem in words, with the typed email and
// name kept), the "check your email" answer, and the confirmation link's pages.
import { PASSWORD_RULES } from "../passwords.js"
import { SIGN_UP_LINK_MINUTES } from "../sign-up.js"
import { escapeHtml, renderPage } from "./layout.js"

const SIGN_IN = "/auth/signin?callbackUrl=%2F"

/** The sign-up form; `values` are the fields typed before (never the password), `problems` what was wrong. */
export function renderSignUp({ values = {}, problems = [] } = {}) {
  const alerts = problems.map((problem) => `<div class="alert" role="alert">${escapeHtml(problem)}</div>`).join("")
  return renderPage({
    title: "Create an account",
    body: `<form method="post" action="/signup">${alerts}
<label for="name">Name <span class="muted">(optional)</span></label>
<input id="name" name="name" autocomplete="name" placeholder="Ada Lovelace" value="${escapeHtml(values.name ?? "")}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" placeholder="ada@example.com" required value="${escapeHtml(values.email ?? "")}">
<label for="password">Password</label>
<p class="muted" id="password-rules">The password must be ${PASSWORD_RULES.map(escapeHtml).join("; ")}.</p>
<input id="password" name="password" type="password" autocomplete="new-password" aria-describedby="password-rules" required>
<p class="muted">We send a link to this address; the account is created when you open it.</p>
<p><button type="submit">Create account</button></p>
</form><p>Already have an account? <a href="${SIGN_IN}">Sign in</a>.</p>`,
  })
}

/** The answer to every accepted form, whether or not the address has an account: the same words for both. */
export function renderSignUpSent({ email }) {
  return renderPage({
    title: "Check your email",
    body: `<p role="status">A message is on its way to <strong>${escapeHtml(email)}</strong>. Open the link in it to finish creating your account: it works once, within ${SIGN_UP_LINK_MINUTES} minutes.</p>
<p class="muted">In this demo, the message is in the <a href="/mailbox">mailbox</a>.</p>`,
  })
}

/** The link's landing page: one button, so a mail scanner that follows links creates nothing. */
export function renderConfirmSignUp({ token, email }) {
  return renderPage({
    title: "Confirm your new account",
    body: `<form method="post" action="/signup/confirm"><input type="hidden" name="token" value="${escapeHtml(token)}">
<p>Create the account for <strong>${escapeHtml(email)}</strong> with the password you chose?</p>
<p><button type="submit">Create my account</button></p></form>`,
  })
}

/** What using the link did: `outcome` is "created", "exists" or "invalid" (confirmSignUp in sign-up.js). */
export function renderSignUpOutcome({ outcome, email }) {
  if (outcome === "created") {
    return renderPage({
      title: "Your account is ready",
      body: `<p role="status">The account for <strong>${escapeHtml(email)}</strong> is created. Sign in with its email and password, or with an email link.</p>
<p><a class="button" href="${SIGN_IN}">Sign in</a></p>`,
    })
  }
  if (outcome === "exists") {
    return renderPage({
      title: "You already have an account",
      body: `<p role="status"><strong>${escapeHtml(email)}</strong> got an account in the meantime, so no second one was made.</p>
<p><a class="button" href="${SIGN_IN}">Sign in</a></p>`,
    })
  }
  return renderPage({
    title: "This link does not work",
    body: `<p role="alert" class="alert">The link is unknown, used already, or expired: each works once, within ${SIGN_UP_LINK_MINUTES} minutes.</p>
<p><a href="/signup">Sign up again</a> or <a href="${SIGN_IN}">sign in</a>.</p>`,
  })
}
