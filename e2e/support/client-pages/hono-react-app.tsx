/** @jsxImportSource react */
/**
 * The `@latchkey/hono/react` test page: `authConfigManager` points the
 * client at `/hono-auth`, a `SessionProvider` shows `useSession()`, and
 * two buttons sign in with credentials and through `useOauthPopupLogin`.
 */

import { authConfigManager, SessionProvider, signIn, useOauthPopupLogin, useSession } from "@latchkey/hono/react"
import { createRoot } from "react-dom/client"

authConfigManager.setConfig({ basePath: "/hono-auth" })

function Status() {
  const { data, status } = useSession()
  const popup = useOauthPopupLogin("popup-idp", {
    callbackUrl: "/popup-done",
    onSuccess: () => {
      document.getElementById("popup-success")!.textContent = "onSuccess called"
    },
  })
  return (
    <main>
      <p id="status">{status}</p>
      <p id="email">{data?.user?.email ?? ""}</p>
      <p id="popup">{popup.status}</p>
      <p id="popup-success"></p>
      <button type="button" id="signin" onClick={() => void signIn("credentials", { username: "alice", password: "wonderland", redirect: false })}>
        Sign in
      </button>
      <button type="button" id="popup-signin" onClick={() => void popup.popUpSignin()}>
        Sign in in a popup
      </button>
    </main>
  )
}

createRoot(document.getElementById("root")!).render(
  <SessionProvider>
    <Status />
  </SessionProvider>,
)
