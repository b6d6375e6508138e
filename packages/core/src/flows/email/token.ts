/**
 * The token of a sign-in link and what is stored for it: the SHA-256 (hex)
 * of the token followed by the secret, exactly as `@auth/core` stores it, so
 * a link that `@auth/core` sent before a migration still works. The raw
 * token is only ever in the message.
 */
import { runtimeCrypto } from "#crypto"
import { randomHex } from "../../security/random.js"

/** 32 random bytes as hex (`@auth/core`'s default token). */
export function newLinkToken(): string {
  return randomHex(32)
}

/** What the adapter stores for `token` under `secret` (the provider's `secret`, else the configuration's, comma-joined). */
export async function storedLinkToken(token: string, secret: string): Promise<string> {
  return runtimeCrypto.sha256Hex(`${token}${secret}`)
}
