// The events, reading their messages.
import type { AuthConfig } from "@auth/core"

declare const audit: { write(entry: Record<string, unknown>): Promise<void> }

export const events: AuthConfig["events"] = {
  async signIn({ user, account, profile, isNewUser }) {
    await audit.write({ kind: "sign-in", user: user.id, provider: account?.provider, profile: profile?.sub, isNewUser })
  },
  async signOut(message) {
    if ("session" in message) await audit.write({ kind: "sign-out", user: message.session?.userId })
    if ("token" in message) await audit.write({ kind: "sign-out", user: message.token?.sub })
  },
  async createUser({ user }) {
    await audit.write({ kind: "create-user", email: user.email })
  },
  async updateUser({ user }) {
    await audit.write({ kind: "update-user", id: user.id })
  },
  async linkAccount({ user, account, profile }) {
    await audit.write({ kind: "link", user: user.id, provider: account.provider, type: account.type, name: profile.name })
  },
  async session({ session, token }) {
    await audit.write({ kind: "session", expires: session.expires, sub: token.sub })
  },
}
