/**
 * Props of the built-in pages. The page renderers (this folder) only turn
 * these plain values into HTML; deciding *whether* to render or redirect to a
 * custom page, and computing URLs and tokens, is done by the actions.
 */
import type { CredentialInput } from "../providers/credentials.js"
import type { Theme } from "../types.js"

/** Colors and logo a provider may bring for its sign-in button. */
export interface PageProviderStyle {
  /** URL or data: URI of the provider logo. Never fetched from a third-party host by default. */
  logo?: string
  /** Button background color. */
  bg?: string
  /** Button text color. */
  text?: string
}

/** One input of a credentials provider form (from `credentials` in its config). */
export type PageCredentialInput = CredentialInput

/** A provider as the sign-in page needs it. */
export interface PageProvider {
  id: string
  name: string
  type: "oauth" | "oidc" | "email" | "credentials" | "webauthn"
  /** Absolute URL the oauth/oidc/email form POSTs to (`{origin}{basePath}/signin/{id}`). */
  signinUrl: string
  /** Absolute URL the credentials/webauthn form POSTs to (`{origin}{basePath}/callback/{id}`). */
  callbackUrl: string
  style?: PageProviderStyle
  /** Credentials providers: the fields to render, keyed by the form field name. */
  credentials?: Record<string, PageCredentialInput>
  /** WebAuthn providers: the fields to render, keyed by the form field name. */
  formFields?: Record<string, PageCredentialInput>
  /** WebAuthn providers: `{origin}{basePath}/webauthn-options/{id}`, which the passkey script asks for options. */
  optionsUrl?: string
  /** WebAuthn providers: `enableConditionalUI`, whether the passkey script offers autofill on the `webauthn` field. */
  conditionalUI?: boolean
  /** WebAuthn providers: `allowSignUp`, whether the page offers "Create a passkey" to a signed-out visitor. */
  signUp?: boolean
  /**
   * Why this provider cannot sign anyone in on this server (e.g. an OAuth
   * provider without its client id): the page shows a disabled entry with
   * this one-line reason instead of a form.
   */
  unavailable?: string
}

/** What the user typed into a form before a failed sign-in (never a password), shown again. */
export interface KeptFields {
  /** The provider whose form it was. */
  providerId: string
  /** Field values by field name. */
  fields: Record<string, string>
}

export interface SignInPageProps {
  theme: Theme
  csrfToken: string
  /** Where to go after sign-in; echoed in a hidden field of every form. */
  callbackUrl: string
  /** A `SignInPageErrorParam` value (or any string: unknown values get the default message). */
  error?: string
  /** The `code` that came with `error`, for the errors whose message depends on it (`OAuthAccountNotLinked`). */
  code?: string
  /** Pre-fills the email field of email providers. */
  email?: string
  /** Values typed before a failed credentials or email sign-in, put back into that provider's form (password fields excepted). */
  kept?: KeptFields
  providers: PageProvider[]
  /**
   * The inline passkey script (pages/passkey-script.ts) when a WebAuthn
   * provider is configured. With it, WebAuthn forms get the "Sign in with a
   * passkey" button, "Create a passkey" and autofill; the response's CSP must
   * allow exactly this text by its hash.
   */
  passkeyScript?: string
}

export interface SignOutPageProps {
  theme: Theme
  csrfToken: string
  /** Absolute URL the confirmation form POSTs to (`{origin}{basePath}/signout`). */
  signoutUrl: string
}

export interface ErrorPageProps {
  theme: Theme
  /** An `ErrorPageParam` (Configuration, AccessDenied, Verification) or any other string. */
  error?: string
  /** `{origin}{basePath}/signin`, linked from the Verification error. */
  signinUrl: string
  /** The application origin, linked from the other errors. */
  homeUrl: string
}

export interface VerifyRequestPageProps {
  theme: Theme
  /** The application origin; its host is shown and linked. */
  homeUrl: string
  /** With a provider that sends codes: the code form (POST to `actionUrl`, CSRF-checked). */
  code?: { actionUrl: string; csrfToken: string; providerId: string; wrong: boolean } | undefined
}

/** The confirmation page of an email sign-in link (`GET /callback/{email provider}`). */
export interface EmailConfirmPageProps {
  theme: Theme
  /** The address the link was sent to. */
  email: string
  /** The app's host. */
  host: string
  /** Where the button posts: the provider's callback URL. */
  actionUrl: string
  token: string
  callbackUrl: string
  csrfToken: string
}

/** What a page renderer returns: a complete HTML document and its HTTP status. */
export interface RenderedPage {
  status: number
  html: string
}
