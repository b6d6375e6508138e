/**
 * The test page of e2e/client-parity.test.ts, bundled twice by
 * client-bundle.ts: once with `client-under-test` = `next-auth/react`, once
 * with `client-under-test` = `@latchkey/client/react`. The page is the same
 * code either way, so any difference the test sees comes from the client.
 *
 * It exposes `window.harness`:
 * - `exports`: every runtime export of the client with its kind;
 * - `client`: the module itself, so the test calls `signIn` etc. directly;
 * - `mount(props, hookOptions)`: renders `<SessionProvider {...props}>` around
 *   a component that calls `useSession(hookOptions)`;
 * - `log`: what that component saw (each render's status, the distinct status
 *   sequence), `update` from `useSession`, and every message that arrived on
 *   the `next-auth` BroadcastChannel (the cross-tab channel of both clients).
 */
import * as client from "client-under-test"
import { createElement as h, useContext } from "react"
import { createRoot } from "react-dom/client"

/** "component" for a function named like a component, "context" for a React context, else `typeof`. */
function kindOf(value) {
  if (typeof value === "function") return /^[A-Z]/.test(value.name) ? "component" : "function"
  if (value && typeof value === "object" && value.$$typeof === Symbol.for("react.context")) return "context"
  return value === null ? "null" : typeof value
}

const log = {
  /** One entry per render of the `useSession` component, with what `SessionContext` held then. */
  renders: [],
  /** The status sequence without repeats, e.g. ["loading", "unauthenticated"]. */
  statuses: [],
  /** Calls of the `onUnauthenticated` callback given to `useSession`. */
  onUnauthenticatedCalls: 0,
  /** Messages received on BroadcastChannel("next-auth"), from other tabs or from this tab's client. */
  channel: [],
}

// A channel object of the page's own: it receives what the client posts (and
// what other tabs post), as BroadcastChannel delivers to every other object.
new BroadcastChannel("next-auth").addEventListener("message", (event) => log.channel.push(event.data))

function SessionView({ hookOptions }) {
  const options = hookOptions?.required
    ? { ...hookOptions, onUnauthenticated: hookOptions.callOnUnauthenticated ? () => log.onUnauthenticatedCalls++ : undefined }
    : hookOptions
  const { data, status, update } = client.useSession(options)
  // What a component reading the exported context directly sees (some apps do).
  const context = useContext(client.SessionContext)
  log.renders.push({ status, email: data?.user?.email ?? null, contextStatus: context?.status, contextEmail: context?.data?.user?.email ?? null })
  if (log.statuses.at(-1) !== status) log.statuses.push(status)
  window.harness.update = update
  return h("p", { id: "status", "data-status": status }, status === "authenticated" ? data.user.email : status)
}

const root = createRoot(document.getElementById("root"))

window.harness = {
  exports: Object.keys(client)
    .sort()
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the page lists every export of the bundled package, which is what it checks.
    .map((name) => [name, kindOf(client[name])]),
  client,
  log,
  update: undefined,
  mount(props = {}, hookOptions = undefined) {
    root.render(h(client.SessionProvider, props, h(SessionView, { hookOptions })))
  },
}
