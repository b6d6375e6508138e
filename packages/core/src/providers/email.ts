/**
 * Email ("magic link") provider configuration. The flow arrives with the
 * email issue; this is the shape `@auth/core` accepts.
 *
 * @module providers/email
 */
import type { Awaitable, Theme } from "../types.js"
import type { CommonProviderOptions } from "./index.js"

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
}

/** Configuration of an email provider. */
export interface EmailConfig extends CommonProviderOptions {
  type: "email"
  /** Sends the sign-in link. */
  sendVerificationRequest: (params: SendVerificationRequestParams) => Awaitable<void>
  /** Lifetime of a link, in seconds. Default 86,400 (24 h). */
  maxAge?: number
  from?: string
  server?: unknown
  apiKey?: string
  secret?: string
  generateVerificationToken?: () => Awaitable<string>
  normalizeIdentifier?: (identifier: string) => string
  /** The user's options, as passed to the factory. */
  options?: EmailUserConfig
}

/** `@auth/core`'s name for {@link SendVerificationRequestParams}. */
export type EmailProviderSendVerificationRequestParams = SendVerificationRequestParams

/** The options a user passes to an email provider factory: any field but `type` and `options`. */
export type EmailUserConfig = Omit<Partial<EmailConfig>, "options" | "type">

/** Ids of built-in email providers. */
export type EmailProviderId = "email" | "nodemailer" | "resend" | "sendgrid" | "postmark" | "mailgun" | "forwardemail" | "loops"
