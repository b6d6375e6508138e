/**
 * Codes passed to `logger.warn` (docs/errors.md, "Warnings"): `@auth/core`'s
 * list, plus Latchkey's own (`short-secret`, `no-providers`, `no-client-ip`,
 * `store-without-rate-limits`).
 *
 * - `debug-enabled`: `debug: true`; logs may contain tokens. Never in production.
 * - `csrf-disabled`: `skipCSRFCheck` is in use; `GET /csrf` answers 404.
 * - `env-url-basepath-redundant`: both `AUTH_URL` (with a path) and `basePath` are set.
 * - `env-url-basepath-mismatch`: `AUTH_URL`'s path differs from `basePath`.
 * - `experimental-webauthn`: WebAuthn is enabled (experimental).
 * - `short-secret`: a configured secret has fewer than 32 bytes (UTF-8), too
 *   little entropy for the HKDF input of the session key. Latchkey only.
 * - `no-providers`: `providers` is empty, so nobody can sign in. Latchkey only.
 * - `no-client-ip`: a sign-in email was asked for by a request without a
 *   client IP, so the per-client limit could not count it. Latchkey only.
 * - `store-without-rate-limits`: the configured `store` has no `consume`, and
 *   `rateLimit.store` is not set, so the email limits count in this
 *   process only, not in the shared store. Latchkey only.
 * - `federated-signout-unavailable`: a provider has `federatedSignOut` but
 *   no end-session endpoint (none in discovery, no `endSessionUrl`), so
 *   sign-out stays local. Logged once per configuration. Latchkey only.
 */
export type WarningCode =
  | "debug-enabled"
  | "csrf-disabled"
  | "env-url-basepath-redundant"
  | "env-url-basepath-mismatch"
  | "experimental-webauthn"
  | "short-secret"
  | "no-providers"
  | "no-client-ip"
  | "store-without-rate-limits"
  | "federated-signout-unavailable"
