/**
 * Email sign-in through [Mailgun](https://www.mailgun.com)'s HTTP API
 * (`POST {baseUrl}/v3/{domain}/messages` as a multipart form, HTTP Basic
 * authentication as `api:{apiKey}`), over `fetch`: no SMTP and no optional
 * dependency, so it works on edge runtimes. It sends the same message as the
 * SMTP provider. See docs/providers/email-apis.md.
 *
 * ```ts
 * import Mailgun from "@latchkey/core/providers/mailgun"
 * Mailgun({ from: "Example <no-reply@mg.example.com>", region: "EU" }) // apiKey from AUTH_MAILGUN_KEY
 * ```
 *
 * @module providers/mailgun
 */
import { InvalidProvider } from "../errors.js"
import type { EmailConfig, EmailUserConfig } from "./email.js"
import {
  apiEndpoint,
  composeMessage,
  type EmailApiOptions,
  type EmailApiProvider,
  type EmailApiSender,
  emailApiProvider,
  parseSender,
} from "./lib/email-api.js"

/** Mailgun's API by region: the US one, and the EU one for domains created in the EU. */
export const MAILGUN_API_URLS = { US: "https://api.mailgun.net", EU: "https://api.eu.mailgun.net" } as const

/** Options of {@link Mailgun} besides those of every HTTP-API sender. */
export interface MailgunOptions extends EmailApiOptions {
  /** The region the sending domain was created in: picks the API when `baseUrl` is not set. Default `"US"`. */
  region?: keyof typeof MAILGUN_API_URLS
  /** The Mailgun sending domain. Default: the domain of the `from` address. */
  domain?: string
}

/** The options of {@link Mailgun}: those of every email provider, plus `region`, `domain`, `baseUrl` (overrides `region`) and `timeout`. */
export type MailgunUserConfig = EmailUserConfig & MailgunOptions

/** The configuration {@link Mailgun} returns. */
export type MailgunConfig = EmailConfig & MailgunOptions

/** The API base for the provider's `region`; a configuration error for an unknown one. */
function regionalApi(provider: EmailApiProvider & MailgunOptions): string {
  const region = provider.region ?? "US"
  if (!Object.hasOwn(MAILGUN_API_URLS, region)) {
    throw new InvalidProvider(`Email provider "${provider.id}": \`region\` must be "US" or "EU"; got ${JSON.stringify(region)}.`)
  }
  return MAILGUN_API_URLS[region]
}

/** The sending domain: the `domain` option, else the part after `@` of the sender's address. */
function sendingDomain(provider: EmailApiProvider & MailgunOptions, from: string): string {
  const domain = provider.domain ?? parseSender(from).address.split("@")[1]
  if (!domain || !/^[a-z0-9.-]+$/i.test(domain)) {
    throw new InvalidProvider(
      `Email provider "${provider.id}": no Mailgun sending domain; pass \`domain\` or a \`from\` address at it (got ${JSON.stringify(domain ?? from)}).`,
    )
  }
  return domain
}

/** Sends the sign-in message to exactly `identifier` through Mailgun's `POST /v3/{domain}/messages`. */
const sendWithMailgun: EmailApiSender<MailgunOptions> = {
  id: "mailgun",
  name: "Mailgun",
  async request(provider, apiKey, params) {
    const base = regionalApi(provider)
    const message = await composeMessage(params)
    const domain = sendingDomain(provider, message.from)
    const form = new FormData()
    form.append("from", message.from)
    form.append("to", message.to)
    form.append("subject", message.subject)
    form.append("text", message.text)
    form.append("html", message.html)
    return {
      url: apiEndpoint(provider, base, `/v3/${encodeURIComponent(domain)}/messages`),
      headers: { Authorization: `Basic ${btoa(`api:${apiKey}`)}`, Accept: "application/json" },
      body: form,
    }
  },
}

/**
 * Creates the Mailgun email provider. Defaults: `id` "mailgun", `name`
 * "Mailgun", `apiKey` from `AUTH_MAILGUN_KEY` (through `setEnvDefaults`),
 * `from` from `EMAIL_FROM`, else `no-reply@{the app's host}`, `region`
 * "US", `domain` the sender's, `maxAge` 24 h, the confirmation page on. A
 * refused or failed request is `EmailSignin`; no API key, an unknown region
 * or no sending domain is a configuration error.
 */
export default function Mailgun(config: MailgunUserConfig = {}): MailgunConfig {
  return emailApiProvider(sendWithMailgun, config)
}
