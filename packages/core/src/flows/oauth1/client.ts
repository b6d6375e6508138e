/**
 * The three signed requests of the OAuth 1.0a flow (RFC 5849 §2) and the
 * signed resource request, over the provider's fetch. Answers of the two
 * credential endpoints are form-encoded (§2.1, §2.3); anything else, a
 * status other than 200 or a missing credential is a {@link OAuth1RequestError}
 * whose message names the endpoint and the status, never a secret.
 */
import type { OAuth1Settings } from "./settings.js"
import { type OAuth1Token, oauth1AuthorizationHeader } from "./signature.js"

/** A step of the OAuth 1.0a flow that the provider refused or answered wrongly. */
export class OAuth1RequestError extends Error {
  override name = "OAuth1RequestError"
}

/** Temporary credentials (§2.1). */
export interface TemporaryCredentials {
  token: string
  secret: string
}

/** Token credentials (§2.3), plus what the provider adds (X: `user_id`, `screen_name`). */
export interface TokenCredentials extends Record<string, string> {
  oauth_token: string
  oauth_token_secret: string
}

function where(url: string): string {
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`
}

async function signedPost(settings: OAuth1Settings, url: string, token: OAuth1Token | undefined, oauthParams: Record<string, string>) {
  const authorization = await oauth1AuthorizationHeader({ method: "POST", url, consumer: settings.consumer, token, oauthParams })
  let response: Response
  try {
    response = await settings.fetch(url, {
      method: "POST",
      headers: { authorization, accept: "application/x-www-form-urlencoded, text/plain, */*" },
      redirect: "manual",
    })
  } catch (error) {
    throw new OAuth1RequestError(`${where(url)} could not be reached: ${(error as Error).message}`, { cause: error })
  }
  const text = await response.text()
  if (response.status !== 200) throw new OAuth1RequestError(`${where(url)} answered HTTP ${response.status}.`)
  return new URLSearchParams(text)
}

function required(form: URLSearchParams, name: string, url: string): string {
  const value = form.get(name)
  if (!value) throw new OAuth1RequestError(`${where(url)} answered without \`${name}\`.`)
  return value
}

/**
 * §2.1: obtains temporary credentials for a sign-in that comes back to
 * `callbackUrl`. The provider must confirm the callback
 * (`oauth_callback_confirmed=true`), which OAuth 1.0a added against session
 * fixation.
 */
export async function requestTemporaryCredentials(settings: OAuth1Settings, callbackUrl: string): Promise<TemporaryCredentials> {
  const url = settings.requestTokenUrl
  const form = await signedPost(settings, url, undefined, { oauth_callback: callbackUrl })
  if (form.get("oauth_callback_confirmed") !== "true") {
    throw new OAuth1RequestError(`${where(url)} did not confirm the callback (oauth_callback_confirmed).`)
  }
  return { token: required(form, "oauth_token", url), secret: required(form, "oauth_token_secret", url) }
}

/** §2.3: exchanges the authorized temporary credentials and the verifier for token credentials. */
export async function requestTokenCredentials(settings: OAuth1Settings, temporary: TemporaryCredentials, verifier: string): Promise<TokenCredentials> {
  const url = settings.accessTokenUrl
  const form = await signedPost(settings, url, { key: temporary.token, secret: temporary.secret }, { oauth_verifier: verifier })
  const credentials: Record<string, string> = {}
  for (const [name, value] of form) credentials[name] = value
  required(form, "oauth_token", url)
  required(form, "oauth_token_secret", url)
  return credentials as TokenCredentials
}

/** A fetch that signs each request with the consumer and `token` (§3), for reading the user's resources. */
export function signedFetch(settings: OAuth1Settings, token: OAuth1Token) {
  return async (url: string, init: { method?: "GET" | "POST" } = {}): Promise<Response> => {
    const method = init.method ?? "GET"
    const authorization = await oauth1AuthorizationHeader({ method, url, consumer: settings.consumer, token })
    return settings.fetch(url, { method, headers: { authorization, accept: "application/json" }, redirect: "manual" })
  }
}
