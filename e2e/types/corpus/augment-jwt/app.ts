import type { AuthConfig } from "@auth/core"
import { getToken } from "@auth/core/jwt"

declare module "@auth/core/types" {
  interface Session {
    accessToken?: string
    error?: "RefreshTokenError"
  }
}

export const callbacks: AuthConfig["callbacks"] = {
  async jwt({ token, account }) {
    if (account) {
      return { ...token, accessToken: account.access_token, refreshToken: account.refresh_token, expiresAt: account.expires_at }
    }
    if (token.expiresAt && Date.now() < token.expiresAt * 1000) return token
    return { ...token, error: "RefreshTokenError" as const }
  },
  async session({ session, token }) {
    session.accessToken = token.accessToken
    session.error = token.error
    return session
  },
}

export async function bearer(request: Request): Promise<string | undefined> {
  const token = await getToken({ req: request, secret: process.env.AUTH_SECRET })
  // Typed by the augmentation: a string, not unknown.
  const access: string | undefined = token?.accessToken
  return access
}
