/** The error a sign-in or sign-out rejects with instead of leaving the page for a URL it cannot vouch for. */

/**
 * Thrown (the promise of `signIn` or `signOut` rejects) when the client would
 * have to navigate to a URL that is neither one the server answered as an
 * http(s) URL nor an http(s) URL on the page's own origin: typically a
 * `callbackUrl`/`redirectTo` of `javascript:…`, `data:…` or another origin,
 * used as the fallback because the server's answer carried no URL (a proxy's
 * error page, a `413`, a lost connection). Nothing was navigated to.
 */
export class RedirectRefusedError extends Error {
  override name = "RedirectRefusedError"
  constructor(
    message: string,
    /** The URL that was not navigated to, as given. */
    readonly url: string,
    /** The HTTP status of the request whose answer had no usable URL (`0`: no answer at all). */
    readonly status: number,
  ) {
    super(message)
  }
}
