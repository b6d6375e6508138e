/** Options of {@link toWebRequest}, {@link toAuthRequest}, {@link toNodeHandler} and {@link toNodeAuthHandler}. */
import type { ServerResponse } from "node:http"

/** How a Node request's public URL is determined. */
export interface NodeRequestOptions {
  /**
   * Trust `X-Forwarded-Host` and `X-Forwarded-Proto` for the request's
   * origin. Only enable this behind a reverse proxy you control that
   * overwrites those headers: otherwise any client can choose the host its
   * links, redirects and cookies are built for. Default `false`.
   */
  trustProxy?: boolean
  /**
   * The fixed public origin of the app, e.g. the origin of `AUTH_URL`
   * (`https://app.example.com`). When set it wins over the `Host` and
   * forwarded headers, which are then ignored. Only its origin is used; a
   * path is dropped. Default: derived from the request.
   */
  origin?: string
}

/**
 * Options of {@link toAuthRequest}: origin resolution, plus what a framework
 * knows better than the raw `IncomingMessage` does.
 */
export interface ToAuthRequestOptions extends NodeRequestOptions {
  /**
   * The request target (path and query) to use instead of `req.url`. Express,
   * for one, strips its mount path from `req.url` and keeps the full target
   * in `req.originalUrl`. Default `req.url`.
   */
  path?: string
  /**
   * A body to send instead of streaming `req`, for when a body parser has
   * already consumed the stream. The `Content-Length`, `Content-Encoding` and
   * `Transfer-Encoding` headers of the original request are dropped, since
   * they described the bytes on the wire. Default: `req` is streamed.
   */
  body?: string | Uint8Array
}

/** Options of {@link toWebRequest}: those of {@link toAuthRequest}, plus the response for the abort signal. */
export interface ToWebRequestOptions extends ToAuthRequestOptions {
  /**
   * The response that will answer this request. With it, the request's
   * `signal` also aborts when the client disconnects after its body has been
   * read (Node reports that only on the response). Without it, only a
   * disconnect before the body's end is noticed. Default: none.
   */
  res?: ServerResponse
}
