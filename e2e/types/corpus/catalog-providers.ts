// Built-in OAuth/OIDC providers with options, as Auth.js apps configure them:
// factories called with options, passed uncalled, profile() overrides typed by
// the provider's profile, and the provider profile types imported by name.
import type { AuthConfig } from "@auth/core"
import Apple from "@auth/core/providers/apple"
import Discord from "@auth/core/providers/discord"
import GitHub, { type GitHubProfile } from "@auth/core/providers/github"
import Google, { type GoogleProfile } from "@auth/core/providers/google"
import Keycloak from "@auth/core/providers/keycloak"
import MicrosoftEntraID from "@auth/core/providers/microsoft-entra-id"
import Twitter from "@auth/core/providers/twitter"

export const config: AuthConfig = {
  providers: [
    GitHub,
    GitHub({
      clientId: process.env.AUTH_GITHUB_ID,
      clientSecret: process.env.AUTH_GITHUB_SECRET,
      allowDangerousEmailAccountLinking: true,
      profile(profile: GitHubProfile) {
        return { id: String(profile.id), name: profile.name ?? profile.login, email: profile.email, image: profile.avatar_url }
      },
    }),
    Google({
      authorization: { params: { prompt: "consent", access_type: "offline", response_type: "code" } },
      profile(profile: GoogleProfile) {
        return { id: profile.sub, name: profile.name, email: profile.email, image: profile.picture }
      },
    }),
    Apple({ clientId: "com.example.web", clientSecret: "apple-client-secret-jwt" }),
    Discord({ authorization: "https://discord.com/api/oauth2/authorize?scope=identify+email+guilds" }),
    Keycloak({ issuer: "https://kc.example.com/realms/main" }),
    MicrosoftEntraID({ clientId: "id", clientSecret: "secret", issuer: "https://login.microsoftonline.com/tenant-id/v2.0" }),
    Twitter({ clientId: "id", clientSecret: "secret" }),
  ],
  callbacks: {
    async jwt({ token, account, profile }) {
      if (account?.provider === "github" && profile) token.login = profile.login
      if (account) token.accessToken = account.access_token
      return token
    },
  },
}
