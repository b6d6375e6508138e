/**
 * `@latchkey/hono/react`: `@hono/auth-js/react`'s exports. The session
 * functions and hooks are `@latchkey/client/react`'s (the `next-auth/react`
 * API); `authConfigManager` and `useOauthPopupLogin` are `@hono/auth-js`'s
 * additions.
 *
 * @packageDocumentation
 */
export * from "@latchkey/client/react"
export { authConfigManager, type AuthClientSettings } from "./auth-config-manager.js"
export { useOauthPopupLogin, type OauthPopupOptions, type OauthPopupState } from "./oauth-popup.js"
