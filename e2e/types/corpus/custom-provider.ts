// A custom OAuth/OIDC provider factory with options, written as Auth.js's
// own provider files are, and provider lists mixing kinds.
import type { AuthConfig } from "@auth/core"
import type { OAuthConfig, OAuthUserConfig, OIDCConfig, Provider } from "@auth/core/providers"
import type { CredentialsConfig } from "@auth/core/providers/credentials"
import Credentials from "@auth/core/providers/credentials"
import type { Profile } from "@auth/core/types"

export interface AcmeProfile extends Record<string, any> {
  sub: string
  email: string
  name: string
  picture?: string
  org_id: string
}

export default function Acme<P extends AcmeProfile>(options: OAuthUserConfig<P> & { tenant?: string }): OAuthConfig<P> {
  return {
    id: "acme",
    name: "Acme",
    type: "oidc",
    issuer: `https://login.acme.test/${options.tenant ?? "common"}`,
    checks: ["pkce", "state", "nonce"],
    authorization: { params: { scope: "openid email profile offline_access" } },
    profile(profile) {
      return { id: profile.sub, name: profile.name, email: profile.email, image: profile.picture ?? null }
    },
    style: { logo: "/acme.svg", bg: "#000", text: "#fff" },
    options,
  }
}

export function Legacy(options: OAuthUserConfig<Profile>): OAuthConfig<Profile> {
  return {
    id: "legacy",
    name: "Legacy",
    type: "oauth",
    authorization: "https://legacy.test/oauth/authorize",
    token: "https://legacy.test/oauth/token",
    userinfo: "https://legacy.test/api/me",
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    profile: (profile) => ({ id: String(profile.id), name: profile.name ?? null, email: profile.email ?? null }),
    account: (tokens) => ({ access_token: tokens.access_token, expires_at: tokens.expires_at }),
    allowDangerousEmailAccountLinking: false,
    options,
  }
}

// A profile whose id is a number, as GitHub's is.
export interface ForgeProfile {
  id: number
  login: string
  name: string | null
  email: string | null
  avatar_url: string
}

export function Forge(config: OAuthUserConfig<ForgeProfile> & { enterprise?: { baseUrl?: string } }): OAuthConfig<ForgeProfile> {
  const baseUrl = config.enterprise?.baseUrl ?? "https://forge.test"
  return {
    id: "forge",
    name: "Forge",
    type: "oauth",
    authorization: { url: `${baseUrl}/login/oauth/authorize`, params: { scope: "read:user user:email" } },
    token: `${baseUrl}/login/oauth/access_token`,
    userinfo: { url: `${baseUrl}/api/user` },
    profile(profile) {
      return { id: profile.id.toString(), name: profile.name ?? profile.login, email: profile.email, image: profile.avatar_url }
    },
    style: { bg: "#24292f", text: "#fff" },
    options: config,
  }
}

export const oidc: OIDCConfig<AcmeProfile> = {
  id: "corp",
  name: "Corp",
  type: "oidc",
  issuer: "https://sso.corp.test",
  clientId: "app",
  clientSecret: "secret",
  idToken: true,
}

const credentials: CredentialsConfig = Credentials({ credentials: { otp: { label: "One-time code" } }, authorize: () => null })

export const providers: Provider[] = [
  Acme({ clientId: process.env.AUTH_ACME_ID, clientSecret: process.env.AUTH_ACME_SECRET, tenant: "eu" }),
  Legacy({ clientId: "legacy" }),
  Forge({ clientId: "forge", enterprise: { baseUrl: "https://git.example.com" } }),
  oidc,
  credentials,
  Credentials,
]
export const acmeOnly: Provider<AcmeProfile>[] = [Acme({})]
export const config: AuthConfig = { providers }

// @ts-expect-error an OAuth provider has no option of that name
export const misspelled: OAuthConfig<ForgeProfile> = Forge({ clientID: "forge" })

// @ts-expect-error a provider's type is one of the known kinds
export const unknownKind: Provider = { id: "x", name: "X", type: "saml" }
