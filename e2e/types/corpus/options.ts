// The remaining options: pages, theme, cookies, logger, debug, experimental.
import type { AuthConfig } from "@auth/core"
import type { CookiesOptions, LoggerInstance, PagesOptions, Theme, WarningCode } from "@auth/core/types"

declare const log: { error(...args: unknown[]): void; warn(...args: unknown[]): void; debug(...args: unknown[]): void }

const pages: Partial<PagesOptions> = { signIn: "/login", signOut: "/logout", error: "/auth/error", verifyRequest: "/verify", newUser: "/welcome" }
const theme: Theme = { colorScheme: "dark", brandColor: "#0070f3", logo: "/logo.svg", buttonText: "#fff" }
const cookies: Partial<CookiesOptions> = {
  sessionToken: { name: "__Secure-app.session", options: { httpOnly: true, sameSite: "lax", path: "/", secure: true, domain: "example.com" } },
  callbackUrl: { options: { sameSite: "strict" } },
}
const logger: Partial<LoggerInstance> = {
  error(error) {
    log.error(error.name, error.message, (error as { type?: string }).type)
  },
  warn(code: WarningCode) {
    log.warn(code)
  },
  debug(message, metadata) {
    log.debug(message, metadata)
  },
}

export const config: AuthConfig = {
  providers: [],
  pages,
  theme,
  cookies,
  logger,
  debug: process.env.NODE_ENV !== "production",
  useSecureCookies: true,
  trustHost: true,
  redirectProxyUrl: "https://auth.example.com/api/auth",
  experimental: { enableWebAuthn: false },
  session: { strategy: "database", generateSessionToken: () => crypto.randomUUID() },
}

export const inline: AuthConfig = {
  providers: [],
  secret: [process.env.AUTH_SECRET_NEW!, process.env.AUTH_SECRET_OLD!],
  logger: { error: (error) => console.error(error) },
  // @ts-expect-error the strategy is "jwt" or "database"
  session: { strategy: "cookie" },
}
