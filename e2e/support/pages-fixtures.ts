/**
 * Props for rendering the built-in pages in the browser tests: realistic
 * values, and one of each provider kind, with nothing that would make the
 * browser fetch anything (logos are data: URIs, brand marks inline SVG).
 */
import type {
  EmailConfirmPageProps,
  ErrorPageProps,
  PageProvider,
  SignInPageProps,
  SignOutPageProps,
  VerifyRequestPageProps,
} from "../../packages/core/src/pages/index.js"
import type { Theme } from "../../packages/core/src/types.js"
import Apple from "../../packages/core/src/providers/apple.js"
import Atlassian from "../../packages/core/src/providers/atlassian.js"
import Auth0 from "../../packages/core/src/providers/auth0.js"
import Authentik from "../../packages/core/src/providers/authentik.js"
import Bitbucket from "../../packages/core/src/providers/bitbucket.js"
import Cognito from "../../packages/core/src/providers/cognito.js"
import Discord from "../../packages/core/src/providers/discord.js"
import Dropbox from "../../packages/core/src/providers/dropbox.js"
import Facebook from "../../packages/core/src/providers/facebook.js"
import GitHub from "../../packages/core/src/providers/github.js"
import GitLab from "../../packages/core/src/providers/gitlab.js"
import Google from "../../packages/core/src/providers/google.js"
import Keycloak from "../../packages/core/src/providers/keycloak.js"
import LinkedIn from "../../packages/core/src/providers/linkedin.js"
import MicrosoftEntraID from "../../packages/core/src/providers/microsoft-entra-id.js"
import Notion from "../../packages/core/src/providers/notion.js"
import Okta from "../../packages/core/src/providers/okta.js"
import Reddit from "../../packages/core/src/providers/reddit.js"
import Salesforce from "../../packages/core/src/providers/salesforce.js"
import Slack from "../../packages/core/src/providers/slack.js"
import Spotify from "../../packages/core/src/providers/spotify.js"
import Twitch from "../../packages/core/src/providers/twitch.js"
import Twitter from "../../packages/core/src/providers/twitter.js"
import Zitadel from "../../packages/core/src/providers/zitadel.js"
import Zoom from "../../packages/core/src/providers/zoom.js"

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

/** The built-in provider catalog as the sign-in page gets it: each factory's name and button style (the page draws its brand mark). */
export const CATALOG_PROVIDERS: PageProvider[] = [
  Apple, Atlassian, Auth0, Authentik, Bitbucket, Cognito, Discord, Dropbox, Facebook, GitHub, GitLab, Google, Keycloak, LinkedIn, MicrosoftEntraID, Notion, Okta, Reddit, Salesforce, Slack, Spotify, Twitch, Twitter, Zitadel, Zoom,
].map((factory) => {
  const { id, name, type, style } = factory({ issuer: "https://idp.example.test" })
  return provider(id, name, type, { style })
})
