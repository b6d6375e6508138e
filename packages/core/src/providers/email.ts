/**
 * Email ("magic link") providers: the configuration every email provider
 * shares, and `Email`, `@auth/core`'s older name for the SMTP provider
 * (`@latchkey/core/providers/nodemailer`). See docs/providers/email.md.
 *
 * @module providers/email
 */
import type { EmailConfig } from "./lib/email-config.js"
import Nodemailer, { type NodemailerUserConfig } from "./nodemailer.js"

export type * from "./lib/email-config.js"

/**
 * `@auth/core`'s `Email` provider: {@link Nodemailer} with `id` "email" and
 * `name` "Email". Same options; kept for configurations written for it.
 */
export default function Email(config: NodemailerUserConfig = {}): EmailConfig {
  return { ...Nodemailer(config), id: "email", name: "Email" }
}
