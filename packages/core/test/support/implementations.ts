/**
 * The two implementations the differential and hostile tests drive: the
 * reference, `@auth/core` 0.41.3 (installed in `compat/`, outside the
 * workspaces), and Latchkey's TypeScript sources. Both are exposed through
 * the same small interface so a test can run one request table against each.
 */
// @ts-expect-error compat/ is a plain JS package outside the workspaces, without type declarations here.
import * as authjs from "../../../../compat/index.js"
import { CredentialsSignin as LatchkeyCredentialsSignin } from "../../src/errors.js"
import * as latchkeyCore from "../../src/index.js"
import * as latchkeyJwt from "../../src/jwt.js"
import LatchkeyCredentials from "../../src/providers/credentials.js"

/** What the tests need from an implementation. */
export interface Implementation {
  readonly name: "@auth/core" | "latchkey"
  Auth(request: Request, config: any): Promise<Response>
  readonly skipCSRFCheck: symbol
  readonly raw: symbol
  createActionURL(action: string, protocol: string, headers: Headers, env: Record<string, string | undefined>, config: any): URL
  encode(params: { token?: Record<string, unknown>; salt: string; secret: string | string[]; maxAge?: number }): Promise<string>
  decode(params: { token?: string; salt: string; secret: string | string[] }): Promise<Record<string, any> | null>
  getToken(params: Record<string, unknown>): Promise<any>
  Credentials(config: Record<string, unknown>): any
  /** The `CredentialsSignin` class whose subclasses carry a custom `code`. */
  readonly CredentialsSignin: new (
    message?: string,
  ) => Error & { code: string }
}

export const reference: Implementation = {
  name: "@auth/core",
  Auth: authjs.Auth,
  skipCSRFCheck: authjs.skipCSRFCheck,
  raw: authjs.raw,
  createActionURL: authjs.createActionURL,
  encode: authjs.encode,
  decode: authjs.decode,
  getToken: authjs.getToken,
  Credentials: authjs.Credentials,
  CredentialsSignin: authjs.errors.CredentialsSignin,
}

export const latchkey: Implementation = {
  name: "latchkey",
  Auth: latchkeyCore.Auth as Implementation["Auth"],
  skipCSRFCheck: latchkeyCore.skipCSRFCheck,
  raw: latchkeyCore.raw,
  createActionURL: latchkeyCore.createActionURL as Implementation["createActionURL"],
  encode: latchkeyJwt.encode as Implementation["encode"],
  decode: latchkeyJwt.decode as Implementation["decode"],
  getToken: latchkeyJwt.getToken as unknown as Implementation["getToken"],
  Credentials: LatchkeyCredentials as Implementation["Credentials"],
  CredentialsSignin: LatchkeyCredentialsSignin,
}

export const implementations = [reference, latchkey] as const
