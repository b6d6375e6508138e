// Email-and-password accounts: the credentials provider's `authorize`, which
// signs in (intent "signin", the built-in form) or signs up (intent "signup",
// the demo's /signup form, after the demo checked the fields and showed what
// was wrong). The rules are enforced here too, so a POST that skips the form
// gets nothing a form would have refused.
import Credentials from "@latchkey/core/providers/credentials"
import { passwordHashOf, setPasswordHash } from "./database.js"
import { hashPassword, passwordProblems, verifyPassword } from "./passwords.js"

/** The address as the demo stores it: trimmed and lower-case, or "" when it is not one plain address. */
export function normalizeEmail(value) {
  const email = String(value ?? "")
    .trim()
    .toLowerCase()
  return /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/.test(email) && email.length <= 254 ? email : ""
}

/**
 * What stops a sign-up with these fields, as sentences for the form (empty:
 * nothing). An address that already has an account is refused with a hint
 * to sign in instead; an account without a password (made by email, passkey
 * or Local OIDC) gets one after signing in that way.
 */
export async function signUpProblems(adapter, { email, password, name }) {
  const address = normalizeEmail(email)
  const problems = []
  if (!address) problems.push("Enter one email address, like ada@example.com.")
  if (String(name ?? "").trim().length > 100) problems.push("The name is too long: use at most 100 characters.")
  problems.push(...passwordProblems(password, address))
  if (address && (await adapter.getUserByEmail(address))) {
    problems.push("This email address already has an account: sign in instead (by email link or code if it has no password yet).")
  }
  return problems
}

/** The credentials provider, with sign-up. */
export function PasswordProvider({ db, adapter }) {
  return Credentials({
    id: "credentials",
    name: "Password",
    credentials: {
      email: { label: "Email", type: "email", autocomplete: "username", placeholder: "demo@latchkey.dev" },
      password: { label: "Password", type: "password", autocomplete: "current-password" },
    },
    async authorize(fields) {
      if (fields.intent === "signup") {
        if ((await signUpProblems(adapter, fields)).length > 0) return null
        const email = normalizeEmail(fields.email)
        const passwordHash = await hashPassword(fields.password)
        const user = await adapter.createUser({ name: String(fields.name ?? "").trim() || null, email, emailVerified: null, image: null })
        await setPasswordHash(db, user.id, passwordHash)
        return { id: user.id, name: user.name, email: user.email, image: user.image }
      }
      const user = await adapter.getUserByEmail(normalizeEmail(fields.email))
      // An unknown email still costs one full hash, so timing does not reveal which exist.
      const ok = await verifyPassword(fields.password, user ? await passwordHashOf(db, user.id) : undefined)
      // Under database sessions the user must be the adapter's, with its id.
      return user && ok ? { id: user.id, name: user.name, email: user.email, image: user.image } : null
    },
  })
}
