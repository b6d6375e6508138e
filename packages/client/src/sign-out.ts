/** `signOut()`: end the session, as `next-auth/react` does, without asking for the (known) empty session afterwards. */
import { type FormAnswer, postForm } from "./form-post.js"
import { navigate, navigateToOwnPage, ownPageUrl } from "./navigate.js"
import { apiBaseUrl } from "./page-state.js"
import { learnSession } from "./session-store.js"
import type { SignOutParams, SignOutResponse } from "./types.js"

/**
 * Signs out: posts the CSRF token and `callbackUrl` to `{basePath}/signout`,
 * sets the page's session to `null` (no `GET /session` needed) and tells
 * the other tabs (next-auth tabs included). Then follows the server's
 * redirect, or with `redirect: false` resolves `{ url }`, the redirect the
 * server chose. When the answer carried no URL (no connection, a proxy's
 * error page), `redirectTo` stands in for it only if it is an http(s) URL on
 * the page's origin; otherwise it rejects with `RedirectRefusedError` (the
 * page's session is `null` all the same).
 */
export async function signOut(options?: SignOutParams<true>): Promise<void>
export async function signOut(options?: SignOutParams<false>): Promise<SignOutResponse>
export async function signOut(options?: SignOutParams<boolean>): Promise<SignOutResponse | void> {
  const { redirect = true, redirectTo = options?.callbackUrl ?? window.location.href } = options ?? {}
  const endpoint = `${apiBaseUrl()}/signout`
  let answer: FormAnswer
  try {
    answer = await postForm(endpoint, {}, redirectTo)
  } catch (error) {
    console.error(`[latchkey] POST ${endpoint} failed:`, error)
    answer = { status: 0, ok: false, url: undefined, problem: `POST ${endpoint} failed (${(error as Error).message})` }
  }
  learnSession(null, "always", "signout")
  const { url, status } = answer
  const problem = answer.problem ?? `The sign-out request answered ${status} without a redirect URL`
  if (redirect) {
    if (url !== undefined) navigate(url, status)
    else navigateToOwnPage(redirectTo, status, problem)
    return undefined
  }
  if (url !== undefined) return { url }
  ownPageUrl(redirectTo, status, problem)
  return { url: redirectTo }
}
