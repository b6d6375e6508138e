/**
 * Sign in with Amazon Cognito user pools (OpenID Connect):
 * https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-userpools-server-contract-reference.html
 *
 * - Callback URL to register (an "Allowed callback URL" of the app client):
 *   `{origin}{basePath}/callback/cognito`.
 * - Environment: `AUTH_COGNITO_ID`, `AUTH_COGNITO_SECRET`, `AUTH_COGNITO_ISSUER`.
 * - `issuer`: `https://cognito-idp.{region}.amazonaws.com/{user pool id}`.
 * - Scopes `openid profile email` (enable them on the app client); checks
 *   PKCE, `state` and `nonce`.
 *
 * @module providers/cognito
 */
import { standardProfile } from "./lib/standard-profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** Cognito's ID token claims (https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-the-id-token.html). */
export interface CognitoProfile extends Record<string, any> {
  sub: string
  iss: string
  aud: string
  token_use: "id"
  auth_time: number
  iat: number
  exp: number
  nonce?: string
  "cognito:username": string
  "cognito:groups"?: string[]
  email?: string
  email_verified?: boolean
  name?: string
  given_name?: string
  family_name?: string
  preferred_username?: string
  picture?: string
  phone_number?: string
  phone_number_verified?: boolean
}

/**
 * The Cognito provider. Profile: `id` = `sub`, `name` = `name`, `nickname`
 * or `preferred_username` (as `@auth/core`), `email`, `image` = `picture`.
 */
export default function Cognito(options: OIDCUserConfig<CognitoProfile> = {}): OIDCConfig<CognitoProfile> {
  return {
    id: "cognito",
    name: "Cognito",
    type: "oidc",
    checks: ["pkce", "state", "nonce"],
    profile: standardProfile,
    style: { bg: "#c17b9e", text: "#000000" },
    options,
  }
}
