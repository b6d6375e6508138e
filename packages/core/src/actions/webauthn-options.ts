/**
 * `GET /webauthn-options/{provider}`: the options of a passkey ceremony
 * (docs/providers/passkey.md). Loaded on first use with the passkey flow
 * and `@simplewebauthn/server` (actions/lazy-actions.ts).
 */
import type { RequestContext } from "../context.js"
import { InvalidProvider } from "../errors.js"
import { webauthnOptions } from "../flows/webauthn/options.js"
import type { ResponseInternal } from "../types.js"

/** Handles `GET /webauthn-options/{provider}`; a provider that is not WebAuthn is InvalidProvider, as in `@auth/core`. */
export async function webauthnOptionsAction(ctx: RequestContext): Promise<ResponseInternal> {
  const provider = ctx.requireProvider()
  if (provider.type !== "webauthn") throw new InvalidProvider(`Provider "${provider.id}" is not a WebAuthn provider.`)
  return webauthnOptions(ctx, provider)
}
