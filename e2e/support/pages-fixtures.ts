/**
 * Props for rendering the built-in pages in the browser tests: realistic
 * values, and one of each provider kind, with nothing that would make the
 * browser fetch anything (logos are data: URIs, brand marks inline SVG).
 */
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type {
  EmailConfirmPageProps,
  ErrorPageProps,
  PageProvider,
  SignInPageProps,
  SignOutPageProps,
  VerifyRequestPageProps,
} from "../../packages/core/src/pages/index.js"
import type { Theme } from "../../packages/core/src/types.js"

const ORIGIN = "https://app.example.test"
const BASE = `${ORIGIN}/auth`
const CSRF = "4f7c1d0b9a8e6f5d4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a2918f7e6d5c"

/** A small square logo as an SVG data: URI (rendering it makes no request). */
export const DATA_LOGO =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 48 48'><rect width='48' height='48' rx='12' fill='#3451d1'/><path d='M14 25l7 7 13-15' stroke='white' stroke-width='5' fill='none' stroke-linecap='round' stroke-linejoin='round'/></svg>",
  )

function provider(id: string, name: string, type: PageProvider["type"], extra: Partial<PageProvider> = {}): PageProvider {
  return { id, name, type, signinUrl: `${BASE}/signin/${id}`, callbackUrl: `${BASE}/callback/${id}`, ...extra }
}

/** The three common providers: an OAuth one, email, and username/password credentials. */
export const THREE_PROVIDERS: PageProvider[] = [
  provider("github", "GitHub", "oauth"),
  provider("email", "Email", "email"),
  provider("credentials", "Password", "credentials", {
    credentials: {
      username: { label: "Username", placeholder: "jsmith", autocomplete: "username" },
      password: { label: "Password", type: "password", autocomplete: "current-password" },
    },
  }),
]

/** Every provider kind, including a styled OAuth button, an OIDC one and a passkey form. */
export const ALL_PROVIDERS: PageProvider[] = [
  provider("github", "GitHub", "oauth"),
  provider("acme", "Acme SSO", "oidc", { style: { bg: "#1a7f37", logo: DATA_LOGO } }),
  provider("email", "Email", "email"),
  provider("credentials", "Password", "credentials", {
    credentials: {
      username: { label: "Username", placeholder: "jsmith" },
      password: { type: "password" },
      remember: { label: "Keep me signed in", type: "checkbox" },
    },
  }),
  provider("passkey", "Passkey", "webauthn", {
    formFields: { email: { label: "Email for your passkey", type: "email", autocomplete: "username webauthn" } },
  }),
]

/**
 * Providers that all start from the email address, as the demo has them: a password whose form
 * has an `email` field, email links, and passkeys (without autofill, so loading the page asks
 * nothing of the network). The page shows them as one form with one email field.
 */
export const EMAIL_FIRST_PROVIDERS: PageProvider[] = [
  provider("credentials", "Password", "credentials", {
    credentials: {
      email: { label: "Email", type: "email", autocomplete: "username", placeholder: "you@example.com" },
      password: { label: "Password", type: "password", autocomplete: "current-password" },
    },
  }),
  provider("email", "Email", "email"),
  provider("passkey", "Passkey", "webauthn", {
    formFields: { email: { label: "Email", type: "email", autocomplete: "username webauthn" } },
    optionsUrl: `${BASE}/webauthn-options/passkey`,
  }),
  provider("github", "GitHub", "oauth"),
]

/** Sign-in page props. */
export function signInProps(theme: Theme, overrides: Partial<SignInPageProps> = {}): SignInPageProps {
  return { theme, csrfToken: CSRF, callbackUrl: `${ORIGIN}/dashboard`, providers: THREE_PROVIDERS, ...overrides }
}

/** Sign-out page props. */
export function signOutProps(theme: Theme): SignOutPageProps {
  return { theme, csrfToken: CSRF, signoutUrl: `${BASE}/signout` }
}

/** Error page props for an error type. */
export function errorProps(theme: Theme, error: string | undefined): ErrorPageProps {
  return { theme, error, signinUrl: `${BASE}/signin`, homeUrl: ORIGIN }
}

/** Verify-request page props; with `code`, the code form (and, with `wrong`, its "not right" alert). */
export function verifyRequestProps(theme: Theme, code?: { wrong: boolean }): VerifyRequestPageProps {
  return {
    theme,
    homeUrl: ORIGIN,
    ...(code ? { code: { actionUrl: `${BASE}/callback/email`, csrfToken: CSRF, providerId: "email", wrong: code.wrong } } : {}),
  }
}

/** The confirmation page of an email sign-in link. */
export function emailConfirmProps(theme: Theme): EmailConfirmPageProps {
  return {
    theme,
    email: "jane@example.com",
    host: "app.example.test",
    actionUrl: `${BASE}/callback/email`,
    token: "0b8e3c1f9a7d5e2c4b6a8f0d1e3c5a7b",
    callbackUrl: `${ORIGIN}/dashboard`,
    csrfToken: CSRF,
  }
}

/** Providers that cannot work on the server, as the sign-in page gets them: a disabled entry each, with the reason. */
export const UNAVAILABLE_PROVIDERS: PageProvider[] = [
  provider("github", "GitHub", "oauth", {
    style: { bg: "#24292f", text: "#ffffff" },
    unavailable: "Not set up on this server: AUTH_GITHUB_ID and AUTH_GITHUB_SECRET are not set.",
  }),
  provider("linkedin", "LinkedIn", "oidc", { unavailable: "Not set up on this server: AUTH_LINKEDIN_SECRET is not set." }),
  provider("passkey", "Passkey", "webauthn", {
    formFields: { email: { label: "Email", type: "email" } },
    unavailable: "Passkeys are not available: a package they need is not installed on this server.",
  }),
  provider("email", "Email", "email"),
]

/** Every module of packages/core/src/providers that is not a provider factory. */
const NOT_FACTORIES = new Set(["index.ts", "oauth.ts", "oauth1.ts"])

/**
 * The built-in OAuth/OIDC catalog as the sign-in page gets it, read from the
 * provider modules: each factory's name and button style (the page draws its
 * brand mark).
 */
export const CATALOG_PROVIDERS: PageProvider[] = await catalogProviders()

async function catalogProviders(): Promise<PageProvider[]> {
  const folder = fileURLToPath(new URL("../../packages/core/src/providers/", import.meta.url))
  const files = readdirSync(folder)
    .filter((file) => file.endsWith(".ts") && !NOT_FACTORIES.has(file))
    .sort()
  const providers: PageProvider[] = []
  for (const file of files) {
    const factory = (await import(join(folder, file))).default as (options: Record<string, unknown>) => PageProvider
    const { id, name, type, style } = factory({ issuer: "https://idp.example.test" })
    if (type === "oauth" || type === "oidc") providers.push(provider(id, name, type, { style }))
  }
  return providers
}
