/**
 * OAuth 1.0a request signing (RFC 5849 §3) with HMAC-SHA1, the method X
 * requires. The `oauth-1.0a` library builds the parts that are easy to get
 * subtly wrong (the percent-encoding of §3.6, the normalised parameter
 * string and signature base string of §3.4.1, the signing key, the
 * `Authorization: OAuth …` header); the HMAC itself is WebCrypto's, which
 * every runtime Latchkey supports has, and the nonce comes from the platform
 * CSPRNG (the library's own nonce uses `Math.random`).
 */
import OAuth from "oauth-1.0a"

/** The consumer (client) credentials: the app's API key and secret. */
export interface OAuth1Consumer {
  key: string
  secret: string
}

/** Temporary or token credentials (RFC 5849 §1.1). */
export interface OAuth1Token {
  key: string
  secret: string
}

/** A request to sign. */
export interface OAuth1SignedRequest {
  method: "GET" | "POST"
  /** Absolute URL; its query parameters are signed. */
  url: string
  consumer: OAuth1Consumer
  token?: OAuth1Token
  /** Protocol parameters of this step: `oauth_callback` or `oauth_verifier`. */
  oauthParams?: Record<string, string>
  /** Form parameters of an `application/x-www-form-urlencoded` body, which are signed too. */
  form?: Record<string, string>
  /** Fixed values, for the test vectors of the specification only. */
  nonce?: string
  timestamp?: number
}

const utf8 = new TextEncoder()

/** A 32-character alphanumeric nonce from the CSPRNG (X asks for alphanumeric nonces). */
function randomNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("")
}

async function hmacSha1Base64(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey("raw", utf8.encode(key), { name: "HMAC", hash: "SHA-1" }, false, ["sign"])
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, utf8.encode(message)))
  return btoa(String.fromCharCode(...signature))
}

function library(consumer: OAuth1Consumer): OAuth {
  return new OAuth({
    consumer,
    signature_method: "HMAC-SHA1",
    // Never called: the signature is computed asynchronously with WebCrypto below.
    hash_function: () => {
      throw new Error("oauth-1.0a's synchronous hash is not used")
    },
  })
}

/**
 * The `Authorization` header value (`OAuth oauth_consumer_key="…", …`) for
 * `request`, signed with HMAC-SHA1 over the consumer secret and the token
 * secret (RFC 5849 §3.4.2).
 */
export async function oauth1AuthorizationHeader(request: OAuth1SignedRequest): Promise<string> {
  const oauth = library(request.consumer)
  // The base string URI is lower-case scheme and host without a default port (§3.4.1.2): WHATWG URL normalises to that.
  const url = new URL(request.url).href
  const data: OAuth.Data & Record<string, string | number> = {
    oauth_consumer_key: request.consumer.key,
    oauth_nonce: request.nonce ?? randomNonce(),
    oauth_signature_method: "HMAC-SHA1",
    oauth_timestamp: request.timestamp ?? Math.floor(Date.now() / 1000),
    oauth_version: "1.0",
    ...(request.token ? { oauth_token: request.token.key } : {}),
    ...request.oauthParams,
  }
  const baseString = oauth.getBaseString({ url, method: request.method, data: request.form ?? {} }, data)
  const signature = await hmacSha1Base64(oauth.getSigningKey(request.token?.secret), baseString)
  return oauth.toHeader({ ...data, oauth_signature: signature }).Authorization
}
