/**
 * `@latchkey/core/integration`: the pieces every server integration
 * (`@latchkey/node`, `@latchkey/express`, …) shares, so each decides the
 * public origin by the same rule and reads sessions the same way, without
 * web `Request`/`Response` objects where the server has none.
 *
 * - {@link resolvePublicOrigin}: the integration's `origin` option, then
 *   `AUTH_URL`, then `Host` only with `trustHost`.
 * - {@link originFromHost}: the strict `scheme` + `Host` check behind it.
 * - {@link readSession}: the session for a `Cookie` header value.
 * - {@link readAccessToken}: `getAccessToken` for a `Cookie` header value.
 * - {@link serializeCookie}: a cookie core hands back as a `Set-Cookie` value.
 * - {@link sessionFromBody}: the session in a `GET {basePath}/session` answer's body.
 * - {@link encodeParsedForm}: a framework-parsed form body as the body again.
 * - {@link parseCookieHeader}: a `Cookie` header's cookies as core reads them (the first of a name wins).
 *
 * @module
 */

export { parseCookieHeader } from "../http/cookie-header.js"
export { serializeCookie } from "../http/response.js"
export { type AccessToken, readAccessToken } from "./access-token.js"
export { encodeParsedForm } from "./form-body.js"
export { originFromHost } from "./host-origin.js"
export { type PublicOriginInput, resolvePublicOrigin } from "./public-origin.js"
export { readSession, type SessionReadRequest, sessionFromBody } from "./read-session.js"
