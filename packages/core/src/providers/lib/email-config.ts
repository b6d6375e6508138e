/**
 * The configuration every email provider shares, declared apart from the
 * providers so that `Email` (providers/email.ts), which is the SMTP provider
 * under another name, and the SMTP sender it uses can both read it.
 * `@latchkey/core/providers/email` re-exports it. See docs/providers/email.md.
 */
import type { Awaitable } from "../../model/common.js"
import type { Theme } from "../../model/pages.js"
import type { CommonProviderOptions } from "../../model/provider.js"

/** The email provider type. */
export type EmailProviderType = "email"

/** Parameters of `sendVerificationRequest`. */
export interface SendVerificationRequestParams {
  identifier: string
  url: string
  expires: Date
  provider: EmailConfig
  token: string
  theme: Theme
  request: Request
  /**
   * With the provider's `code` on: the code for the same sign-in, to put in
   * the message beside the link (valid 10 minutes). Latchkey only.
   */
  code?: string
}

/** Configuration of an email provider. */
export interface EmailConfig extends CommonProviderOptions {
  type: "email"
  /** Sends the sign-in link. */
  sendVerificationRequest: (params: SendVerificationRequestParams) => Awaitable<void>
  /** Lifetime of a link, in seconds. Default 86,400 (24 h). */
  maxAge?: number
  /** The sender of the message, e.g. `"Example <no-reply@example.com>"`. Default `no-reply@{the app's host}`. */
  from?: string
  /** SMTP: a connection URL (`smtp://user:pass@host:587`) or nodemailer transport options. */
  server?: unknown
  /** HTTP-API senders (Resend, Postmark, SendGrid, Mailgun): the service's API key. Default `AUTH_{ID}_KEY` through `setEnvDefaults` (docs/providers/email-apis.md). */
  apiKey?: string
  /** Replaces the configuration's secret in the stored hash of the link's token. */
  secret?: string
  /** Replaces the token of the link (default: 32 random bytes as hex). */
  generateVerificationToken?: () => Awaitable<string>
  /**
   * Replaces the default address rules (NFKC, lower-case, trim, one plain
   * address; docs/providers/email.md, "Addresses"). Throw to refuse.
   */
  normalizeIdentifier?: (identifier: string) => string
  /**
   * Whether opening the link shows a confirmation page whose button signs in
   * (default `true`), so that mail scanners opening every link spend
   * nothing. `false` restores `@auth/core`'s one-click link, which a GET
   * spends (docs/providers/email.md, "The confirmation page").
   */
  confirm?: boolean
  /**
   * Also send a short code for the same sign-in, for the user who reads
   * mail on another device (docs/providers/email.md, "Codes"): `true` for 6
   * digits, or `{ length, alphabet }` (4 to 32 characters from 2 to 256
   * distinct ones). The verify-request page then asks for it. Valid 10
   * minutes at most, only in the browser that asked, 5 tries. Default:
   * off. Latchkey only.
   */
  code?: boolean | { length?: number; alphabet?: string }
  /** The user's options, as passed to the factory. */
  options?: EmailUserConfig
}

/** `@auth/core`'s name for {@link SendVerificationRequestParams}. */
export type EmailProviderSendVerificationRequestParams = SendVerificationRequestParams

/** The options a user passes to an email provider factory: any field but `type` and `options`. */
export type EmailUserConfig = Omit<Partial<EmailConfig>, "options" | "type">

/** Ids of built-in email providers. */
export type EmailProviderId = "email" | "nodemailer" | "resend" | "sendgrid" | "postmark" | "mailgun" | "forwardemail" | "loops"
