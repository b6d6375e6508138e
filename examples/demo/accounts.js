// Email-and-password sign-in: the credentials provider's `authorize`. Accounts
// with a password are made by the demo's sign-up (sign-up.js), only after their
// inbox is confirmed, or by "add a password" once signed in another way.
import Credentials from "@latchkey/core/providers/credentials"
import { passwordHashOf } from "./database.js"
import { verifyPassword } from "./passwords.js"

/** The address as the demo stores it: trimmed and lower-case, or "" when it is not one plain address. */
export function normalizeEmail(value) {
  const email = String(value ?? "")
    .trim()
    .toLowerCase()
  return /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/.test(email) && email.length <= 254 ? email : ""
}

/** The credentials provider: signs in a user who has a password. */
export function PasswordProvider({ db, adapter }) {
  return Credentials({
    id: "credentials",
    name: "Password",
    credentials: {
      email: { label: "Email", type: "email", autocomplete: "username", placeholder: "demo@latchkey.dev" },
      password: { label: "Password", type: "password", autocomplete: "current-password" },
    },
    async authorize(fields) {
      const user = await adapter.getUserByEmail(normalizeEmail(fields.email))
      // An unknown email still costs one full hash, so timing does not reveal which exist.
      const ok = await verifyPassword(fields.password, user ? await passwordHashOf(db, user.id) : undefined)
      // Under database sessions the user must be the adapter's, with its id.
      return user && ok ? { id: user.id, name: user.name, email: user.email, image: user.image } : null
    },
  })
}
