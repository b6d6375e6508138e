/**
 * `@latchkey/hono/react`: `@hono/auth-js/react`'s exports. The session
 * functions and hooks are `@latchkey/client/react`'s (the `next-auth/react`
 * API); `authConfigManager` and `useOauthPopupLogin` are `@hono/auth-js`'s
 * additions.
 *
 * @packageDocumentation
 */
export * from "@latchkey/client/react"
export { type AuthClientSettings, authConfigManager } from "./auth-config-manager.js"
export { type OauthPopupOptions, type OauthPopupState, useOauthPopupLogin } from "./oauth-popup.js"
