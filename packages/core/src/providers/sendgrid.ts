/**
 * Email sign-in through [SendGrid](https://sendgrid.com)'s v3 Mail Send API
 * (`POST {baseUrl}/v3/mail/send`, `Authorization: Bearer {apiKey}`), over
 * `fetch`: no SMTP and no optional dependency, so it works on edge runtimes.
 * It sends the same message as the SMTP provider. See
 * docs/providers/email-apis.md.
 *
 * ```ts
 * import SendGrid from "@latchkey/core/providers/sendgrid"
 * SendGrid({ from: "Example <no-reply@example.com>" }) // apiKey from AUTH_SENDGRID_KEY
 * ```
 *
 * @module providers/sendgrid
 */
import type { EmailConfig, EmailUserConfig } from "./email.js"
import { apiEndpoint, composeMessage, type EmailApiOptions, type EmailApiSender, emailApiProvider, jsonRequest, parseSender } from "./lib/email-api.js"

/** SendGrid's global API. Accounts with EU data residency use `https://api.eu.sendgrid.com`. */
export const SENDGRID_API_URL = "https://api.sendgrid.com"

/** The options of {@link SendGrid}: those of every email provider, plus `baseUrl` (default {@link SENDGRID_API_URL}) and `timeout`. */
export type SendGridUserConfig = EmailUserConfig & EmailApiOptions

/** The configuration {@link SendGrid} returns. */
export type SendGridConfig = EmailConfig & EmailApiOptions

/** Sends the sign-in message to exactly `identifier` through SendGrid's `POST /v3/mail/send`. */
const sendWithSendGrid: EmailApiSender<EmailApiOptions> = {
  id: "sendgrid",
  name: "SendGrid",
  async request(provider, apiKey, params) {
    const message = await composeMessage(params)
    // SendGrid wants the sender as { email, name }; "Name <address>" in `email` is refused.
    const sender = parseSender(message.from)
    return jsonRequest(
      apiEndpoint(provider, SENDGRID_API_URL, "/v3/mail/send"),
      { Authorization: `Bearer ${apiKey}` },
      {
        personalizations: [{ to: [{ email: message.to }] }],
        from: sender.name ? { email: sender.address, name: sender.name } : { email: sender.address },
        subject: message.subject,
        // SendGrid requires text/plain before text/html.
        content: [
          { type: "text/plain", value: message.text },
          { type: "text/html", value: message.html },
        ],
      },
    )
  },
}

/**
 * Creates the SendGrid email provider. Defaults: `id` "sendgrid", `name`
 * "SendGrid", `apiKey` from `AUTH_SENDGRID_KEY` (through `setEnvDefaults`),
 * `from` from `EMAIL_FROM`, else `no-reply@{the app's host}`, `maxAge` 24 h,
 * the confirmation page on. A refused or failed request is `EmailSignin`;
 * no API key is a configuration error.
 */
export default function SendGrid(config: SendGridUserConfig = {}): SendGridConfig {
  return emailApiProvider(sendWithSendGrid, config)
}
