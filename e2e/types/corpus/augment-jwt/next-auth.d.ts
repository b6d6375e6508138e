// Typed claims on the session token.
import "@auth/core/jwt"

declare module "@auth/core/jwt" {
  interface JWT {
    accessToken?: string
    refreshToken?: string
    expiresAt?: number
    error?: "RefreshTokenError"
  }
}
