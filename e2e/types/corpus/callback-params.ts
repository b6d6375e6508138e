// Every callback, reading each of its parameters as Auth.js apps do.
import type { AuthConfig } from "@auth/core"
import type { AdapterUser } from "@auth/core/adapters"
import type { JWT } from "@auth/core/jwt"
import type { Account, DefaultSession, Profile, Session, User } from "@auth/core/types"

declare function isAllowedDomain(email: string): boolean
declare function refreshAccessToken(refreshToken: string): Promise<{ access_token: string; expires_in: number }>

export const callbacks: AuthConfig["callbacks"] = {
  async signIn({ user, account, profile, email, credentials }) {
    if (email?.verificationRequest) return true
    if (account?.provider === "credentials") return !!credentials
    if (account?.provider === "google") return !!profile?.email_verified && profile.email!.endsWith("@example.com")
    if (!user.email) return "/auth/error?error=NoEmail"
    return isAllowedDomain(user.email)
  },

  async redirect({ url, baseUrl }) {
    if (url.startsWith("/")) return `${baseUrl}${url}`
    else if (new URL(url).origin === baseUrl) return url
    return baseUrl
  },

  async jwt({ token, user, account, profile, trigger, session, isNewUser }) {
    if (trigger === "signIn" || trigger === "signUp") {
      token.id = user.id
      token.name = user.name
    }
    if (isNewUser) token.isNew = true
    if (account) {
      token.accessToken = account.access_token
      token.refreshToken = account.refresh_token
      token.expiresAt = account.expires_at
      token.provider = account.provider
      // Provider-specific parameters of the token response are JSON values.
      const refreshExpiresIn = account.refresh_token_expires_in
      if (typeof refreshExpiresIn === "number") token.refreshExpiresAt = Math.floor(Date.now() / 1000) + refreshExpiresIn
      token.sessionState = account.session_state?.toString()
    }
    if (profile) token.locale = profile.locale
    if (trigger === "update" && session?.name) token.name = session.name
    if (typeof token.expiresAt === "number" && Date.now() < token.expiresAt * 1000) return token
    if (typeof token.refreshToken === "string") {
      const refreshed = await refreshAccessToken(token.refreshToken)
      return { ...token, accessToken: refreshed.access_token, expiresAt: Math.floor(Date.now() / 1000 + refreshed.expires_in) }
    }
    return token
  },

  async session({ session, token, user, newSession, trigger }) {
    if (token) {
      session.user.id = token.sub ?? ""
      session.user.name = token.name
      session.user.email = token.email ?? ""
      session.user.image = token.picture
    }
    if (user) session.user.emailVerified = user.emailVerified
    if (trigger === "update" && newSession?.theme) console.log("theme changed to", newSession.theme)
    return session
  },
}

// Callbacks written as standalone, explicitly typed functions.
export function sessionFromToken({ session, token }: { session: Session; token: JWT }): Session {
  if (session.user) session.user.id = token.sub
  return session
}

export function sessionFromUser({ session, user }: { session: Session; user: AdapterUser }): DefaultSession {
  return { ...session, user: { ...session.user, id: user.id } }
}

export async function onJwt(params: { token: JWT; user?: User | AdapterUser; account?: Account | null; profile?: Profile }): Promise<JWT> {
  if (params.user?.id) params.token.sub = params.user.id
  return params.token
}

export const typedCallbacks: AuthConfig["callbacks"] = { jwt: onJwt, session: sessionFromToken }

export const databaseCallbacks: AuthConfig["callbacks"] = {
  session: ({ session, user }) => ({ ...session, user: { ...session.user, id: user.id } }),
}

export const strictness: AuthConfig["callbacks"] = {
  // @ts-expect-error signIn must answer a boolean or a URL string
  signIn: () => 42,
  // @ts-expect-error redirect must answer a string
  redirect: async () => null,
  jwt({ token }) {
    // @ts-expect-error claims are unknown until narrowed or augmented
    const role: string = token.role
    return { ...token, role }
  },
  // @ts-expect-error a session needs its expires
  session: () => ({ user: { name: "x" } }),
}
