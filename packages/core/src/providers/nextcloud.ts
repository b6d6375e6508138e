/**
 * Sign in with Nextcloud (OAuth 2.0), on the server you name:
 * https://docs.nextcloud.com/server/latest/admin_manual/configuration_server/oauth2.html
 *
 * - `issuer` (required): the server's URL, e.g. `https://cloud.example.com`
 *   (with its path when Nextcloud is not at the root). Without it the
 *   configuration is refused (`InvalidEndpoints`).
 * - Callback URL to register (Administration settings → Security → OAuth 2.0
 *   clients, "Redirection URI"): `{origin}{basePath}/callback/nextcloud`.
 * - Environment: `AUTH_NEXTCLOUD_ID`, `AUTH_NEXTCLOUD_SECRET`, and
 *   `AUTH_NEXTCLOUD_ISSUER` when the factory is passed uncalled.
 * - Scopes: none (Nextcloud's OAuth 2.0 app has none): an empty `scope`
 *   is sent so that no OpenID default is added.
 * - Checks: `state` only. Nextcloud's OAuth 2.0 app does not implement PKCE
 *   (nextcloud/server#12881), so a code challenge would protect nothing;
 *   add `checks: ["pkce", "state"]` on a server that supports it.
 * - Profile: the token response names the user (`user_id`); their record is
 *   read from the provisioning API, `GET /ocs/v2.php/cloud/users/{user_id}`
 *   with `OCS-APIRequest: true`. An OCS answer whose `meta.status` is not
 *   `ok` is an error even when the HTTP status is 200.
 * - Nextcloud does not say whether the address was verified, so it never
 *   counts as verified (docs/account-linking.md).
 *
 * @module providers/nextcloud
 */
import { OAuthCallbackError } from "../errors.js"
import { instanceBase, instanceEndpoints } from "./lib/instance-url.js"
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** A user of the provisioning API (https://docs.nextcloud.com/server/latest/admin_manual/configuration_user/instruction_set_for_users.html). */
export interface NextcloudProfile extends Record<string, any> {
  id: string
  email: string | null
  displayname: string
  phone?: string
  address?: string
  website?: string
  twitter?: string
  fediverse?: string
  organisation?: string
  role?: string
  headline?: string
  biography?: string
  groups?: string[]
  language?: string
  locale?: string
  enabled?: boolean
  storageLocation?: string
  lastLogin?: number
  backend?: string
  quota?: Record<string, unknown>
}

/** The OCS envelope every provisioning API answer comes in. */
interface OcsAnswer {
  ocs?: { meta?: { status?: string; statuscode?: number; message?: string }; data?: unknown }
}

/**
 * The user record inside an OCS answer. Throws {@link OAuthCallbackError}
 * when `meta.status` is not `ok` (OCS v1 reports errors with HTTP 200) or
 * there is no user object.
 */
export function nextcloudUser(answer: unknown): NextcloudProfile {
  const ocs = (answer as OcsAnswer | null)?.ocs
  if (ocs?.meta?.status !== "ok") {
    const code = ocs?.meta?.statuscode
    const detail = ocs?.meta?.message ? `: ${String(ocs.meta.message).slice(0, 200)}` : ""
    throw new OAuthCallbackError(`Provider "nextcloud": the provisioning API refused the user request (OCS status ${code ?? "missing"}${detail}).`)
  }
  const data = ocs.data
  if (data === null || typeof data !== "object" || Array.isArray(data) || typeof (data as { id?: unknown }).id !== "string") {
    throw new OAuthCallbackError(`Provider "nextcloud": the provisioning API answered no user.`)
  }
  return data as NextcloudProfile
}

/** `GET {users}/{user_id}` with the OCS header; the user id comes from the token response. */
async function requestNextcloudUser(context: UserinfoRequestContext): Promise<NextcloudProfile> {
  const userId = context.tokens.user_id
  if (typeof userId !== "string" || !userId) {
    throw new OAuthCallbackError(`Provider "nextcloud": the token response has no user_id to read the user with.`)
  }
  const users = userinfoUrl(context.provider, "").replace(/\/+$/, "")
  const answer = await requestProviderJson(context, `${users}/${encodeURIComponent(userId)}`, { headers: { "ocs-apirequest": "true" } })
  return nextcloudUser(answer)
}

/** Options of the Nextcloud provider beyond the common OAuth ones. */
export interface NextcloudOptions extends OAuthUserConfig<NextcloudProfile> {
  /** The Nextcloud server, with its path when not at the root, e.g. `https://cloud.example.com`. Required: without it the configuration is refused (`InvalidEndpoints`). Also read from `AUTH_NEXTCLOUD_ISSUER` when the factory is passed uncalled. */
  issuer?: string
}

/**
 * The Nextcloud provider for the server at `issuer`. Profile: `id`, `name` =
 * `displayname`, `email` (null when unset), `image` = the server's avatar URL.
 */
export default function Nextcloud(options: NextcloudOptions = {}): OAuthConfig<NextcloudProfile> {
  const base = instanceBase("Nextcloud", "issuer", options.issuer)
  return {
    id: "nextcloud",
    name: "Nextcloud",
    type: "oauth",
    ...instanceEndpoints(base, {
      authorization: "/apps/oauth2/authorize",
      scope: "",
      token: "/apps/oauth2/api/v1/token",
      userinfo: "/ocs/v2.php/cloud/users",
      userinfoRequest: requestNextcloudUser,
    }),
    checks: ["state"],
    profile(profile) {
      return {
        id: profile.id,
        name: profile.displayname || profile.id,
        email: profile.email || null,
        image: base ? `${base}/avatar/${encodeURIComponent(profile.id)}/512` : null,
      }
    },
    // The provisioning API has no verified flag for the address.
    isEmailVerified: false,
    // Nextcloud's blue (#0082c9) darkened: white text on it is under 4.5:1.
    style: { bg: "#0073b3", text: "#ffffff" },
    options,
  }
}
