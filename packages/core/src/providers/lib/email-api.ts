/**
 * What the HTTP-API email senders (Resend, Postmark, SendGrid, Mailgun,
 * Forward Email, Loops) share, down to the provider factory each one
 * configures ({@link emailApiProvider}): the API key check, the message (the same one the SMTP provider
 * sends, rendered by pages/email-message.tsx, loaded on the first message so
 * core's cold start does not pay for Preact), the endpoint under an
 * overridable base URL, and one POST through the provider transport
 * (http/provider-fetch.ts: the provider's `[customFetch]`, its `timeout`,
 * default 10 s, and the response size cap). A refusal becomes an `Error`
 * naming the service, the status and the service's own message, never the
 * key; the email flow reports it as `EmailSignin` and spends the stored
 * token (docs/providers/email-apis.md).
 *
 * @internal
 */
import type { InternalProvider } from "../../config/providers.js"
import { InvalidProvider } from "../../errors.js"
import { providerFetch, readProviderTransport } from "../../http/provider-fetch.js"
import type { customFetch } from "../../symbols.js"
import type { Awaitable } from "../../types.js"
import type { EmailConfig, EmailUserConfig, SendVerificationRequestParams } from "../email.js"

/** Options every HTTP-API sender accepts besides those of {@link EmailConfig}. */
export interface EmailApiOptions {
  /**
   * The API's base URL, e.g. a regional endpoint or a local stand-in in
   * tests. Each provider documents its default; the request path is
   * appended to it.
   */
  baseUrl?: string
  /** Milliseconds the API gets to answer one request. Default 10,000. */
  timeout?: number
  /** A `fetch` to send the request with instead of the global one. */
  [customFetch]?: typeof fetch
}

/** An HTTP-API sender's provider, as `sendVerificationRequest` receives it. */
export type EmailApiProvider = EmailConfig & EmailApiOptions

/** The message for one sign-in, with its envelope. */
export interface OutgoingMessage {
  /** Exactly the normalised address the link carries. */
  to: string
  /** The provider's `from`, else `no-reply@{the app's host}`. */
  from: string
  subject: string
  text: string
  html: string
}

/** The provider's API key; a configuration error naming the environment variable when there is none. */
export function requireApiKey(provider: EmailApiProvider, service: string): string {
  const key = provider.apiKey
  if (typeof key === "string" && key) return key
  const variable = `AUTH_${provider.id.toUpperCase().replace(/-/g, "_")}_KEY`
  throw new InvalidProvider(`Email provider "${provider.id}" has no ${service} API key: pass \`apiKey\` or set ${variable}.`)
}

/** Renders the built-in message (subject "Sign in to {host}", text and HTML parts) for `params`. */
export async function composeMessage(params: SendVerificationRequestParams): Promise<OutgoingMessage> {
  const { identifier, url, provider, theme, code } = params
  const { host, hostname } = new URL(url)
  const { renderSignInMessage } = await import("../../pages/email-message.js")
  return { to: identifier, from: provider.from ?? `no-reply@${hostname}`, ...renderSignInMessage({ url, host, theme, code }) }
}

/** A sender split into its display name and address: `"Example <a@example.com>"` → `{ name: "Example", address: "a@example.com" }`. */
export function parseSender(from: string): { name?: string; address: string } {
  const angled = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from)
  if (!angled) return { address: from.trim() }
  const name = angled[1]!.replace(/^"(.*)"$/, "$1").trim()
  return name ? { name, address: angled[2]!.trim() } : { address: angled[2]!.trim() }
}

/** `path` under the provider's `baseUrl` (else `fallback`); a configuration error when the base is not an http(s) URL. */
export function apiEndpoint(provider: EmailApiProvider, fallback: string, path: string): string {
  const base = provider.baseUrl ?? fallback
  let parsed: URL
  try {
    parsed = new URL(base)
  } catch {
    throw new InvalidProvider(`Email provider "${provider.id}": \`baseUrl\` must be an absolute http(s) URL; got ${JSON.stringify(String(base))}.`)
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new InvalidProvider(`Email provider "${provider.id}": \`baseUrl\` must be an absolute http(s) URL; got ${JSON.stringify(base)}.`)
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}${path}`
}

/** The most telling part of an error answer: the service's own message when it sent JSON, else the start of the text. */
function errorDetail(body: string): string {
  let detail = body
  try {
    const parsed = JSON.parse(body) as {
      message?: unknown
      Message?: unknown
      errors?: { message?: unknown }[]
    }
    const messages = [parsed.message, parsed.Message, ...(Array.isArray(parsed.errors) ? parsed.errors.map((error) => error?.message) : [])]
    const found = messages.filter((message): message is string => typeof message === "string" && message !== "")
    if (found.length) detail = found.join("; ")
  } catch {
    // Not JSON (a proxy's HTML page, a plain-text answer): its text is the detail.
  }
  // One short line in the log, whatever the service answered.
  const line = detail.replace(/[\u0000-\u001f\u007f]+/g, " ").trim()
  return line.length > 300 ? `${line.slice(0, 300)}…` : line || "(no body)"
}

/**
 * POSTs one message to the service; resolves once it answered a 2xx. Throws
 * an `Error` for any other answer (its status and the service's message),
 * and the transport's error when the service cannot be reached or does not
 * answer within the provider's `timeout`.
 */
export async function postToEmailApi(
  provider: EmailApiProvider,
  service: string,
  url: string,
  init: { headers: Record<string, string>; body: BodyInit },
): Promise<void> {
  const send = providerFetch(readProviderTransport(provider as unknown as InternalProvider))
  const response = await send(url, { method: "POST", headers: init.headers, body: init.body, redirect: "manual" })
  if (response.status >= 200 && response.status < 300) return
  throw new Error(`${service} refused the message with status ${response.status}: ${errorDetail(await response.text())}`)
}

/** One sign-in's request to a service's API: the endpoint, the headers (the service's authentication among them), the body. */
export interface EmailApiRequest {
  url: string
  headers: Record<string, string>
  body: BodyInit
}

/** A request with `body` as JSON: `auth` (the service's authentication headers) plus `Content-Type` and `Accept` `application/json`. */
export function jsonRequest(url: string, auth: Record<string, string>, body: unknown): EmailApiRequest {
  return { url, headers: { ...auth, "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) }
}

/** What one HTTP-API sender does its own way. */
export interface EmailApiSender<O extends EmailApiOptions> {
  /** The provider's default `id`; `AUTH_{ID}_KEY` names its API key. */
  id: string
  /** The provider's default `name`, and the service's name in error messages. */
  name: string
  /** The request for one sign-in, given the provider (with its options `O`) and its API key, which has been checked to be there. */
  request(provider: EmailApiProvider & O, apiKey: string, params: SendVerificationRequestParams): Awaitable<EmailApiRequest>
}

/**
 * An HTTP-API email provider from what its `sender` does its own way.
 * Defaults: `id` and `name` from `sender`, `maxAge` 24 h; `config` (the
 * user's options) kept for the merge at configuration time. Each sign-in
 * checks the API key ({@link requireApiKey}), builds the sender's request
 * and posts it ({@link postToEmailApi}).
 */
export function emailApiProvider<O extends EmailApiOptions>(sender: EmailApiSender<O>, config: EmailUserConfig & O): EmailConfig & O {
  async function sendVerificationRequest(params: SendVerificationRequestParams): Promise<void> {
    const provider = params.provider as EmailApiProvider & O
    const apiKey = requireApiKey(provider, sender.name)
    const { url, headers, body } = await sender.request(provider, apiKey, params)
    await postToEmailApi(provider, sender.name, url, { headers, body })
  }
  const provider: EmailConfig = { id: sender.id, type: "email", name: sender.name, maxAge: 24 * 60 * 60, sendVerificationRequest, options: config }
  // O's fields are all optional (EmailApiOptions and each sender's own): the user's values arrive through `options`.
  return provider as EmailConfig & O
}
