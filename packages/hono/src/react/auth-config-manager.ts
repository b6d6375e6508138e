/**
 * `authConfigManager`: `@hono/auth-js/react`'s way of pointing the browser
 * client at the server, over `@latchkey/client`'s endpoint configuration
 * (`__NEXTAUTH`), so `signIn`, `signOut`, `getSession` and
 * `SessionProvider` follow it.
 */
import { __NEXTAUTH } from "@latchkey/client/react"

/** What {@link authConfigManager} holds. */
export interface AuthClientSettings {
  /** Origin of the auth server (`""`: the page's own). */
  baseUrl: string
  /** Path the routes are mounted at, e.g. `/api/auth`. */
  basePath: string
  /**
   * Kept for `@hono/auth-js` code that sets it; the client sends its
   * requests with the fetch default (`same-origin`), so a cross-origin auth
   * server needs a proxy on the page's origin.
   */
  credentials: RequestCredentials
}

/** `basePath` given as a full URL (`https://api.example/api/auth`) split into origin and path, as `@hono/auth-js` accepts it. */
function normalized(settings: Partial<AuthClientSettings>): Partial<AuthClientSettings> {
  const { basePath } = settings
  if (!basePath || !/^https?:\/\//i.test(basePath)) return settings
  const url = new URL(basePath)
  return { ...settings, baseUrl: url.origin, basePath: url.pathname.replace(/\/$/, "") }
}

/** The `credentials` last set (the client's endpoint fields live in `__NEXTAUTH`). */
interface Holder {
  credentials: RequestCredentials
}

function createManager(holder: Holder) {
  return {
    /**
     * Sets where the client sends its requests; unset fields keep their
     * value. A `basePath` that is a full URL also sets `baseUrl`. Call it
     * before rendering `SessionProvider`.
     */
    setConfig(settings: Partial<AuthClientSettings>): void {
      const next = normalized(settings)
      if (next.baseUrl !== undefined) {
        __NEXTAUTH.baseUrl = next.baseUrl
        // Server-side rendering needs an absolute origin; keep the default one for a relative baseUrl.
        if (next.baseUrl) __NEXTAUTH.baseUrlServer = next.baseUrl
      }
      if (next.basePath !== undefined) {
        __NEXTAUTH.basePath = next.basePath
        __NEXTAUTH.basePathServer = next.basePath
      }
      if (next.credentials !== undefined) holder.credentials = next.credentials
    },
    /** The current settings. */
    getConfig(): AuthClientSettings {
      return { baseUrl: __NEXTAUTH.baseUrl, basePath: __NEXTAUTH.basePath, credentials: holder.credentials }
    },
    /**
     * Kept for `@hono/auth-js` compatibility: its `SessionProvider` calls it.
     * The client keeps its own session state, so there is nothing to reset.
     */
    initializeConfig(_hasInitialSession: boolean): void {},
  }
}

/** The client's endpoint settings, `@hono/auth-js/react`'s `authConfigManager`. */
export const authConfigManager: ReturnType<typeof createManager> = /* @__PURE__ */ createManager({ credentials: "same-origin" })
