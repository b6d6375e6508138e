/**
 * Email sign-in through [Loops](https://loops.so)' transactional API
 * (`POST {baseUrl}/api/v1/transactional`, `Authorization: Bearer {apiKey}`),
 * over `fetch`. Unlike the other HTTP-API senders, Loops renders the message
 * itself, from a transactional email you design in Loops: the request names
 * it (`transactionalId`) and passes the sign-in link as the data variable
 * `url` (and, with `code` on, the code as `code`), so the template must use
 * `url` (and `code`). See docs/providers/email-apis.md.
 *
 * ```ts
 * import Loops from "@latchkey/core/providers/loops"
 * Loops({ transactionalId: "clxxxxxxxxxxxxxxxxxxxxxx" }) // apiKey from AUTH_LOOPS_KEY
 * ```
 *
 * @module providers/loops
 */
import { InvalidProvider } from "../errors.js"
import type { EmailConfig, EmailUserConfig } from "./email.js"
import { apiEndpoint, type EmailApiOptions, type EmailApiSender, emailApiProvider, jsonRequest } from "./lib/email-api.js"

/** Loops' API (https://loops.so/docs/api-reference/send-transactional-email). */
export const LOOPS_API_URL = "https://app.loops.so"

/** Options of {@link Loops} besides those of every HTTP-API sender. */
export interface LoopsOptions extends EmailApiOptions {
  /** The id of the transactional email in Loops that carries the sign-in link (its data variable `url`). Required. */
  transactionalId?: string
}

/** The options of {@link Loops}: those of every email provider, plus `transactionalId`, `baseUrl` (default {@link LOOPS_API_URL}) and `timeout`. */
export type LoopsUserConfig = EmailUserConfig & LoopsOptions

/** The configuration {@link Loops} returns. */
export interface LoopsConfig extends EmailConfig, LoopsOptions {}

/** Sends the sign-in link to exactly `identifier` through Loops' `POST /api/v1/transactional`. */
const sendWithLoops: EmailApiSender<LoopsOptions> = {
  id: "loops",
  name: "Loops",
  request(provider, apiKey, params) {
    const transactionalId = provider.transactionalId
    if (typeof transactionalId !== "string" || !transactionalId) {
      throw new InvalidProvider(`Email provider "${provider.id}" has no \`transactionalId\`: the id of the Loops transactional email to send.`)
    }
    const dataVariables: Record<string, string> = { url: params.url }
    if (params.code !== undefined) dataVariables.code = params.code
    return jsonRequest(
      apiEndpoint(provider, LOOPS_API_URL, "/api/v1/transactional"),
      { Authorization: `Bearer ${apiKey}` },
      { transactionalId, email: params.identifier, dataVariables },
    )
  },
}

/**
 * Creates the Loops email provider. Defaults: `id` "loops", `name` "Loops",
 * `apiKey` from `AUTH_LOOPS_KEY` (through `setEnvDefaults`), `maxAge` 24 h,
 * the confirmation page on; `from` is not used (the Loops template sets the
 * sender). A refused or failed request is `EmailSignin`; no API key or no
 * `transactionalId` is a configuration error.
 */
export default function Loops(config: LoopsUserConfig = {}): LoopsConfig {
  return emailApiProvider(sendWithLoops, config)
}
