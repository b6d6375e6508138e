/**
 * Sign in with anything: a username and password, a one-time code, a token
 * from another system. Your `authorize` function checks what the user typed
 * and returns a user (signed in) or `null` (rejected, `CredentialsSignin`).
 *
 * The sign-in POST is CSRF-checked. Latchkey issues a JWT session for it; see
 * docs/providers/credentials.md for the security checklist (hash passwords
 * with a slow KDF, rate-limit, never reveal whether an account exists).
 *
 * @example
 * ```ts
 * import Credentials from "@latchkey/core/providers/credentials"
 * Credentials({
 *   credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
 *   async authorize({ email, password }) {
 *     const user = await findUser(String(email))
 *     return user && (await verifyPassword(user.hash, String(password))) ? user : null
 *   },
 * })
 * ```
 * @module providers/credentials
 */
import type { Awaitable } from "../model/common.js"
import type { CommonProviderOptions } from "../model/provider.js"
import type { User } from "../model/user.js"

/** One field of the built-in sign-in form: HTML input attributes plus a label. */
export interface CredentialInput {
  label?: string
  type?: string
  placeholder?: string
  autocomplete?: string
  required?: boolean
  value?: string
  [attribute: string]: unknown
}

/** A configured credentials provider. */
export interface CredentialsConfig<Inputs extends Record<string, CredentialInput> = Record<string, CredentialInput>> extends CommonProviderOptions {
  type: "credentials"
  /** The fields of the built-in sign-in form, keyed by form field name. */
  credentials: Inputs
  /**
   * Checks the submitted fields. Return the user to sign in, or `null` to
   * reject (the user sees `error=CredentialsSignin`). Throw a subclass of
   * `CredentialsSignin` with a `code` to tell the client why; any other throw
   * is logged and shown as `Configuration`.
   *
   * @param credentials The submitted form (or JSON) fields, as strings.
   * @param request The original request (headers, URL) for rate limiting or logging.
   */
  authorize: (credentials: Partial<Record<keyof Inputs, unknown>>, request: Request) => Awaitable<User | null>
}

/** The default id of the credentials provider. */
export type CredentialsProviderId = "credentials"

/**
 * Creates a credentials provider. Defaults: `id` "credentials", `name`
 * "Credentials", no form fields, and an `authorize` that rejects everyone.
 */
export default function Credentials<Inputs extends Record<string, CredentialInput> = Record<string, CredentialInput>>(
  config: Partial<CredentialsConfig<Inputs>>,
): CredentialsConfig<Inputs> {
  return {
    id: "credentials",
    name: "Credentials",
    type: "credentials",
    credentials: {} as Inputs,
    authorize: () => null,
    ...config,
  }
}
