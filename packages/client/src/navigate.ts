/**
 * Leaving the page, only for a URL that cannot run script in it: a URL the
 * server answered, if it is http(s), or the caller's own `redirectTo` when
 * the server answered none, if it is http(s) on the page's origin.
 */
import { RedirectRefusedError } from "./redirect-refused.js"

/** `url` resolved against the page, when it is an http(s) URL; `undefined` for any other scheme or a URL that does not parse. */
function httpUrl(url: string): URL | undefined {
  let parsed: URL
  try {
    parsed = new URL(url, window.location.href)
  } catch {
    return undefined
  }
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed : undefined
}

/** Goes to `url`; a URL with a fragment does not reload the page by itself, so it is reloaded explicitly. */
function go(url: URL, given: string): void {
  window.location.href = url.href
  if (given.includes("#")) window.location.reload()
}

/**
 * Goes to a URL the server chose (the `url` of its answer, or a route of the
 * configured base path). Throws {@link RedirectRefusedError} when it is not
 * an http(s) URL: no server of Latchkey or `@auth/core` answers one, so it
 * came from something between them.
 */
export function navigate(url: string, status = 200): void {
  const target = httpUrl(url)
  if (!target) {
    throw new RedirectRefusedError(`[latchkey] Not navigating to ${JSON.stringify(url)}: the server's answer is not an http(s) URL.`, url, status)
  }
  go(target, url)
}

/**
 * The caller's `redirectTo`, standing in for the URL a request's answer did
 * not carry (`problem` says which request and what came back). Throws
 * {@link RedirectRefusedError} unless it is an http(s) URL on the page's
 * origin: the caller's value often comes from a query parameter, and only
 * the server may send the user anywhere else.
 */
export function ownPageUrl(url: string, status: number, problem: string): URL {
  const target = httpUrl(url)
  if (!target || target.origin !== window.location.origin) {
    throw new RedirectRefusedError(
      `[latchkey] ${problem}, and redirectTo/callbackUrl ${JSON.stringify(url)} is not an http(s) URL on this page's origin (${window.location.origin}): not navigating there.`,
      url,
      status,
    )
  }
  return target
}

/** Goes to {@link ownPageUrl}, or throws as it does. */
export function navigateToOwnPage(url: string, status: number, problem: string): void {
  go(ownPageUrl(url, status, problem), url)
}
