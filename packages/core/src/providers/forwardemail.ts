/**
 * Email sign-in through [Forward Email](https://forwardemail.net)'s HTTP API
 * (`POST {baseUrl}/v1/emails`, HTTP Basic authentication with the API key
 * as the user name and an empty password), over `fetch`: no SMTP and no
 * optional dependency, so it works on edge runtimes. It sends the same
 * message as the SMTP provider. See docs/providers/email-apis.md.
 *
 * ```ts
 * import ForwardEmail from "@latchkey/core/providers/forwardemail"
 * ForwardEmail({ from: "Example <no-reply@example.com>" }) // apiKey from AUTH_FORWARDEMAIL_KEY
 * ```
 *
 * @module providers/forwardemail
 */
import type { EmailConfig, EmailUserConfig } from "./email.js"
import { apiEndpoint, composeMessage, type EmailApiOptions, type EmailApiSender, emailApiProvider, jsonRequest } from "./lib/email-api.js"

/** Forward Email's API (https://forwardemail.net/en/email-api#outbound-smtp-emails). */
export const FORWARDEMAIL_API_URL = "https://api.forwardemail.net"

/** The options of {@link ForwardEmail}: those of every email provider, plus `baseUrl` (default {@link FORWARDEMAIL_API_URL}) and `timeout`. */
export type ForwardEmailUserConfig = EmailUserConfig & EmailApiOptions

/** The configuration {@link ForwardEmail} returns. */
export type ForwardEmailConfig = EmailConfig & EmailApiOptions

/** Sends the sign-in message to exactly `identifier` through Forward Email's `POST /v1/emails`. */
const sendWithForwardEmail: EmailApiSender<EmailApiOptions> = {
  id: "forwardemail",
  name: "Forward Email",
  async request(provider, apiKey, params) {
    const message = await composeMessage(params)
    return jsonRequest(
      apiEndpoint(provider, FORWARDEMAIL_API_URL, "/v1/emails"),
      // Forward Email's API keys authenticate as the Basic user name, with no password.
      { Authorization: `Basic ${btoa(`${apiKey}:`)}` },
      { from: message.from, to: message.to, subject: message.subject, html: message.html, text: message.text },
    )
  },
}

/**
 * Creates the Forward Email provider. Defaults: `id` "forwardemail", `name`
 * "Forward Email", `apiKey` from `AUTH_FORWARDEMAIL_KEY` (through
 * `setEnvDefaults`), `from` from `EMAIL_FROM`, else `no-reply@{the app's
 * host}`, `maxAge` 24 h, the confirmation page on. A refused or failed
 * request is `EmailSignin`; no API key is a configuration error.
 */
export default function ForwardEmail(config: ForwardEmailUserConfig = {}): ForwardEmailConfig {
  return emailApiProvider(sendWithForwardEmail, config)
}
