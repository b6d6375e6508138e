/**
 * Marker symbols of the configuration. They are created with `Symbol.for` so
 * that two copies of the package (or `@auth/core`'s helpers) agree on them.
 */

/**
 * Set `config.skipCSRFCheck = skipCSRFCheck` to turn off Latchkey's CSRF
 * double-submit check, only in frameworks that enforce CSRF themselves.
 * `GET /csrf` then answers 404.
 */
export const skipCSRFCheck: unique symbol = Symbol.for("skip-csrf-check") as any

/** Set `config.raw = raw` to receive the internal response object instead of a `Response`. */
export const raw: unique symbol = Symbol.for("return-type-raw") as any

/**
 * A provider property that replaces `fetch` for its discovery, token and
 * userinfo requests (e.g. to add a proxy or a timeout).
 */
export const customFetch: unique symbol = Symbol.for("custom-fetch") as any
