/**
 * Why a configured OAuth/OIDC provider cannot start a sign-in, found from its
 * options alone: no client id, or no client secret where the token endpoint
 * authentication needs one (RFC 6749 §2.3.1; OpenID Connect Core §9). The
 * sign-in page shows such a provider as unavailable, with this reason,
 * instead of a button that ends on the error page.
 */
import { providerEnvName } from "./env-names.js"
import type { InternalProvider } from "./providers.js"

/** Token endpoint authentication methods that do not use `clientSecret`. */
const SECRETLESS_METHODS = new Set(["none", "private_key_jwt"])

const isSet = (value: unknown) => typeof value === "string" && value !== ""

/**
 * The environment variables (`AUTH_{ID}_ID`, `AUTH_{ID}_SECRET`) whose values
 * an oauth/oidc provider lacks; empty when it has what a sign-in needs, and
 * for every other provider type.
 */
export function missingClientCredentials(provider: InternalProvider): string[] {
  if (provider.type !== "oauth" && provider.type !== "oidc") return []
  const options = provider as { clientId?: unknown; clientSecret?: unknown; client?: { token_endpoint_auth_method?: unknown } }
  const method = options.client?.token_endpoint_auth_method
  const missing: string[] = []
  if (!isSet(options.clientId)) missing.push(providerEnvName(provider.id, "ID"))
  if (!isSet(options.clientSecret) && !(typeof method === "string" && SECRETLESS_METHODS.has(method))) {
    missing.push(providerEnvName(provider.id, "SECRET"))
  }
  return missing
}
