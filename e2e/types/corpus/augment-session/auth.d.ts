// Module augmentation as the Auth.js docs teach it: a role on the user and
// the session, and an id the session always has.
import type { DefaultSession } from "@auth/core/types"

declare module "@auth/core/types" {
  interface User {
    role?: "admin" | "member"
  }
  interface Session {
    user: {
      id: string
      role: "admin" | "member"
    } & DefaultSession["user"]
  }
}
