// The provider's pages (login, consent, error), rendered on the server with
// Preact, which escapes every text and attribute it renders.
import { h } from "preact"
import { renderToString } from "preact-render-to-string"
import { FAVICON_PATH, STYLESHEET_PATH } from "./assets.js"
import { DEMO_USERS } from "./users.js"

/** What each scope lets the client read, as the consent page says it. */
const SCOPE_DESCRIPTIONS = {
  openid: "Who you are here (a stable user id)",
  profile: "Your name",
  email: "Your email address, which this provider has verified",
}

/** A whole HTML document with the shared head. */
function documentOf(title, ...content) {
  const page = h(
    "html",
    { lang: "en" },
    h(
      "head",
      null,
      h("meta", { charset: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("meta", { name: "color-scheme", content: "light dark" }),
      h("title", null, `${title} · Local OIDC`),
      h("link", { rel: "icon", href: FAVICON_PATH, type: "image/svg+xml" }),
      h("link", { rel: "stylesheet", href: STYLESHEET_PATH }),
    ),
    h("body", null, h("main", null, h("span", { class: "badge" }, "Local OIDC · demo identity provider"), ...content)),
  )
  return `<!DOCTYPE html>${renderToString(page)}`
}

/** A button in its own POST form, so each choice is one click (or Enter). */
function actionButton(action, className, ...label) {
  return h("form", { method: "post", action }, h("button", { type: "submit", class: className }, ...label))
}

/** The cancel button: ends the sign-in with `access_denied` at the client. */
function cancelButton(uid) {
  return [h("hr", { class: "divider" }), actionButton(`/interaction/${encodeURIComponent(uid)}/abort`, "cancel", "Cancel and go back")]
}

/**
 * The login page: one button per demo user (no password: this provider only
 * exists for the demo) and a cancel button.
 */
export function loginPage({ uid, clientName }) {
  const loginAction = `/interaction/${encodeURIComponent(uid)}/login`
  return documentOf(
    "Sign in",
    h("h1", null, "Sign in"),
    h("p", null, h("strong", null, clientName), " asks you to sign in. Pick a demo user: no password needed."),
    ...DEMO_USERS.map((user) =>
      h(
        "form",
        { method: "post", action: loginAction },
        h("input", { type: "hidden", name: "user", value: user.sub }),
        h("button", { type: "submit", class: "primary" }, `Continue as ${user.name}`, h("span", { class: "email" }, user.email)),
      ),
    ),
    ...cancelButton(uid),
  )
}

/** The consent page: what the client will read, a Continue and a Cancel button. */
export function consentPage({ uid, clientName, userName, scopes }) {
  const listed = scopes.filter((scope) => scope in SCOPE_DESCRIPTIONS)
  return documentOf(
    "Allow access",
    h("h1", null, "Allow access"),
    h("p", null, "Signed in as ", h("strong", null, userName), ". ", h("strong", null, clientName), " will be able to read:"),
    h("ul", null, ...listed.map((scope) => h("li", null, SCOPE_DESCRIPTIONS[scope]))),
    actionButton(`/interaction/${encodeURIComponent(uid)}/confirm`, "primary", "Continue"),
    ...cancelButton(uid),
  )
}

/** An error page: a title and one sentence, never a stack trace. */
export function errorPage({ title, message }) {
  return documentOf(title, h("h1", null, title), h("p", null, message))
}
