/**
 * Sign in with a WebAuthn credential (a security key, a platform
 * authenticator, a synced passkey), on `@simplewebauthn/server` 14. The
 * routes and bodies are `@auth/core`'s (`GET /webauthn-options/{id}`,
 * `POST /callback/{id}` with `action` and `data`), so its client code keeps
 * working. Unlike `@auth/core`, it is not experimental (the
 * `experimental.enableWebAuthn` flag is accepted, not required), every
 * challenge is single use on the server, and every configured origin and
 * RP ID is honoured (docs/providers/passkey.md).
 *
 * `webauthn` asks the authenticator for user verification as "preferred"
 * (W3C WebAuthn L3 §5.8.6), as `@auth/core` does; the verifier keeps
 * SimpleWebAuthn's default, which refuses a response without the UV flag
 * (set `requireUserVerification: false` in the verify options to accept
 * security keys without a PIN). `passkey` requires it from the start.
 *
 * `@simplewebauthn/server` is an optional peer dependency: install it next
 * to `@latchkey/core`. This module is the one that names it (the provider
 * carries its loader), so an app that never imports a WebAuthn provider
 * never needs it; it is loaded at the first passkey request. The browser
 * library of the built-in sign-in page is built into core.
 *
 * @example
 * ```ts
 * import WebAuthn from "@latchkey/core/providers/webauthn"
 * WebAuthn({ relyingParty: { id: "example.com", name: "Example", origin: "https://example.com" } })
 * ```
 * @module providers/webauthn
 */
import type { SemverString } from "../model/common.js"
import type { CommonProviderOptions } from "../model/provider.js"
import type { CredentialInput } from "./credentials.js"
import { type WebAuthnLibraries, withWebAuthnLibraries } from "./lib/webauthn-libraries.js"

/** The WebAuthn provider type. */
export type WebAuthnProviderType = "webauthn"

/** The relying party (your site) of one WebAuthn ceremony, as `@auth/core` names it. */
export type RelayingParty = { id: string; name: string; origin: string }

/**
 * Your site as WebAuthn sees it (W3C WebAuthn L3 §5.1.2, §13.4.9). Every
 * field defaults from the request: `id` its host name, `name` its host,
 * `origin` its origin.
 */
export interface RelyingPartyOptions {
  /**
   * The RP ID(s): a registrable domain suffix of the origins. Every one
   * listed is accepted when verifying; the first is the one new
   * credentials are created for, unless the request's own host name is
   * one of them (then that one is).
   */
  id?: string | string[]
  /** The name shown by the authenticator when a credential is created. The first of an array is used. */
  name?: string | string[]
  /**
   * Every origin a ceremony may come from (`https://example.com`,
   * `https://example.co.uk`). A response from any other origin is refused.
   * Origins on other registrable domains also need the related-origins file
   * (see `webauthnWellKnown` and docs/providers/passkey.md).
   */
  origin?: string | string[]
}

/** Transport of one credential, as the browser reports it. */
export type WebAuthnTransport = "ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb"

/** Configuration of a WebAuthn provider. */
export interface WebAuthnConfig extends CommonProviderOptions {
  type: "webauthn"
  /** Fields of the sign-in form (default: an email with `username webauthn` autocomplete). */
  formFields: Record<string, CredentialInput>
  /** Offer passkeys in the email field's autofill (conditional mediation). Default `true`. */
  enableConditionalUI?: boolean
  /**
   * Let a signed-out visitor create an account by registering a passkey for
   * an email address (`action=register&email=…`, or an `email` without
   * `action`). Default `false`: only a signed-in user can register a passkey
   * (added to their account), and a signed-out visitor's options request is
   * always a sign-in with a discoverable credential.
   *
   * The address of a sign-up is not verified (a passkey proves an
   * authenticator, not an inbox), and a completed sign-up tells whoever
   * made it whether the address was free. With an email provider too, a
   * stranger could take a person's address before they arrive, and that
   * person's email sign-in is then refused (docs/account-linking.md). Turn
   * it on for passkey-first apps that accept this, or verify the inbox
   * first (docs/providers/passkey.md, "Sign-up").
   */
  allowSignUp?: boolean
  /** Accepted for `@auth/core` compatibility; Latchkey never loads the browser library from a CDN. */
  simpleWebAuthnBrowserVersion?: SemverString | false
  /** Your site: RP ID(s), name and origin(s). Defaults from the request. */
  relyingParty?: RelyingPartyOptions
  /** `@auth/core`'s spelling of {@link relyingParty}; used when `relyingParty` is not set. */
  relayingParty?: RelyingPartyOptions
  /** Passed to `generateAuthenticationOptions` (default `{ timeout: 300000 }`). */
  authenticationOptions?: Record<string, unknown>
  /**
   * Passed to `generateRegistrationOptions` (default `{ timeout: 300000 }`).
   * `supportedAlgorithmIDs` defaults to EdDSA, ES256 and RS256 (COSE -8, -7,
   * -257: what `@auth/core` offers) on every runtime, not SimpleWebAuthn 14's
   * runtime-dependent list, and is also what registration accepts.
   */
  registrationOptions?: Record<string, unknown>
  /** Passed to `verifyAuthenticationResponse` (default: SimpleWebAuthn's, which requires the UV flag). */
  verifyAuthenticationOptions?: Record<string, unknown>
  /** Passed to `verifyRegistrationResponse` (default: SimpleWebAuthn's, which requires the UV flag). */
  verifyRegistrationOptions?: Record<string, unknown>
  options?: Record<string, unknown>
}

/** Five minutes: how long a ceremony (and its challenge) may take. */
export const DEFAULT_WEBAUTHN_TIMEOUT = 5 * 60 * 1000

/**
 * The libraries of every WebAuthn provider, each imported on first use.
 * `@simplewebauthn/server` comes through `#webauthn-server` (package.json
 * "imports"): the library, or under the `edge-light` condition a refusal,
 * so that an Edge bundle never contains it.
 */
const LIBRARIES: WebAuthnLibraries = Object.freeze({
  server: () => import("#webauthn-server").then((runtime) => runtime.loadSimpleWebAuthn()),
  browserBundle: () => import("./lib/simplewebauthn-browser.js").then((module) => module.SIMPLEWEBAUTHN_BROWSER_BUNDLE),
})

/**
 * The `webauthn` provider: id `webauthn`, user verification "preferred",
 * conditional UI on, 5-minute ceremonies. `config` overrides any field.
 */
export default function WebAuthn(config: Partial<WebAuthnConfig> = {}): WebAuthnConfig {
  const provider: WebAuthnConfig = {
    id: "webauthn",
    name: "WebAuthn",
    enableConditionalUI: true,
    authenticationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT },
    registrationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT },
    formFields: { email: { label: "Email", required: true, autocomplete: "username webauthn" } },
    ...config,
    type: "webauthn",
  }
  return withWebAuthnLibraries(provider, LIBRARIES)
}

/*
 * The related-origins file, `/.well-known/webauthn` (W3C WebAuthn L3
 * §5.11, "Using Web Authentication across related origins"): a browser
 * asked to use RP ID `example.com` from `https://example.co.uk` fetches
 * `https://example.com/.well-known/webauthn` and proceeds only when the
 * calling origin is listed in its `origins`. Routing it is the app's: it
 * lives at the site root, outside Latchkey's base path
 * (docs/providers/passkey.md, "Several origins"). It reads the providers'
 * configuration only, so it lives with the provider.
 */

/** Anything that lists providers: an `AuthConfig`, or just `{ providers }`. */
export interface ProvidersHolder {
  providers: readonly unknown[]
}

function origins(options: RelyingPartyOptions | undefined): string[] {
  const value = options?.origin
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

/**
 * The `/.well-known/webauthn` response for `config`: `{"origins": [...]}`
 * with every origin configured on its WebAuthn providers (`relyingParty.origin`,
 * deduplicated, in order), as JSON with `Cache-Control: public, max-age=3600`.
 * Answers 404 when no WebAuthn provider lists an origin.
 *
 * @example
 * ```ts
 * if (url.pathname === "/.well-known/webauthn") return webauthnWellKnown(authConfig)
 * ```
 */
export function webauthnWellKnown(config: ProvidersHolder): Response {
  const listed: string[] = []
  for (const entry of config.providers) {
    const provider = (typeof entry === "function" ? (entry as () => unknown)() : entry) as Partial<WebAuthnConfig> | null
    if (provider?.type !== "webauthn") continue
    const options = (provider.options as Partial<WebAuthnConfig> | undefined) ?? {}
    for (const origin of origins(options.relyingParty ?? options.relayingParty ?? provider.relyingParty ?? provider.relayingParty)) {
      if (!listed.includes(origin)) listed.push(origin)
    }
  }
  if (!listed.length) return new Response(null, { status: 404 })
  return new Response(JSON.stringify({ origins: listed }), {
    headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=3600" },
  })
}
