/**
 * Sign in with Notion (public integrations, OAuth 2.0):
 * https://developers.notion.com/docs/authorization
 *
 * - Callback URL to register (the integration's "Redirect URIs"):
 *   `{origin}{basePath}/callback/notion`.
 * - Environment: `AUTH_NOTION_ID` (OAuth client id), `AUTH_NOTION_SECRET`.
 * - No scopes: Notion asks the user which pages to share; `owner=user`.
 * - Checks: PKCE and `state` (Notion ignores the PKCE parameters it does not
 *   use, and `@auth/core` sends them too).
 * - The profile is the person who installed the integration: the `owner.user`
 *   of the bot user that `GET /v1/users/me` answers (with `Notion-Version`).
 *
 * @module providers/notion
 */
import { OAuthCallbackError } from "../errors.js"
import { requestProviderJson, type UserinfoRequestContext, userinfoUrl } from "./lib/provider-api.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** A Notion person user (https://developers.notion.com/reference/user). */
export interface NotionProfile extends Record<string, any> {
  object: "user"
  id: string
  type: "person"
  name: string | null
  avatar_url: string | null
  /** Present with the "read user information including email addresses" capability. */
  person: { email?: string }
}

/** The Notion API version the provider speaks. */
export const NOTION_API_VERSION = "2022-06-28"
const USERINFO = "https://api.notion.com/v1/users/me"

/** The owner of the bot user `GET /v1/users/me` answers. */
async function requestNotionOwner(context: UserinfoRequestContext): Promise<NotionProfile> {
  const bot = (await requestProviderJson(context, userinfoUrl(context.provider, USERINFO), {
    headers: { "notion-version": NOTION_API_VERSION },
  })) as { bot?: { owner?: { type?: string; user?: NotionProfile } } } | null
  const user = bot?.bot?.owner?.user
  if (typeof user !== "object" || user === null) {
    throw new OAuthCallbackError(`Provider "${context.provider.id}": Notion's /v1/users/me names no owner user; install the integration with owner=user.`)
  }
  return user
}

/**
 * The Notion provider. Profile: `id`, `name`, `email` = `person.email`,
 * `image` = `avatar_url`.
 */
export default function Notion(options: OAuthUserConfig<NotionProfile> = {}): OAuthConfig<NotionProfile> {
  return {
    id: "notion",
    name: "Notion",
    type: "oauth",
    authorization: { url: "https://api.notion.com/v1/oauth/authorize", params: { owner: "user", scope: "" } },
    token: "https://api.notion.com/v1/oauth/token",
    userinfo: { url: USERINFO, request: requestNotionOwner },
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: profile.id, name: profile.name, email: profile.person?.email ?? null, image: profile.avatar_url }
    },
    style: { bg: "#000000", text: "#ffffff" },
    options,
  }
}
