/** @jsxImportSource react */
/**
 * The React test page (bundled once with React 18, once with React 19):
 * a `SessionProvider` around a component that shows `useSession()` and
 * counts its renders. The query string sets the provider's props
 * (`cooldown`, `interval`, `focus=off`, `seed=null`, `offline=skip`) and `useSession`'s options
 * (`required`, `onUnauthenticated`). `window.latchkey` exposes the client,
 * `update` and the render count.
 */

import * as client from "@latchkey/client/react"
import * as webauthn from "@latchkey/client/webauthn"
import { version } from "react"
import { createRoot } from "react-dom/client"

const query = new URLSearchParams(window.location.search)
const exposed = {
  client,
  webauthn,
  reactVersion: version,
  renders: 0,
  /** The status of each render, in order. */
  statuses: [] as string[],
  update: undefined as undefined | ((data?: unknown) => Promise<unknown>),
}
;(window as unknown as { latchkey: typeof exposed }).latchkey = exposed

// Stable across renders, as a page would write it: a new function each render would re-run the effect.
const onUnauthenticated = query.has("onUnauthenticated")
  ? () => {
      document.getElementById("unauthenticated")!.textContent = "onUnauthenticated called"
    }
  : undefined

function Status() {
  const { data, status, update } = client.useSession(query.has("required") ? { required: true, onUnauthenticated } : undefined)
  exposed.renders += 1
  exposed.statuses.push(status)
  exposed.update = update
  return (
    <main>
      <p id="status">{status}</p>
      <p id="user">{data?.user?.name ?? ""}</p>
      <pre id="session">{JSON.stringify(data)}</pre>
    </main>
  )
}

const cooldown = query.get("cooldown")
const interval = query.get("interval")
createRoot(document.getElementById("root")!).render(
  <client.SessionProvider
    // `?seed=null`: as if the server rendered the page signed out.
    {...(query.get("seed") === "null" ? { session: null } : {})}
    refetchOnWindowFocus={query.get("focus") !== "off"}
    {...(cooldown === null ? {} : { refetchOnWindowFocusCooldown: Number(cooldown) })}
    {...(interval === null ? {} : { refetchInterval: Number(interval) })}
    {...(query.get("offline") === "skip" ? { refetchWhenOffline: false as const } : {})}
  >
    <Status />
    <p id="unauthenticated"></p>
  </client.SessionProvider>,
)
