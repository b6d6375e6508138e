/** `signIn()`: start or complete a sign-in with a provider, as `next-auth/react` does. */
import { getCsrfToken } from "./csrf.js"
import { errorOf, type FormAnswer, postForm, queryOf } from "./form-post.js"
import { navigate, navigateToOwnPage } from "./navigate.js"
import { apiBaseUrl, pageState } from "./page-state.js"
import { findProvider, getProviders } from "./providers.js"
import { invalidateSession, refreshSession } from "./session-store.js"
import type { ProviderId, SignInAuthorizationParams, SignInOptions, SignInResponse } from "./types.js"

/** The options split as `next-auth/react` splits them: its own fields, and the rest that is posted. */
export function splitSignInOptions(options: SignInOptions<boolean> | undefined): {
  redirect: boolean
  redirectTo: string
  fields: Record<string, unknown>
} {
  const { callbackUrl, ...rest } = options ?? {}
  const { redirect = true, redirectTo = callbackUrl ?? window.location.href, ...fields } = rest
  return { redirect: redirect !== false, redirectTo: String(redirectTo), fields }
}

/**
 * After a sign-in POST: follow the server's redirect, or report it. A
 * successful sign-in updates the page's session (one `GET /session` when a
 * `SessionProvider` or another listener shows it; otherwise the session is
 * only marked unknown) and tells the other tabs.
 *
 * An answer without a URL (no answer, a proxy's page, a 413) is a
 * `ClientFetchError`; with `redirect` the page goes to `redirectTo` only if
 * it is an http(s) URL on the page's origin, else this throws
 * `RedirectRefusedError`.
 */
export async function finishSignIn(answer: FormAnswer, redirect: boolean, redirectTo: string): Promise<SignInResponse | void> {
  if (redirect) {
    if (answer.url !== undefined) navigate(answer.url, answer.status)
    else navigateToOwnPage(redirectTo, answer.status, answer.problem ?? `The sign-in request answered ${answer.status} without a redirect URL`)
    return undefined
  }
  const error = answer.url === undefined ? "ClientFetchError" : errorOf(answer.url)
  const code = queryOf(answer.url, "code")
  if (answer.ok && !error) {
    if (pageState().listeners.size > 0) await refreshSession("always", true)
    else invalidateSession()
  }
  return { error, code, status: answer.status, ok: answer.ok, url: error ? null : (answer.url ?? null) }
}

/**
 * Signs in with `provider`.
 *
 * - No provider, or one the server does not list: goes to the built-in
 *   sign-in page (`{basePath}/signin?callbackUrl=…`).
 * - `credentials`: posts the other `options` fields (e.g. `username`,
 *   `password`) to `{basePath}/callback/{provider}`.
 * - OAuth, OIDC, email: posts to `{basePath}/signin/{provider}` (with
 *   `authorizationParams` in the query) and follows the server's redirect.
 * - A WebAuthn provider throws a `TypeError`: use `signIn` from
 *   `@latchkey/client/webauthn`.
 *
 * With `redirect: false` it stays on the page and resolves a
 * {@link SignInResponse} (`error` is e.g. `"CredentialsSignin"` for a
 * refused password, with `ok: true` as in next-auth; `"ClientFetchError"`
 * when the answer carried no URL: no connection, a proxy's error page, a
 * `413`). With `redirect` (the default) such an answer sends the page to
 * `redirectTo` only if it is an http(s) URL on the page's origin; otherwise
 * it rejects with `RedirectRefusedError` and the page stays. The providers list
 * and CSRF token are fetched once per page, so a sign-in after the first
 * costs one POST. A `MissingCSRF` refusal is retried once with a new token.
 */
export async function signIn(provider?: ProviderId, options?: SignInOptions<true>, authorizationParams?: SignInAuthorizationParams): Promise<void>
export async function signIn(provider?: ProviderId, options?: SignInOptions<false>, authorizationParams?: SignInAuthorizationParams): Promise<SignInResponse>
export async function signIn(
  provider?: ProviderId,
  options?: SignInOptions<boolean>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse | void> {
  const { redirect, redirectTo, fields } = splitSignInOptions(options)
  const base = apiBaseUrl()
  // Ask for the token while the providers list is on its way: the first sign-in waits one round trip, not two.
  void getCsrfToken()
  const providers = await getProviders()
  if (!providers) {
    navigate(`${base}/error`)
    return undefined
  }
  const found = findProvider(providers, provider)
  if (!found) {
    navigate(`${base}/signin?${new URLSearchParams({ callbackUrl: redirectTo })}`)
    return undefined
  }
  if (found.type === "webauthn") {
    throw new TypeError(`Provider id "${found.id}" refers to a WebAuthn provider: use \`import { signIn } from "@latchkey/client/webauthn"\` instead.`)
  }
  const action = found.type === "credentials" ? "callback" : "signin"
  const url = `${base}/${action}/${encodeURIComponent(found.id)}?${new URLSearchParams(authorizationParams)}`
  let answer: FormAnswer
  try {
    answer = await postForm(url, fields, redirectTo)
  } catch (error) {
    console.error(`[latchkey] POST ${url} failed:`, error)
    answer = { status: 0, ok: false, url: undefined, problem: `POST ${url} failed (${(error as Error).message})` }
  }
  return finishSignIn(answer, redirect, redirectTo)
}
