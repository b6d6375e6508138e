/** `GET /providers`: the client-safe list of providers, keyed by id (docs/architecture.md, "Actions"). */
import { publicProvider } from "../config/providers.js"
import type { RequestContext } from "../context.js"
import type { PublicProvider, ResponseInternal } from "../types.js"

/** Handles `GET /providers`. */
export function providers(ctx: RequestContext): ResponseInternal<Record<string, PublicProvider>> {
  const body: Record<string, PublicProvider> = {}
  for (const provider of ctx.config.providers) {
    body[provider.id] = publicProvider(provider, ctx.origin, ctx.basePath)
  }
  return { headers: { "Content-Type": "application/json" }, body, cookies: ctx.responseCookies }
}
