/** `signOut()`: end the session, as `next-auth/react` does, without asking for the (known) empty session afterwards. */
import { postForm } from "./form-post.js"
import { navigate } from "./navigate.js"
import { apiBaseUrl } from "./page-state.js"
import { learnSession } from "./session-store.js"
import type { SignOutParams, SignOutResponse } from "./types.js"

/**
 * Signs out: posts the CSRF token and `callbackUrl` to `{basePath}/signout`,
 * sets the page's session to `null` (no `GET /session` needed) and tells
 * the other tabs (next-auth tabs included). Then follows the server's
 * redirect, or with `redirect: false` resolves `{ url }`, the redirect the
 * server chose (`{ url: redirectTo }` if the server could not be reached).
 */
export async function signOut(options?: SignOutParams<true>): Promise<void>
export async function signOut(options?: SignOutParams<false>): Promise<SignOutResponse>
export async function signOut(options?: SignOutParams<boolean>): Promise<SignOutResponse | void> {
  const { redirect = true, redirectTo = options?.callbackUrl ?? window.location.href } = options ?? {}
  let url: string | undefined
  try {
    url = (await postForm(`${apiBaseUrl()}/signout`, {}, redirectTo)).url
  } catch (error) {
    console.error(`[latchkey] POST ${apiBaseUrl()}/signout failed:`, error)
  }
  learnSession(null, "always", "signout")
  if (redirect) {
    navigate(url ?? redirectTo)
    return undefined
  }
  return { url: url ?? redirectTo }
}
