import type { AuthConfig } from "@auth/core"
import Credentials from "@auth/core/providers/credentials"
import type { Session } from "@auth/core/types"

export const config: AuthConfig = {
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      authorize: async ({ email }) => (email === "admin@example.com" ? { id: "1", role: "admin" } : null),
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) token.role = user.role
      return token
    },
    session({ session, token }) {
      session.user.id = token.sub!
      session.user.role = token.role === "admin" ? "admin" : "member"
      return session
    },
  },
}

export function isAdmin(session: Session | null): boolean {
  return session?.user.role === "admin"
}

export function greet(session: Session): string {
  // The augmentation made `user` required.
  return `Hello ${session.user.name ?? session.user.id}`
}

// @ts-expect-error "owner" is not a role
export const wrongRole: Session = { expires: "", user: { id: "1", role: "owner" } }
