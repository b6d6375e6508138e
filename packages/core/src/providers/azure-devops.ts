/**
 * Sign in with an Azure DevOps OAuth app (OAuth 2.0 with JWT-bearer
 * grants): https://learn.microsoft.com/en-us/azure/devops/integrate/get-started/authentication/azure-devops-oauth
 *
 * Microsoft has stopped registering new Azure DevOps OAuth apps and is
 * retiring them; a new application should sign in with Microsoft Entra ID
 * (`providers/microsoft-entra-id`) and ask for the Azure DevOps scope
 * (`499b84ac-1321-427f-aa17-267ca6975798/.default`). This provider serves
 * the apps already registered.
 *
 * - Callback URL to register (the app's "Authorization callback URL"):
 *   `{origin}{basePath}/callback/azure-devops`.
 * - Environment: `AUTH_AZURE_DEVOPS_ID` (the app id), `AUTH_AZURE_DEVOPS_SECRET`
 *   (the app's client secret, a JWT).
 * - Scopes: `vso.profile` (or the `scope` option); the authorization request
 *   asks for `response_type=Assertion`.
 * - The token request is not RFC 6749's: `grant_type` is
 *   `urn:ietf:params:oauth:grant-type:jwt-bearer` with the code as
 *   `assertion`, and the client secret goes as `client_assertion` (RFC 7523
 *   names), sent by its `token.request`. The answer's `token_type`
 *   `jwt-bearer` (the access token is used as a Bearer token) is read as
 *   `bearer` (`token.conform`).
 * - Checks: `state` only. Azure DevOps documents no PKCE for this grant,
 *   so no verifier is sent.
 * - Profile from `GET /_apis/profile/profiles/me`; `image` is null (the
 *   avatar comes only as base64 bytes, which `@auth/core` puts into the
 *   session as a `data:` URI).
 * - `isEmailVerified: false`: the profile says nothing about whether
 *   `emailAddress` is verified (docs/account-linking.md).
 *
 * @module providers/azure-devops
 */
import { tokenUrl } from "./lib/provider-api.js"
import { userFrom } from "./lib/standard-profile.js"
import { jsonObjectOf, jsonResponse } from "./lib/token-response.js"
import type { OAuthConfig, OAuthUserConfig, TokenRequest } from "./oauth.js"

/** `GET https://app.vssps.visualstudio.com/_apis/profile/profiles/me` (https://learn.microsoft.com/en-us/rest/api/azure/devops/profile/profiles/get). */
export interface AzureDevOpsProfile extends Record<string, any> {
  id: string
  displayName: string
  publicAlias?: string
  emailAddress: string
  timeStamp?: string
  revision?: number
  coreRevision?: number
  /** With `coreAttributes=Avatar`: the avatar image, base64. */
  coreAttributes?: { Avatar?: { value?: { value?: string; contentType?: string } } }
}

/** Options of the Azure DevOps provider beyond the common OAuth ones. */
export interface AzureDevOpsOptions extends OAuthUserConfig<AzureDevOpsProfile> {
  /** The scopes to ask for, space-separated; default `vso.profile`. */
  scope?: string
}

const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer"
const JWT_BEARER_CLIENT = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

const TOKEN_URL = "https://app.vssps.visualstudio.com/oauth2/token"

/** Azure DevOps's code exchange: a JWT-bearer grant with the code as `assertion` and the secret as `client_assertion`. */
export const azureDevOpsTokenRequest: TokenRequest = ({ params, provider, fetch }) => {
  const body = new URLSearchParams({
    grant_type: JWT_BEARER_GRANT,
    assertion: params.code,
    redirect_uri: params.redirect_uri,
    client_assertion_type: JWT_BEARER_CLIENT,
    client_assertion: provider.clientSecret ?? "",
  })
  const headers = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" }
  return fetch(tokenUrl(provider, TOKEN_URL), { method: "POST", headers, body, redirect: "manual" })
}

/**
 * Reads Azure DevOps's `token_type: "jwt-bearer"` as `bearer`, or returns
 * `undefined` when the response needs no change.
 */
export async function conformAzureDevOpsTokenResponse(response: Response): Promise<Response | undefined> {
  const body = await jsonObjectOf(response)
  return body?.token_type === "jwt-bearer" ? jsonResponse(response, { ...body, token_type: "bearer" }) : undefined
}

/**
 * The Azure DevOps provider. Profile: `id`, `name` = `displayName`, `email`
 * = `emailAddress`, `image` = null.
 */
export default function AzureDevOps(options: AzureDevOpsOptions = {}): OAuthConfig<AzureDevOpsProfile> {
  return {
    id: "azure-devops",
    name: "Azure DevOps",
    type: "oauth",
    authorization: {
      url: "https://app.vssps.visualstudio.com/oauth2/authorize",
      params: { response_type: "Assertion", scope: options.scope ?? "vso.profile" },
    },
    token: { url: TOKEN_URL, request: azureDevOpsTokenRequest, conform: conformAzureDevOpsTokenResponse },
    userinfo: "https://app.vssps.visualstudio.com/_apis/profile/profiles/me?details=true&api-version=6.0",
    checks: ["state"],
    profile(profile) {
      return userFrom({ id: profile.id, name: profile.displayName, email: profile.emailAddress, image: null })
    },
    isEmailVerified: false,
    style: { bg: "#0078d4", text: "#ffffff" },
    options,
  }
}
