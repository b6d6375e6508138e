/**
 * The actions most requests never need, loaded on first use: sign-in,
 * callback and passkey options, and with them oauth4webapi, oauth-1.0a and
 * the flows. Importing `@latchkey/core` and answering a JWT `GET /session`
 * loads none of them (docs/architecture.md, "The request flow").
 *
 * Apart from the pages' loader (lazy.ts), which the callback action itself
 * uses: a module that loads the callback action cannot be one it imports.
 * Each `import()` promise is kept in a slot of the prepared configuration
 * (config/per-config.ts), not in module state; the runtime's module cache
 * makes a second configuration's load cheap.
 */
import type { ConfigSlot } from "../config/per-config.js"
import { type PreparedConfig, perConfig } from "../config/prepare.js"

type Loaded<T> = ConfigSlot<Promise<T>, PreparedConfig>

const SIGN_IN_ACTION: Loaded<typeof import("./signin.js")> = { name: "signin action", create: () => import("./signin.js") }
const CALLBACK_ACTION: Loaded<typeof import("./callback.js")> = { name: "callback action", create: () => import("./callback.js") }
const WEBAUTHN_OPTIONS_ACTION: Loaded<typeof import("./webauthn-options.js")> = {
  name: "webauthn-options action",
  create: () => import("./webauthn-options.js"),
}

const BACKCHANNEL_LOGOUT_ACTION: Loaded<typeof import("./backchannel-logout.js")> = {
  name: "backchannel-logout action",
  create: () => import("./backchannel-logout.js"),
}

/** `actions/backchannel-logout.ts`, with jose's JWKS and the OAuth metadata it needs. */
export function backchannelLogoutAction(config: PreparedConfig): Promise<typeof import("./backchannel-logout.js")> {
  return perConfig(config, BACKCHANNEL_LOGOUT_ACTION)
}

const SESSIONS_ACTIONS: Loaded<typeof import("./sessions.js")> = { name: "sessions actions", create: () => import("./sessions.js") }

/** `actions/sessions.ts`: `GET /sessions` and `POST /sessions/revoke`, with the listing code. */
export function sessionsActions(config: PreparedConfig): Promise<typeof import("./sessions.js")> {
  return perConfig(config, SESSIONS_ACTIONS)
}

const FEDERATED_SIGN_OUT: Loaded<typeof import("./federated-signout.js")> = {
  name: "federated sign-out",
  create: () => import("./federated-signout.js"),
}

/** `actions/federated-signout.ts`: RP-initiated logout and its return route, with the OAuth metadata. */
export function federatedSignOut(config: PreparedConfig): Promise<typeof import("./federated-signout.js")> {
  return perConfig(config, FEDERATED_SIGN_OUT)
}

/** The handler of `GET /signout-return`. */
export async function signOutReturnAction(config: PreparedConfig): Promise<{ signOutReturn: typeof import("./federated-signout.js")["signOutReturn"] }> {
  return federatedSignOut(config)
}

/** `actions/signin.ts`, with the OAuth flows it starts. */
export function signInAction(config: PreparedConfig): Promise<typeof import("./signin.js")> {
  return perConfig(config, SIGN_IN_ACTION)
}

/** `actions/callback.ts`, with every flow it completes. */
export function callbackAction(config: PreparedConfig): Promise<typeof import("./callback.js")> {
  return perConfig(config, CALLBACK_ACTION)
}

/** `actions/webauthn-options.ts`, with the passkey flow. */
export function webauthnOptionsAction(config: PreparedConfig): Promise<typeof import("./webauthn-options.js")> {
  return perConfig(config, WEBAUTHN_OPTIONS_ACTION)
}
