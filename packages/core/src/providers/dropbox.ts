/**
 * Sign in with Dropbox (OAuth 2.0): https://developers.dropbox.com/oauth-guide
 *
 * - Callback URL to register ("Redirect URIs"):
 *   `{origin}{basePath}/callback/dropbox`.
 * - Environment: `AUTH_DROPBOX_ID` (the app key), `AUTH_DROPBOX_SECRET` (the app secret).
 * - Scopes: `account_info.read`; `token_access_type=offline`, so a refresh
 *   token is stored on the account.
 * - Checks: PKCE and `state`.
 * - The profile endpoint is an RPC call: `POST /2/users/get_current_account`
 *   without a body (the `userinfo.request` hook sends it).
 *
 * @module providers/dropbox
 */
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** `users/get_current_account` (https://www.dropbox.com/developers/documentation/http/documentation#users-get_current_account). */
export interface DropboxProfile extends Record<string, any> {
  account_id: string
  name: { given_name: string; surname: string; familiar_name: string; display_name: string; abbreviated_name: string }
  email: string
  email_verified: boolean
  disabled: boolean
  locale: string
  referral_link: string
  is_paired: boolean
  account_type: { ".tag": "basic" | "pro" | "business" }
  root_info: { ".tag": string; root_namespace_id: string; home_namespace_id: string }
  profile_photo_url?: string
  country?: string
  team_member_id?: string
}

const USERINFO = "https://api.dropboxapi.com/2/users/get_current_account"

/**
 * The Dropbox provider. Profile: `id` = `account_id`, `name` =
 * `name.display_name`, `email`, `image` = `profile_photo_url`.
 */
export default function Dropbox(options: OAuthUserConfig<DropboxProfile> = {}): OAuthConfig<DropboxProfile> {
  return {
    id: "dropbox",
    name: "Dropbox",
    type: "oauth",
    authorization: {
      url: "https://www.dropbox.com/oauth2/authorize",
      params: { token_access_type: "offline", scope: "account_info.read" },
    },
    token: "https://api.dropboxapi.com/oauth2/token",
    userinfo: {
      url: USERINFO,
      request: (context: UserinfoRequestContext) => requestProviderJson(context, userinfoUrl(context.provider, USERINFO), { method: "POST" }),
    },
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: profile.account_id, name: profile.name?.display_name, email: profile.email, image: profile.profile_photo_url ?? null }
    },
    style: { bg: "#0061fe", text: "#ffffff" },
    options,
  }
}
