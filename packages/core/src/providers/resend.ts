/**
 * Email sign-in through [Resend](https://resend.com)'s HTTP API
 * (`POST {baseUrl}/emails`, `Authorization: Bearer {apiKey}`), over
 * `fetch`: no SMTP and no optional dependency, so it works on edge runtimes.
 * It sends the same message as the SMTP provider. See
 * docs/providers/email-apis.md.
 *
 * ```ts
 * import Resend from "@latchkey/core/providers/resend"
 * Resend({ from: "Example <no-reply@example.com>" }) // apiKey from AUTH_RESEND_KEY
 * ```
 *
 * @module providers/resend
 */
import type { EmailConfig, EmailUserConfig } from "./email.js"
import { apiEndpoint, composeMessage, type EmailApiOptions, type EmailApiSender, emailApiProvider, jsonRequest } from "./lib/email-api.js"

/** Resend's API. */
export const RESEND_API_URL = "https://api.resend.com"

/** The options of {@link Resend}: those of every email provider, plus `baseUrl` (default {@link RESEND_API_URL}) and `timeout`. */
export type ResendUserConfig = EmailUserConfig & EmailApiOptions

/** The configuration {@link Resend} returns. */
export type ResendConfig = EmailConfig & EmailApiOptions

/** Sends the sign-in message to exactly `identifier` through Resend's `POST /emails`. */
const sendWithResend: EmailApiSender<EmailApiOptions> = {
  id: "resend",
  name: "Resend",
  async request(provider, apiKey, params) {
    const message = await composeMessage(params)
    return jsonRequest(
      apiEndpoint(provider, RESEND_API_URL, "/emails"),
      { Authorization: `Bearer ${apiKey}` },
      { from: message.from, to: message.to, subject: message.subject, html: message.html, text: message.text },
    )
  },
}

/**
 * Creates the Resend email provider. Defaults: `id` "resend", `name`
 * "Resend", `apiKey` from `AUTH_RESEND_KEY` (through `setEnvDefaults`),
 * `from` from `EMAIL_FROM`, else `no-reply@{the app's host}`, `maxAge` 24 h,
 * the confirmation page on. A refused or failed request is `EmailSignin`;
 * no API key is a configuration error.
 */
export default function Resend(config: ResendUserConfig = {}): ResendConfig {
  return emailApiProvider(sendWithResend, config)
}
