// The demo's React page: @latchkey/client/react's SessionProvider and
// useSession, the way a next-auth/react page uses them. Bundled by
// ../browser-bundle.js when the demo starts.

import { SessionProvider, signIn, signOut, useSession } from "@latchkey/client/react"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"

function SessionPanel() {
  const { data: session, status, update } = useSession()
  if (status === "loading") return <p role="status">Loading the session…</p>
  if (status === "unauthenticated") {
    return (
      <>
        <p role="status">
          useSession says: <strong>unauthenticated</strong>.
        </p>
        <p>
          <button type="button" onClick={() => signIn(undefined, { callbackUrl: "/react" })}>
            Sign in
          </button>
        </p>
      </>
    )
  }
  return (
    <>
      <p role="status">
        useSession says: <strong>authenticated</strong> as <strong id="react-user">{session.user?.name || session.user?.email}</strong>.
      </p>
      <pre>{JSON.stringify(session, null, 2)}</pre>
      <p>
        <button type="button" onClick={() => update()}>
          Refresh the session
        </button>{" "}
        <button type="button" className="secondary" onClick={() => signOut({ callbackUrl: "/react" })}>
          Sign out
        </button>
      </p>
    </>
  )
}

createRoot(document.getElementById("react-root")).render(
  <StrictMode>
    {/* The demo serves Latchkey under /auth, not next-auth's /api/auth. */}
    <SessionProvider basePath="/auth">
      <SessionPanel />
    </SessionProvider>
  </StrictMode>,
)
