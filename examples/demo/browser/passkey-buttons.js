// The home page's "Add a passkey" button, with @latchkey/client/webauthn:
// registers a passkey for the signed-in user, then reloads the page so the
// new passkey shows in the list. Bundled by ../browser-bundle.js.
import { __NEXTAUTH } from "@latchkey/client"
import { registerPasskey } from "@latchkey/client/webauthn"

// The demo serves Latchkey under /auth, not next-auth's /api/auth.
__NEXTAUTH.basePath = "/auth"

const button = document.getElementById("add-passkey")
const status = document.getElementById("passkey-status")

button?.addEventListener("click", async () => {
  status.textContent = "Waiting for your authenticator…"
  try {
    const result = await registerPasskey({ provider: "passkey" })
    if (result.error) {
      status.textContent = "The passkey could not be saved. Please try again."
      return
    }
    location.reload()
  } catch (error) {
    status.textContent = error?.name === "NotAllowedError" ? "Cancelled." : "This browser could not create a passkey here."
  }
})
