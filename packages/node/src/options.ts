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
   * path is dropped. With {@link toNodeAuthHandler} and {@link toAuthRequest}
   * it also wins over the `AUTH_URL` that `setEnvDefaults` recorded on the
   * configuration; {@link toNodeHandler} hands a web `Request` to your
   * handler, and `Auth()` then lets that `AUTH_URL` win (see its TSDoc).
   * Default: derived from the request (the listeners,
   * {@link toNodeHandler} and {@link toNodeAuthHandler}, default to the
   * origin of `AUTH_URL`, see {@link NodeHandlerOptions.env}).
   */
  origin?: string
}

/** Options of the listeners {@link toNodeHandler} and {@link toNodeAuthHandler}. */
export interface NodeHandlerOptions extends NodeRequestOptions {
  /**
   * Environment variables, read once when the listener is created: without
   * `origin`, the origin of `AUTH_URL` (else `NEXTAUTH_URL`) becomes the
   * fixed origin, so an app behind a TLS-terminating proxy builds `https`
   * URLs and `__Secure-` cookies although the proxy talks plain http to it
   * (the same `AUTH_URL` makes `setEnvDefaults` trust the host). A set but
   * malformed value throws a `TypeError` at creation. Default `process.env`;
   * pass `{}` to derive the origin from each request instead.
   */
  env?: Record<string, string | undefined>
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
  /**
   * The base path the request arrived under, handed to core as
   * `AuthRequestLike.basePath` (routing and the URLs of the answer follow it;
   * the configuration's prepared state does not depend on it). For a
   * framework that learns its mount path per request, e.g. `/:tenant/auth`.
   * Default: the configuration's `basePath`. {@link toWebRequest} ignores it
   * (a web `Request` has no such field).
   */
  basePath?: string
  /**
   * The client's address, handed to core as `AuthRequestLike.clientIp` for
   * its per-client rate limits (`@latchkey/core`'s docs/rate-limiting.md),
   * for a framework that knows it better (Express's `req.ip`, which follows
   * its `trust proxy` setting). Default: the socket's remote address;
   * `X-Forwarded-For` is never read here. {@link toWebRequest} ignores it.
   */
  clientIp?: string
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
