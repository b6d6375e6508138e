// Sign-up with a password, the inbox confirmed first: the form sends a link,
// and the account (with its password) exists only once the link is used. An
// account made straight from the form would let anyone claim an address they
// do not own (its owner could then never sign in by email, since Latchkey
// refuses email sign-in to a user whose address nobody proved), and a form
// that said "this address has an account" would tell anyone who is a user.
//
// So every accepted form gets the same answer and one message: a new address
// a confirmation link, a known one a note that it has an account already.
// Nothing tells the two apart but the inbox.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"
import nodemailer from "nodemailer"
import { normalizeEmail } from "./accounts.js"
import { pendingSignUp, savePendingSignUp, setPasswordHash, spendPendingSignUp } from "./database.js"
import { smtpOptions } from "./mailbox.js"
import { hashPassword, passwordProblems } from "./passwords.js"

/** How long a confirmation link works. */
export const SIGN_UP_LINK_MINUTES = 60

const sha256 = (text) => createHash("sha256").update(text).digest()

/**
 * What stops a sign-up with these fields, as sentences for the form (empty:
 * nothing). Only the fields themselves are checked: whether the address has
 * an account is never said here.
 */
export function signUpProblems({ email, password, name }) {
  const address = normalizeEmail(email)
  const problems = []
  if (!address) problems.push("Enter one email address, like ada@example.com.")
  if (String(name ?? "").trim().length > 100) problems.push("The name is too long: use at most 100 characters.")
  problems.push(...passwordProblems(password, address))
  return problems
}

/**
 * The link's two halves: `id` finds the row, `secret` (256 bits from the
 * CSPRNG) proves the link; only the secret's SHA-256 is stored. Splitting
 * them lets the check compare the secret in constant time instead of
 * looking it up in an index.
 */
function newLinkToken() {
  const id = randomBytes(16).toString("base64url")
  const secret = randomBytes(32).toString("base64url")
  return { id, secret, token: `${id}.${secret}`, secretHash: sha256(secret).toString("hex") }
}

/**
 * The pending sign-up a link token stands for, if the token is whole, its
 * secret matches (constant time) and it has not expired; undefined otherwise.
 */
export async function signUpOfToken(db, token) {
  const [id, secret, extra] = String(token ?? "").split(".")
  if (!id || !secret || extra !== undefined || id.length > 32) return undefined
  const pending = await pendingSignUp(db, id)
  if (!pending) return undefined
  const expected = Buffer.from(pending.secretHash, "hex")
  const matches = expected.length === 32 && timingSafeEqual(sha256(secret), expected)
  return matches && pending.expires.getTime() > Date.now() ? pending : undefined
}

/**
 * Starts a sign-up from a form that passed {@link signUpProblems}. The
 * password is hashed first, whichever address it is, so both answers take as
 * long; then a new address gets a confirmation link and a known one a note.
 * `context` is `{ db, adapter, origin, smtpPort }`.
 */
export async function startSignUp({ db, adapter, origin, smtpPort }, fields) {
  const email = normalizeEmail(fields.email)
  const name = String(fields.name ?? "").trim() || null
  const passwordHash = await hashPassword(fields.password)
  const mail = nodemailer.createTransport(smtpOptions(smtpPort))
  const from = "Latchkey demo <demo@localhost>"
  if (await adapter.getUserByEmail(email)) {
    await mail.sendMail({
      from,
      to: email,
      subject: "You already have an account",
      text: [
        "Someone, maybe you, tried to create an account at the Latchkey demo with this address, which already has one. Nothing was changed.",
        "",
        `Sign in here: ${origin}/auth/signin?callbackUrl=%2F`,
        "",
        "Forgot the password? On that page, ask for an email link instead.",
        "If it was not you, you can ignore this message.",
      ].join("\n"),
    })
    return
  }
  const { id, token, secretHash } = newLinkToken()
  const expires = new Date(Date.now() + SIGN_UP_LINK_MINUTES * 60_000)
  await savePendingSignUp(db, { id, secretHash, email, name, passwordHash, expires })
  await mail.sendMail({
    from,
    to: email,
    subject: "Confirm your new account",
    text: [
      "Someone, maybe you, asked to create an account at the Latchkey demo with this address.",
      "",
      `To create it, open this link within ${SIGN_UP_LINK_MINUTES} minutes: ${origin}/signup/confirm?token=${token}`,
      "",
      "If it was not you, ignore this message: without the link, no account is made.",
    ].join("\n"),
  })
}

/**
 * Uses a confirmation link: creates the user (address verified now) with the
 * password given at sign-up. Resolves to `{ outcome, email }`, `outcome`
 * being "created", "exists" (the address got an account meanwhile: nothing
 * is created) or "invalid" (unknown, used or expired link). The link works
 * once: of parallel uses, one deletes the row and goes on, the others get
 * "invalid".
 */
export async function confirmSignUp({ db, adapter }, token) {
  const pending = await signUpOfToken(db, token)
  if (!pending || !(await spendPendingSignUp(db, pending.id))) return { outcome: "invalid" }
  const { email, name, passwordHash } = pending
  if (await adapter.getUserByEmail(email)) return { outcome: "exists", email }
  let user
  try {
    user = await adapter.createUser({ name, email, emailVerified: new Date(), image: null })
  } catch (error) {
    // Two links of one address used at once: the address is unique, so the other one won.
    if (await adapter.getUserByEmail(email)) return { outcome: "exists", email }
    throw error
  }
  await setPasswordHash(db, user.id, passwordHash)
  return { outcome: "created", email }
}
