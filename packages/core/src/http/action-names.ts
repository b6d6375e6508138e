/** The action names (docs/architecture.md, "Actions") and which of them take a provider id. */
import type { AuthAction } from "../types.js"

const actions: ReadonlySet<string> = new Set<AuthAction>([
  "providers",
  "session",
  "sessions",
  "csrf",
  "signin",
  "signout",
  "callback",
  "verify-request",
  "error",
  "webauthn-options",
  "backchannel-logout",
  "signout-return",
])

const actionsWithProvider: ReadonlySet<string> = new Set<AuthAction>(["signin", "callback", "webauthn-options", "backchannel-logout"])

// Actions with fixed second segments (not provider ids): `POST {basePath}/sessions/revoke`.
const subroutes: ReadonlyMap<string, ReadonlySet<string>> = new Map([["sessions", new Set(["revoke"])]])

/** Whether `segment` is one of the fixed second path segments of `action`. */
export function isSubroute(action: AuthAction, segment: string): boolean {
  return subroutes.get(action)?.has(segment) === true
}

/** Whether `action` names one of Latchkey's HTTP actions. */
export function isAuthAction(action: string): action is AuthAction {
  return actions.has(action)
}

/** Whether the action accepts a provider id as its second path segment. */
export function takesProviderId(action: AuthAction): boolean {
  return actionsWithProvider.has(action)
}
