/**
 * The script of the built-in sign-in page for WebAuthn providers
 * (docs/providers/passkey.md, "The built-in sign-in page"): it runs in the
 * browser, next to `@simplewebauthn/browser`'s UMD bundle, which defines
 * the global `SimpleWebAuthnBrowser`. The script is the same text for every
 * request of a configuration, so the page's CSP allows it by its SHA-256
 * hash; everything that varies per request (URLs, CSRF token) is read from
 * the form it drives.
 */
import { DEFAULT_SIGN_IN_ERROR_MESSAGE, SIGN_IN_ERROR_MESSAGES } from "./signin.js"

/** Messages the script shows in the page (role=alert), keyed by error value or situation. */
const PASSKEY_MESSAGES: Readonly<Record<string, string>> = Object.freeze({
  ...SIGN_IN_ERROR_MESSAGES,
  WebAuthnVerificationError: "We couldn't verify your passkey. Please try again.",
  "unknown-credential": "This passkey is no longer registered here. Choose another passkey, or create a new one.",
  AccountNotLinked: "This email address already belongs to an account. Sign in the way you did before, then add a passkey.",
  "options-failed": "We couldn't start a passkey for this address. If you already have one, use “Sign in with a passkey”.",
  "sign-up-refused": "We couldn't create an account with this passkey. If you already have an account, sign in, then add a passkey.",
  "needs-email": "Enter your email address to create a passkey.",
  cancelled: "The passkey request was cancelled or timed out. Please try again.",
  "already-registered": "This device already has a passkey for this site: use “Sign in with a passkey”.",
  unsupported: "This browser can't use passkeys here. Please choose another way to sign in.",
  default: DEFAULT_SIGN_IN_ERROR_MESSAGE,
})

// Plain ES2020 for the browser. Each form marked data-webauthn-provider gets:
// the "Sign in with a passkey" button (a discoverable-credential sign-in), its
// submit ("Create a passkey" for the address typed, on a form marked
// data-webauthn-sign-up; elsewhere Enter in the field signs in), and, on the form of
// the provider with `enableConditionalUI` (at most one, config/assert.ts),
// autofill (conditional mediation) on its `webauthn` autocomplete field.
// In the shared email form (data-sign-in-methods, pages/email-first.tsx) only
// the button marked data-passkey-register creates a passkey (it is there, and
// the form marked data-webauthn-sign-up, only with sign-up); the other submit
// buttons post as the browser would, each carrying only its own method's
// fields (the [data-method-fields] group of another method is left out).
const PAGE_LOGIC = `
const lib = window.SimpleWebAuthnBrowser;
const say = (form, key) => {
  form.querySelector(".lk-passkey-alert")?.remove();
  if (!key) return;
  const alert = document.createElement("div");
  alert.className = "lk-alert lk-passkey-alert";
  alert.setAttribute("role", "alert");
  alert.textContent = Object.hasOwn(MESSAGES, key) ? MESSAGES[key] : MESSAGES.default;
  form.prepend(alert);
};
const browserErrorKey = (error) => {
  if (error && error.name === "AbortError") return null;
  if (error && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "already-registered";
  if (error && error.name === "NotAllowedError") return "cancelled";
  return "default";
};
const signalUnknown = async (rpId, credentialId) => {
  const signal = window.PublicKeyCredential && PublicKeyCredential.signalUnknownCredential;
  if (typeof signal !== "function") return;
  try { await signal.call(PublicKeyCredential, { rpId, credentialId }); } catch {}
};
const setUp = (form, autofill) => {
  const provider = form.dataset.webauthnProvider;
  const optionsUrl = form.dataset.webauthnOptions;
  const callbackUrl = form.dataset.webauthnCallback || form.action;
  const shared = form.hasAttribute("data-sign-in-methods");
  const base = callbackUrl.slice(0, callbackUrl.length - ("/callback/" + encodeURIComponent(provider)).length);
  const emailInput = form.querySelector('input[autocomplete~="webauthn"]') || form.querySelector('input[name="email"]');
  const signUp = form.hasAttribute("data-webauthn-sign-up");
  let leaving = false;
  const buttons = Array.from(form.querySelectorAll("button"));
  const busy = (on) => { for (const b of buttons) b.disabled = on; form.setAttribute("aria-busy", String(on)); };
  const ceremony = async (query, conditional) => {
    const options = await fetch(optionsUrl + "?" + new URLSearchParams(query), { headers: { accept: "application/json" } });
    const answer = await options.json().catch(() => ({}));
    if (!options.ok || !answer.options) return say(form, "options-failed");
    let data;
    try {
      data = answer.action === "register"
        ? await lib.startRegistration({ optionsJSON: answer.options })
        : await lib.startAuthentication({ optionsJSON: answer.options, useBrowserAutofill: conditional });
    } catch (error) {
      // Autofill the user never picked (no passkey, dismissed) is no error to show.
      const key = conditional ? null : browserErrorKey(error);
      return key && say(form, key);
    }
    if (!conditional) busy(true);
    const posted = await fetch(callbackUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
      body: new URLSearchParams({
        action: answer.action,
        data: JSON.stringify(data),
        csrfToken: form.elements.csrfToken.value,
        callbackUrl: form.elements.callbackUrl.value,
      }),
    });
    const target = new URL((await posted.json()).url, location.href);
    const error = target.searchParams.get("error");
    const ownPage = target.origin === location.origin && (target.pathname === new URL(base + "/error").pathname || target.pathname === new URL(base + "/signin").pathname);
    if (error && ownPage) {
      busy(false);
      if (target.searchParams.get("code") === "unknown-credential" && answer.action === "authenticate") {
        await signalUnknown(answer.options.rpId || location.hostname, data.id);
        return say(form, "unknown-credential");
      }
      if (answer.action === "register" && error === "WebAuthnVerificationError") {
        // The server kept nothing: the passkey just made must not linger in the password manager.
        await signalUnknown((answer.options.rp && answer.options.rp.id) || location.hostname, data.id);
        return say(form, "sign-up-refused");
      }
      return say(form, error);
    }
    leaving = true;
    location.assign(target.href);
  };
  const run = async (query, conditional) => {
    if (!conditional) { say(form, null); busy(true); }
    try { await ceremony(query, conditional); }
    catch { say(form, "default"); }
    finally { if (!conditional) busy(false); }
  };
  form.querySelector("[data-passkey-sign-in]")?.addEventListener("click", () => {
    if (!lib.browserSupportsWebAuthn()) return say(form, "unsupported");
    run({ action: "authenticate" }, false).then(startAutofill);
  });
  let chosen = null;
  form.addEventListener("submit", (event) => {
    if (shared && !(event.submitter && event.submitter.hasAttribute("data-passkey-register"))) {
      chosen = event.submitter && event.submitter.dataset.method;
      return;
    }
    event.preventDefault();
    if (!lib.browserSupportsWebAuthn()) return say(form, "unsupported");
    if (!signUp) return run({ action: "authenticate" }, false).then(startAutofill);
    const email = emailInput ? emailInput.value.trim() : "";
    if (!email) return say(form, "needs-email");
    run({ action: "register", email }, false).then(startAutofill);
  });
  // What the browser is about to post: another method's fields stay on the page.
  form.addEventListener("formdata", (event) => {
    for (const group of form.querySelectorAll("[data-method-fields]")) {
      if (group.dataset.methodFields === chosen) continue;
      for (const input of group.querySelectorAll("[name]")) event.formData.delete(input.name);
    }
  });
  // A ceremony started by a button aborts the pending autofill one; start it again afterwards.
  const startAutofill = async () => {
    if (leaving || !autofill || !emailInput || !(await lib.browserSupportsWebAuthnAutofill())) return;
    run({ action: "authenticate" }, true);
  };
  startAutofill();
};
let autofillTaken = false;
for (const form of document.querySelectorAll("form[data-webauthn-provider][data-webauthn-options]")) {
  const autofill = !autofillTaken && form.hasAttribute("data-webauthn-autofill") && Boolean(form.querySelector('input[autocomplete~="webauthn"]'));
  autofillTaken = autofillTaken || autofill;
  setUp(form, autofill);
}
`

/** `<` escaped in JSON, so no text of the messages can end the script element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c")
}

/**
 * The complete inline script: the `@simplewebauthn/browser` UMD bundle
 * (`library`, built into core) and the page logic. Throws when the
 * library text could end or comment out the `<script>` element.
 */
export function passkeyPageScript(library: string): string {
  if (/<\/script|<!--/i.test(library)) throw new Error("Refusing to inline a @simplewebauthn/browser bundle containing '</script' or '<!--'")
  return `${library}\n;(() => {\n"use strict";\nconst MESSAGES = ${scriptJson(PASSKEY_MESSAGES)};\n${PAGE_LOGIC}})();\n`
}
