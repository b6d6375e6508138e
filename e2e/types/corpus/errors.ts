// Custom sign-in errors with a `code`, and reading AuthError in server code.

import { AccessDenied, AuthError, CredentialsSignin, MissingCSRF } from "@auth/core/errors"
import Credentials from "@auth/core/providers/credentials"

export class InvalidLoginError extends CredentialsSignin {
  code = "invalid_credentials"
}

export class AccountLockedError extends CredentialsSignin {
  code = "account_locked"
  constructor(readonly until: Date) {
    super(`Locked until ${until.toISOString()}`)
  }
}

export class UpstreamDown extends CredentialsSignin {
  constructor(cause: Error) {
    super("The user directory is unreachable", { cause })
    this.code = "upstream_down"
  }
}

export class TenantSuspended extends AuthError {
  static type = "TenantSuspended"
}

export class SsoRequired extends CredentialsSignin {
  static type = "SsoRequired"
  code = "sso_required"
}

declare function lookup(username: string): Promise<{ id: string; locked?: Date } | null>

export const provider = Credentials({
  credentials: { username: {}, password: {} },
  async authorize({ username }) {
    let user
    try {
      user = await lookup(String(username))
    } catch (error) {
      throw new UpstreamDown(error as Error)
    }
    if (!user) throw new InvalidLoginError()
    if (user.locked) throw new AccountLockedError(user.locked)
    return { id: user.id }
  },
})

export function describe(error: unknown): string {
  if (error instanceof CredentialsSignin) return `sign-in failed (${error.code})`
  if (error instanceof AccessDenied || error instanceof MissingCSRF) return error.type
  if (error instanceof AuthError) {
    const cause = error.cause?.err
    return `${error.type}: ${error.message}${cause ? ` (${cause.message})` : ""}`
  }
  return String(error)
}

export const wrapped = new AuthError("wrapped", { cause: new Error("root") })
export const plain = new AuthError()
// @ts-expect-error `code` is a string
new InvalidLoginError().code = 3
