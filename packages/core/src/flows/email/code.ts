/**
 * Sign-in codes (docs/providers/email.md, "Codes"): with `code` on, the
 * message carries the link and a short code for the same sign-in, for the
 * user who reads mail on another device.
 *
 * - The code lives at most 10 minutes (OWASP ASVS 5.0 V6), however long the
 *   link does.
 * - It is bound to the browser that asked: a cookie sealed for the provider
 *   (security/provider-cookie.ts) carries the code's hash (SHA-256 of code,
 *   secret and a random nonce; never the code), the address, and the stored
 *   hash of the link's token. Another browser has no cookie to check against.
 * - Tries are counted by the adapter, so that they hold under parallel
 *   submissions and across app servers: each send stores {@link CODE_TRIES}
 *   single-use "try" rows (verification tokens under the namespaced
 *   identifier `latchkey:email-code:{nonce}`), and every submission first
 *   spends one through `useVerificationToken`, which hands a row out once.
 *   So at most {@link CODE_TRIES} submissions are ever compared. The last
 *   wrong one, or a submission that finds no row left, spends the link's
 *   token too: the code and its link are burned together.
 * - The comparison of the hashes runs in constant time.
 * - A limited send sets the same cookie (the sealed `sent` flag says "0")
 *   and stores no rows, yet every later step answers as for a real code:
 *   its tries are counted in the rate-limit store (which bounds what it
 *   keeps, unlike the adapter, and which a limited request can reach at any
 *   rate), and the adapter is asked the same questions, finding nothing.
 *   A wrong code gets `code=wrong` four times, then the lockout.
 */
import { runtimeCrypto } from "#crypto"
import type { RequestContext } from "../../context.js"
import { InvalidProvider, Verification } from "../../errors.js"
import { timingSafeEqualStrings } from "../../security/constant-time.js"
import { clearProviderCookie, openProviderCookie, sealProviderCookie } from "../../security/provider-cookie.js"
import { randomHex } from "../../security/random.js"
import type { CookieOption } from "../../types.js"
import type { EmailProvider } from "./provider.js"
import { emailLimiter } from "./send-limits.js"

/** The longest a code is valid: 10 minutes, in seconds (ASVS 5.0 V6). */
export const CODE_MAX_AGE = 10 * 60
/** Submissions allowed per code, right or wrong; the last wrong one burns the code and its link. */
export const CODE_TRIES = 5
/** The default code: 6 digits. */
export const DEFAULT_CODE = { length: 6, alphabet: "0123456789" } as const

/** A provider's `code` option, resolved; `undefined` when codes are off. */
export function codeFormat(provider: EmailProvider): { length: number; alphabet: string } | undefined {
  const option = provider.code
  if (option === undefined || option === false) return undefined
  const format = { ...DEFAULT_CODE, ...(option === true ? {} : option) }
  const { length, alphabet } = format
  if (
    !Number.isInteger(length) ||
    length < 4 ||
    length > 32 ||
    typeof alphabet !== "string" ||
    new Set(alphabet).size !== alphabet.length ||
    alphabet.length < 2 ||
    alphabet.length > 256
  ) {
    throw new InvalidProvider(`Email provider "${provider.id}": \`code\` must be true or { length: 4 to 32, alphabet: 2 to 256 distinct characters }.`)
  }
  return format
}

/** A code of `length` characters drawn uniformly from `alphabet` (rejection sampling on CSPRNG bytes). */
export function newCode({ length, alphabet }: { length: number; alphabet: string }): string {
  const symbols = [...alphabet]
  const usable = 256 - (256 % symbols.length)
  let code = ""
  while (code.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < usable && code.length < length) code += symbols[byte % symbols.length]
    }
  }
  return code
}

/** What the cookie holds of a code: its hash with the secret and the nonce. */
export async function codeHash(code: string, secret: string, nonce: string): Promise<string> {
  return runtimeCrypto.sha256Hex(`${code}\u0000${secret}\u0000${nonce}`)
}

/** The browser-binding cookie: the check cookies' attributes, its own name. */
export function codeCookie(ctx: RequestContext): CookieOption {
  const template = ctx.cookieTable.pkceCodeVerifier
  const secure = template.options.secure === true
  return { name: `${secure ? "__Secure-" : ""}latchkey.email-code`, options: { ...template.options, maxAge: CODE_MAX_AGE } }
}

const triesIdentifier = (nonce: string) => `latchkey:email-code:${nonce}`

/** What a send stores for a code. */
export interface IssuedCode {
  code: string
  /** Stores the try rows; run with the message's send. */
  store(): Promise<unknown>
}

/**
 * Issues a code for the link `linkHash` to `email`: queues the sealed
 * cookie, and returns the code and the storing of its tries. With
 * `decoy`, the cookie looks the same and nothing is stored (a limited
 * send must answer exactly like a sent one).
 */
export async function issueCode(
  ctx: RequestContext,
  provider: EmailProvider,
  secret: string,
  fields: { email: string; linkHash: string; linkExpires: Date },
  decoy = false,
): Promise<IssuedCode> {
  const format = codeFormat(provider)!
  const code = newCode(format)
  const nonce = randomHex(16)
  const maxAge = Math.max(1, Math.min(CODE_MAX_AGE, Math.floor((fields.linkExpires.valueOf() - Date.now()) / 1000)))
  const expires = new Date(Date.now() + maxAge * 1000)
  ctx.responseCookies.push(
    await sealProviderCookie(
      ctx,
      codeCookie(ctx),
      provider.id,
      // `sent` is "1" or "0", alike in length: the two cookies differ in nothing that shows.
      // `expires` is the tries' own expiry, which a limited send has no rows to hold.
      {
        value: nonce,
        hash: await codeHash(code, secret, nonce),
        email: fields.email,
        link: fields.linkHash,
        sent: decoy ? "0" : "1",
        expires: String(expires.valueOf()),
      },
      maxAge,
    ),
  )
  const adapter = ctx.config.adapter!
  return {
    code,
    store: async () => {
      if (decoy) return
      await Promise.all(
        Array.from({ length: CODE_TRIES }, (_, index) =>
          adapter.createVerificationToken!({ identifier: triesIdentifier(nonce), token: `try-${index + 1}`, expires }),
        ),
      )
    },
  }
}

/**
 * Counts one try of the code `nonce` in the rate-limit store; answers which
 * (1…{@link CODE_TRIES}), 0 when none is left, `undefined` when the store
 * failed.
 */
async function countTry(ctx: RequestContext, nonce: string): Promise<number | undefined> {
  try {
    const decision = await emailLimiter(ctx.config).check([{ key: `email-code:tries:${nonce}`, limit: CODE_TRIES, window: CODE_MAX_AGE }])
    return decision.ok ? CODE_TRIES - decision.remaining : 0
  } catch {
    return undefined
  }
}

/**
 * Spends one try; answers which (1…{@link CODE_TRIES}), 0 when none is
 * left, -1 when the code has expired. A real code's tries are its rows in
 * the adapter; a limited send's (`real` false) are counted in the rate-limit
 * store, and the same adapter calls are made, finding nothing, so that the
 * two take alike. Both are counted in the store, for the same reason.
 */
async function takeTry(ctx: RequestContext, nonce: string, real: boolean, expiresAt: number): Promise<number> {
  const counted = await countTry(ctx, nonce)
  const adapter = ctx.config.adapter!
  // A real code looks for its next row; a decoy asks as often as a real code at that try would.
  const calls = real || !counted ? CODE_TRIES : counted
  for (let index = 1; index <= calls; index++) {
    const row = await adapter.useVerificationToken!({ identifier: triesIdentifier(nonce), token: `try-${index}` })
    if (row && real) return new Date(row.expires).valueOf() > Date.now() ? index : -1
  }
  if (real || !counted) return 0
  // A decoy's code expires when a real one's rows would; one whose count the store could not keep has no try left.
  return expiresAt > Date.now() ? counted : -1
}

/** Spends whatever is left: the remaining tries, and the link when given. */
async function burn(ctx: RequestContext, nonce: string, real: boolean, link?: { email: string; linkHash: string }): Promise<void> {
  while ((await takeTry(ctx, nonce, real, Number.POSITIVE_INFINITY)) !== 0);
  if (link) await ctx.config.adapter!.useVerificationToken!({ identifier: link.email, token: link.linkHash })
}

/** The outcome of a code submission. */
export type CodeResult = { email: string; linkHash: string } | { wrong: true }

/**
 * Checks the `code` of this POST against the browser's cookie. Right: the
 * address and link to spend (the caller spends the link, single use). Wrong
 * with tries left: `{ wrong: true }`. Throws {@link Verification} when the
 * browser holds no valid cookie (another browser, expired) or the tries are
 * used up, the last burning the link.
 */
export async function checkCode(ctx: RequestContext, provider: EmailProvider, secret: string, code: string): Promise<CodeResult> {
  let sealed: Record<string, unknown>
  try {
    sealed = await openProviderCookie(ctx, codeCookie(ctx).name, provider.id)
  } catch (error) {
    throw new Verification("The sign-in code was not asked for in this browser, or has expired.", error as Error)
  }
  const { value: nonce, hash, email, link, sent, expires } = sealed
  if (typeof nonce !== "string" || typeof hash !== "string" || typeof email !== "string" || typeof link !== "string") {
    throw new Verification("The sign-in code's cookie is incomplete.", { provider: provider.id })
  }
  // The code stands for this address: a failed try is reported with it (events.signInFailure).
  ctx.signInIdentifier = email
  // A cookie from before the `sent` flag stood for a real send.
  const real = sent !== "0"
  const attempt = await takeTry(ctx, nonce, real, typeof expires === "string" ? Number(expires) : 0)
  if (attempt === -1) {
    // Expired: the code is over, its link (which may live longer) is not.
    await burn(ctx, nonce, real)
    ctx.responseCookies.push(clearProviderCookie(codeCookie(ctx)))
    throw new Verification("The sign-in code has expired (codes last 10 minutes); the link in the message may still work.", { provider: provider.id })
  }
  if (attempt === 0) {
    await burn(ctx, nonce, real, { email, linkHash: link })
    ctx.responseCookies.push(clearProviderCookie(codeCookie(ctx)))
    throw new Verification("The sign-in code was used, or had too many wrong tries.", { provider: provider.id })
  }
  const right = timingSafeEqualStrings(await codeHash(code.trim(), secret, nonce), hash)
  if (right) {
    await burn(ctx, nonce, real)
    ctx.responseCookies.push(clearProviderCookie(codeCookie(ctx)))
    return { email, linkHash: link }
  }
  if (attempt === CODE_TRIES) {
    await burn(ctx, nonce, real, { email, linkHash: link })
    ctx.responseCookies.push(clearProviderCookie(codeCookie(ctx)))
    throw new Verification(`The sign-in code was wrong ${CODE_TRIES} times: the code and its link are burned.`, { provider: provider.id })
  }
  return { wrong: true }
}
