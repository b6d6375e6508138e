/**
 * What the client remembers for the life of one page: the endpoint
 * configuration, the providers list and CSRF token (fetched once), the
 * session request in flight (shared by concurrent callers), the last known
 * session and who listens to it.
 *
 * It is kept on `globalThis` under a registered symbol so that a page that
 * ends up with two copies of this package (two bundles, or the "." and
 * "./webauthn" entries resolved twice) still has one cache and one session.
 * Outside a browser (server-side rendering) only the configuration is shared:
 * every call gets empty caches, so one user's token or session never reaches
 * another request.
 */
import type { AuthClientConfig, ClientSafeProvider, Session } from "./types.js"

/** Called with the new session each time the known session changes. */
export type SessionListener = (session: Session | null) => void

/** The per-page state (see the module comment). */
export interface PageState {
  readonly config: AuthClientConfig
  providers: Promise<Record<string, ClientSafeProvider> | null> | undefined
  csrfToken: Promise<string> | undefined
  sessionRequest: Promise<SessionFetch> | undefined
  /** `undefined` until the session is first known. */
  session: Session | null | undefined
  /** `Date.now()` when the session was last learned (fetched or received from another tab). */
  lastSync: number
  /** Counts session requests and other news of the session, so an answer older than what is known is not taken. */
  sequence: number
  /** The {@link PageState.sequence} of the session known now. */
  knownSequence: number
  readonly listeners: Set<SessionListener>
  channel: BroadcastChannel | undefined
}

/** A session request's outcome: `ok: false` when the server could not be asked or answered an error. */
export type SessionFetch = { ok: true; session: Session | null; sequence: number } | { ok: false }

const STATE_KEY = Symbol.for("@latchkey/client/page-state")
const CONFIG_KEY = Symbol.for("@latchkey/client/config")

type Holder = { [STATE_KEY]?: PageState; [CONFIG_KEY]?: AuthClientConfig }

/** Whether this code runs in a page (as opposed to server-side rendering). */
export const inBrowser = (): boolean => typeof window !== "undefined" && typeof document !== "undefined"

/** The endpoint configuration; the same object on the server and in the browser. */
export function clientConfig(): AuthClientConfig {
  const holder = globalThis as Holder
  holder[CONFIG_KEY] ??= {
    baseUrl: "",
    basePath: "/api/auth",
    baseUrlServer: "http://localhost:3000",
    basePathServer: "/api/auth",
  }
  return holder[CONFIG_KEY]
}

function emptyState(): PageState {
  return {
    config: clientConfig(),
    providers: undefined,
    csrfToken: undefined,
    sessionRequest: undefined,
    session: undefined,
    lastSync: 0,
    sequence: 0,
    knownSequence: 0,
    listeners: new Set(),
    channel: undefined,
  }
}

/** This page's state; a fresh one per call outside a browser. */
export function pageState(): PageState {
  if (!inBrowser()) return emptyState()
  const holder = globalThis as Holder
  holder[STATE_KEY] ??= emptyState()
  return holder[STATE_KEY]
}

/** `baseUrl + basePath` in a browser, `baseUrlServer + basePathServer` without a window; no trailing slash. */
export function apiBaseUrl(): string {
  const config = clientConfig()
  const url = inBrowser() ? `${config.baseUrl}${config.basePath}` : `${config.baseUrlServer}${config.basePathServer}`
  return url.replace(/\/+$/, "")
}
