/**
 * The state of one request that actions share: the prepared configuration,
 * the parsed request, its origin and cookie table, the provider named in the
 * path, the cookies to set, and lazily computed CSRF token and callback URL
 * (only the actions that need them pay for them).
 */
import type { PreparedConfig } from "./config/prepare.js"
import type { InternalProvider } from "./config/providers.js"
import { InvalidProvider } from "./errors.js"
import type { ResolvedCookies } from "./http/cookie-defaults.js"
import { type ChunkedCookieRead, readChunkedCookie } from "./http/session-cookie.js"
import { resolveCallbackUrl } from "./security/callback-url.js"
import { csrfState, csrfTokenMatches } from "./security/csrf.js"
import type { Cookie, RequestInternal } from "./types.js"

/** Per-request state handed to every action. */
export class RequestContext {
  readonly origin: string
  readonly cookieTable: ResolvedCookies
  /** Cookies the response will set, in order. */
  readonly responseCookies: Cookie[] = []
  readonly provider: InternalProvider | undefined
  /**
   * Who a sign-in was for when the request itself does not say: set by a
   * flow that learns it from a sealed place (an email code's cookie), read
   * by `events.signInFailure` (account/sign-in-failure.ts).
   */
  signInIdentifier: string | undefined
  #csrf?: Promise<{ token: string }>
  #callbackUrl?: Promise<string>
  #sessionCookie?: ChunkedCookieRead

  constructor(
    readonly config: PreparedConfig,
    readonly request: RequestInternal,
    /** The base path this request arrived under: the integration's, else the config's. */
    readonly basePath: string = config.basePath,
    /**
     * Whether the answer becomes plain response parts (not `raw` mode), so an
     * action may hand over its JSON body already serialised
     * (`JsonResponseInternal.json`). Default `false`.
     */
    readonly jsonAnswers: boolean = false,
  ) {
    this.origin = request.url.origin
    const secure = config.useSecureCookies ?? request.url.protocol === "https:"
    this.cookieTable = secure ? config.cookies.secure : config.cookies.plain
    this.provider = request.providerId ? config.providers.find((p) => p.id === request.providerId) : undefined
  }

  /** `{origin}{basePath}`: the prefix of every action URL. */
  get actionBase(): string {
    return `${this.origin}${this.basePath === "/" ? "" : this.basePath}`
  }

  /** The provider named in the path; throws InvalidProvider when there is none. */
  requireProvider(): InternalProvider {
    if (this.provider) return this.provider
    const id = this.request.providerId
    throw new InvalidProvider(id ? `No provider with id "${id}" is configured.` : "This action needs a provider id in the path.")
  }

  /** The session cookie as the request carried it (chunks joined). */
  get sessionCookie(): ChunkedCookieRead {
    this.#sessionCookie ??= readChunkedCookie(this.cookieTable.sessionToken.name, this.request.cookies)
    return this.#sessionCookie
  }

  /** The request's CSRF token; a new one is minted (and its cookie queued) when needed. */
  csrfToken(): Promise<string> {
    this.#csrf ??= csrfState(this.request.cookies[this.cookieTable.csrfToken.name], this.config.hashSecret).then((state) => {
      if (state.newCookieValue) {
        const { name, options } = this.cookieTable.csrfToken
        this.responseCookies.push({ name, value: state.newCookieValue, options })
      }
      return { token: state.token }
    })
    return this.#csrf.then((state) => state.token)
  }

  /**
   * Whether this POST carries the CSRF token of its (valid) cookie. Always
   * true when checks are skipped (`skipCSRFCheck`), or when the integration
   * vouched for this request (`AuthRequestLike.csrfChecked`).
   */
  async csrfVerified(): Promise<boolean> {
    if (this.config.csrfDisabled || this.request.csrfChecked) return true
    return csrfTokenMatches(await this.csrfToken(), this.request.body?.csrfToken)
  }

  /** Where to go after this action; the callback-url cookie is queued when it changes. */
  callbackUrl(): Promise<string> {
    this.#callbackUrl ??= resolveCallbackUrl({
      origin: this.origin,
      bodyValue: this.request.body?.callbackUrl,
      queryValue: this.request.query.callbackUrl,
      cookieValue: this.request.cookies[this.cookieTable.callbackUrl.name],
      redirect: this.config.callbacks.redirect,
      cookie: this.cookieTable.callbackUrl,
      logger: this.config.logger,
    }).then(({ url, newCookieValue }) => {
      if (newCookieValue !== undefined) {
        const { name, options } = this.cookieTable.callbackUrl
        this.responseCookies.push({ name, value: newCookieValue, options })
      }
      return url
    })
    return this.#callbackUrl
  }
}
