/**
 * Email sign-in through [Postmark](https://postmarkapp.com)'s HTTP API
 * (`POST {baseUrl}/email`, `X-Postmark-Server-Token: {apiKey}`), over
 * `fetch`: no SMTP and no optional dependency, so it works on edge runtimes.
 * It sends the same message as the SMTP provider. See
 * docs/providers/email-apis.md.
 *
 * ```ts
 * import Postmark from "@latchkey/core/providers/postmark"
 * Postmark({ from: "Example <no-reply@example.com>" }) // apiKey from AUTH_POSTMARK_KEY
 * ```
 *
 * @module providers/postmark
 */
import type { EmailConfig, EmailUserConfig } from "./email.js"
import { apiEndpoint, composeMessage, type EmailApiOptions, type EmailApiSender, emailApiProvider, jsonRequest } from "./lib/email-api.js"

/** Postmark's API. */
export const POSTMARK_API_URL = "https://api.postmarkapp.com"

/** Options of {@link Postmark} besides those of every HTTP-API sender. */
export interface PostmarkOptions extends EmailApiOptions {
  /** The message stream the message is sent on. Default `"outbound"` (Postmark's default transactional stream). */
  messageStream?: string
}

/** The options of {@link Postmark}: those of every email provider, plus `baseUrl` (default {@link POSTMARK_API_URL}), `timeout` and `messageStream`. */
export type PostmarkUserConfig = EmailUserConfig & PostmarkOptions

/** The configuration {@link Postmark} returns. */
export type PostmarkConfig = EmailConfig & PostmarkOptions

/** Sends the sign-in message to exactly `identifier` through Postmark's `POST /email`. */
const sendWithPostmark: EmailApiSender<PostmarkOptions> = {
  id: "postmark",
  name: "Postmark",
  async request(provider, apiKey, params) {
    const message = await composeMessage(params)
    return jsonRequest(
      apiEndpoint(provider, POSTMARK_API_URL, "/email"),
      { "X-Postmark-Server-Token": apiKey },
      {
        From: message.from,
        To: message.to,
        Subject: message.subject,
        TextBody: message.text,
        HtmlBody: message.html,
        MessageStream: provider.messageStream ?? "outbound",
      },
    )
  },
}

/**
 * Creates the Postmark email provider. Defaults: `id` "postmark", `name`
 * "Postmark", `apiKey` (a server token) from `AUTH_POSTMARK_KEY` (through
 * `setEnvDefaults`), `from` from `EMAIL_FROM`, else `no-reply@{the app's
 * host}`, `messageStream` "outbound", `maxAge` 24 h, the confirmation page
 * on. A refused or failed request is `EmailSignin`; no API key is a
 * configuration error.
 */
export default function Postmark(config: PostmarkUserConfig = {}): PostmarkConfig {
  return emailApiProvider(sendWithPostmark, config)
}
