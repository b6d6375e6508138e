// The Latchkey side: the provider entry that signs in through the Local OIDC
// provider.

/**
 * A Latchkey (`@latchkey/core`) OpenID Connect provider for the Local OIDC
 * provider started by `startLocalOidc`: `id` `"local-oidc"` (so the app's
 * callback URL is `{origin}{basePath}/callback/local-oidc`), `type` `"oidc"`
 * with discovery from `issuer`, `client_secret_basic`, and Latchkey's default
 * checks for OIDC (PKCE, state, nonce).
 *
 * - `prompt=login` is sent with every sign-in, so the login page shows each
 *   time and any demo user can be picked (the provider would otherwise sign
 *   the last user in again without asking).
 * - `isEmailVerified`: the `email_verified` claim, which the provider sets for
 *   every demo user (see docs/account-linking.md, "isEmailVerified").
 * - `allowDangerousEmailAccountLinking` (default `true`): a Local OIDC
 *   sign-in with the address of an existing user whose address is verified
 *   links to that user, as docs/account-linking.md describes. Safe here
 *   because this provider only knows the fixed demo users; pass `false` to
 *   get `OAuthAccountNotLinked` instead.
 */
export function localOidcProvider({ issuer, clientId, clientSecret, allowDangerousEmailAccountLinking = true, name = "Local OIDC" }) {
  return {
    id: "local-oidc",
    name,
    type: "oidc",
    issuer,
    clientId,
    clientSecret,
    client: { token_endpoint_auth_method: "client_secret_basic" },
    authorization: { params: { scope: "openid email profile", prompt: "login" } },
    isEmailVerified: (profile) => profile.email_verified === true,
    allowDangerousEmailAccountLinking,
  }
}
