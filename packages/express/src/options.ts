/** Options of {@link ExpressAuth}, {@link getSession} and {@link requireSession}. */

/** How the public origin of a request is decided (see origin.ts for the rule). */
export interface ExpressOriginOptions {
  /**
   * The app's public origin (`https://app.example.com`), fixed: it wins over
   * `AUTH_URL` and over the `Host` and `X-Forwarded-*` headers, which are then
   * not read for URLs or cookie names. Only the origin is kept (a path is
   * dropped). Default: the origin of `AUTH_URL` as `setEnvDefaults` recorded
   * it (or `process.env.AUTH_URL`), else the request's host as Express
   * trusts it.
   *
   * It does not turn on `trustHost`: core still refuses every request while
   * the configuration's `trustHost` is off (set `trustHost: true`,
   * `AUTH_TRUST_HOST=true` or `AUTH_URL`).
   *
   * @throws TypeError (from the function given it) when it is not an absolute http(s) URL.
   */
  origin?: string
}

/** Options of {@link ExpressAuth}. */
export type ExpressAuthOptions = ExpressOriginOptions

/** Options of {@link getSession}. */
export type GetSessionOptions = ExpressOriginOptions
