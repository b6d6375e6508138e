// The home page's "Add a passkey" button: registers a passkey for the
// signed-in user over Latchkey's WebAuthn routes with @simplewebauthn/browser
// (loaded before this script as the global SimpleWebAuthnBrowser).
const button = document.getElementById("add-passkey")
const status = document.getElementById("passkey-status")

async function addPasskey() {
  status.textContent = "Waiting for your authenticator…"
  const answer = await fetch("/auth/webauthn-options/passkey?action=register")
  if (!answer.ok) throw new Error("The server refused to start a passkey registration.")
  const { action, options } = await answer.json()
  const data = await SimpleWebAuthnBrowser.startRegistration({ optionsJSON: options })
  const csrf = await (await fetch("/auth/csrf")).json()
  const result = await fetch("/auth/callback/passkey", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams({ action, data: JSON.stringify(data), csrfToken: csrf.csrfToken, callbackUrl: location.origin + "/" }),
  })
  const { url } = await result.json()
  if (new URL(url, location.href).searchParams.has("error")) throw new Error("The passkey could not be saved.")
  location.href = "/"
}

button?.addEventListener("click", () => {
  addPasskey().catch((error) => {
    status.textContent = error?.name === "NotAllowedError" ? "Cancelled." : String(error?.message ?? error)
  })
})
