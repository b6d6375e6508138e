/**
 * What the plugin keeps on the Fastify instance it is registered on (a
 * symbol-keyed decoration, invisible to the app's own names): the
 * prepared configuration and the origin option, for {@link getSession}.
 */

import type { AuthConfig } from "@latchkey/core"
import { resolvePublicOrigin } from "@latchkey/core/integration"
import type { FastifyInstance, FastifyRequest } from "fastify"

/** The decoration's key. */
export const STATE = Symbol.for("latchkey.fastify.state")

/** The plugin's state for one registration. */
export interface LatchkeyState {
  /** The configuration core runs with: the options with Fastify's keys removed and the environment's defaults filled in; prepared once. */
  readonly config: Omit<AuthConfig, "raw">
  /** The `origin` option, if any. */
  readonly origin: string | undefined
}

/** The error thrown when the plugin is not registered where a helper runs. */
export class LatchkeyNotRegistered extends Error {
  override name = "LatchkeyNotRegistered"
}

/** The state of the plugin registered on `request`'s instance (or an ancestor of it). */
export function stateOf(request: FastifyRequest, helper: string): LatchkeyState {
  const state = (request.server as FastifyInstance & { [STATE]?: LatchkeyState })[STATE]
  if (!state) {
    throw new LatchkeyNotRegistered(
      `${helper} found no Latchkey configuration: register the plugin on this instance or a parent first, e.g. await app.register(latchkey, { prefix: "/auth", providers }).`,
    )
  }
  return state
}

/**
 * The request's public origin by Latchkey's rule: the `origin` option, then
 * `AUTH_URL` (recorded on the configuration, else `NEXTAUTH_URL` in
 * `process.env`), then the host and scheme Fastify reports (which follow
 * its `trustProxy` setting) only with `trustHost`. Otherwise
 * `http(s)://localhost` stands in, and core answers per its `UntrustedHost`
 * rule: a refused `X-Forwarded-Host` never falls back to the proxy's `Host`.
 */
export function originOf(request: FastifyRequest, state: LatchkeyState): string {
  // setEnvDefaults already read AUTH_URL (a valid one is recorded on the configuration); only NEXTAUTH_URL is left.
  const env = process.env.AUTH_URL ? undefined : process.env
  const scheme = request.protocol
  const origin = resolvePublicOrigin({ origin: state.origin, config: state.config, env, host: request.host, scheme })
  return origin ?? `${scheme === "https" ? "https" : "http"}://localhost`
}
