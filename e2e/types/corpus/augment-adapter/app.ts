import type { AuthConfig } from "@auth/core"
import type { Adapter, AdapterUser } from "@auth/core/adapters"
import "./types.js"

declare const adapter: Adapter

export const config: AuthConfig = {
  providers: [],
  adapter,
  session: { strategy: "database" },
  callbacks: {
    session({ session, user }) {
      session.user.role = user.role
      session.user.tenantId = user.tenantId
      return session
    },
  },
}

export function canAdminister(user: AdapterUser, tenantId: string): boolean {
  return user.role === "admin" && user.tenantId === tenantId
}

// @ts-expect-error the augmentation made role required on adapter users
export const incomplete: AdapterUser = { id: "1", email: "a@example.com", emailVerified: null, tenantId: "t" }
