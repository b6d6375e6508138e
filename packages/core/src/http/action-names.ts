/** The action names (docs/architecture.md, "Actions") and which of them take a provider id. */
import type { AuthAction } from "../types.js"

const actions: ReadonlySet<string> = new Set<AuthAction>([
  "providers",
  "session",
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

/** Whether `action` names one of Latchkey's HTTP actions. */
export function isAuthAction(action: string): action is AuthAction {
  return actions.has(action)
}

/** Whether the action accepts a provider id as its second path segment. */
export function takesProviderId(action: AuthAction): boolean {
  return actionsWithProvider.has(action)
}
