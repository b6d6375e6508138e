/**
 * Codes passed to `logger.warn` (spec § Errors, rule 5). Identical to
 * `@auth/core`'s list.
 *
 * - `debug-enabled`: `debug: true`; logs may contain tokens. Never in production.
 * - `csrf-disabled`: `skipCSRFCheck` is in use; `GET /csrf` answers 404.
 * - `env-url-basepath-redundant`: both `AUTH_URL` (with a path) and `basePath` are set.
 * - `env-url-basepath-mismatch`: `AUTH_URL`'s path differs from `basePath`.
 * - `experimental-webauthn`: WebAuthn is enabled (experimental).
 */
export type WarningCode =
  | "debug-enabled"
  | "csrf-disabled"
  | "env-url-basepath-redundant"
  | "env-url-basepath-mismatch"
  | "experimental-webauthn"
