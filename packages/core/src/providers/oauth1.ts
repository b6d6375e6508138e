/**
 * The configuration of an OAuth 1.0a provider (RFC 5849, the three-legged
 * flow). The only built-in one is X's legacy flow, `Twitter({ version: "1.0a" })`;
 * the flow itself is in `flows/oauth1/`. This module holds types only.
 *
 * An OAuth 1.0a provider is an `oauth` provider with `version: "1.0a"` and
 * the three endpoints of RFC 5849 §2:
 * - `requestTokenUrl`: temporary credentials (POST, signed, with `oauth_callback`);
 * - `authorization`: where the user is sent with `oauth_token` (a URL, or
 *   `{ url, params }` for extra parameters such as X's `force_login`);
 * - `token`: token credentials (POST, signed, with `oauth_verifier`).
 *
 * `clientId`/`clientSecret` are the consumer key and secret
 * (`AUTH_{ID}_ID`/`AUTH_{ID}_SECRET`). Requests are signed with HMAC-SHA1.
 * The profile is read with a signed GET of `userinfo` (or its `request`
 * hook, which gets a signing `fetch`), and the account stores `oauth_token`
 * and `oauth_token_secret` instead of `access_token`/`refresh_token`.
 *
 * @module providers/oauth1
 */
import type { Awaitable, TokenSet } from "../types.js"
import type { OAuth2Config } from "./oauth.js"

/** The token credentials of RFC 5849 §2.3, plus what the provider adds (X: `user_id`, `screen_name`). */
export interface OAuth1TokenSet extends TokenSet {
  oauth_token: string
  oauth_token_secret: string
}

/** What an OAuth 1.0a `userinfo.request` hook receives. */
export interface OAuth1UserinfoContext {
  tokens: OAuth1TokenSet
  provider: OAuth1Config
  /** Sends a request signed with the consumer and the user's token credentials. */
  fetch: (url: string, init?: { method?: "GET" | "POST" }) => Promise<Response>
}

/** The userinfo endpoint of an OAuth 1.0a provider (a type alias, so it is also an `EndpointHandler`). */
export type OAuth1UserinfoEndpoint = {
  url: string
  /** Reads the profile; default: a signed GET of `url`, parsed as JSON. */
  request?: (context: OAuth1UserinfoContext) => Awaitable<unknown>
}

/** An OAuth 1.0a provider: an `oauth` provider with `version: "1.0a"`. */
export interface OAuth1Config<P = any> extends Omit<OAuth2Config<P>, "userinfo"> {
  type: "oauth"
  version: "1.0a"
  /** RFC 5849 §2.1 temporary credential request endpoint. */
  requestTokenUrl: string
  userinfo: string | OAuth1UserinfoEndpoint
}
