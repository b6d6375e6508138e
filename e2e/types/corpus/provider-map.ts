// A custom sign-in page lists the configured providers, as the Auth.js docs
// show: call factories, keep id and name, skip credentials.
import type { AuthConfig } from "@auth/core"
import type { Provider } from "@auth/core/providers"
import Credentials from "@auth/core/providers/credentials"
import type { Authenticator, PublicProvider } from "@auth/core/types"

const providers: Provider[] = [Credentials({ credentials: { password: { type: "password" } } })]

export const providerMap = providers
  .map((provider) => {
    if (typeof provider === "function") {
      const providerData = provider()
      return { id: providerData.id, name: providerData.name, type: providerData.type }
    }
    return { id: provider.id, name: provider.name, type: provider.type }
  })
  .filter((provider) => provider.id !== "credentials")

export const config = { providers, trustHost: true, session: { strategy: "jwt" } } satisfies AuthConfig

export function perRequestConfig(request: Request): AuthConfig {
  const tenant = new URL(request.url).hostname.split(".")[0]
  return { ...config, basePath: `/${tenant}/auth` }
}

export async function listProviders(origin: string): Promise<PublicProvider[]> {
  const response = await fetch(`${origin}/auth/providers`)
  return Object.values((await response.json()) as Record<string, PublicProvider>)
}

export function describeAuthenticator(authenticator: Authenticator): string {
  return `${authenticator.credentialDeviceType} key used ${authenticator.counter} times`
}
