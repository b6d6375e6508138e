/**
 * Email sign-in over SMTP through `nodemailer` 10 (an optional peer
 * dependency, loaded when the first message is sent; core never imports it
 * otherwise). See docs/providers/email.md.
 *
 * ```ts
 * import Nodemailer from "@latchkey/core/providers/nodemailer"
 * Nodemailer({ server: "smtp://user:pass@smtp.example.com:587", from: "Example <no-reply@example.com>" })
 * ```
 *
 * `server` and `from` default to `AUTH_EMAIL_SERVER` (or `EMAIL_SERVER`)
 * and `EMAIL_FROM` through `setEnvDefaults`.
 *
 * @module providers/nodemailer
 */
import type { EmailConfig } from "./lib/email-config.js"
import { sendWithNodemailer } from "./lib/nodemailer-send.js"

/** The options of {@link Nodemailer}: any field of an email provider but `type` and `options`. */
export type NodemailerUserConfig = Omit<Partial<EmailConfig>, "options" | "type">

/** The configuration {@link Nodemailer} returns. */
export type NodemailerConfig = EmailConfig

/**
 * Creates the SMTP email provider. Defaults: `id` "nodemailer", `name`
 * "Nodemailer", `maxAge` 24 h, the confirmation page on (`confirm: true`),
 * and a `sendVerificationRequest` that sends the built-in message
 * (subject "Sign in to {host}", text and HTML parts) to exactly the
 * normalised address. Your options replace any of them.
 */
export default function Nodemailer(config: NodemailerUserConfig = {}): NodemailerConfig {
  return {
    id: "nodemailer",
    type: "email",
    name: "Nodemailer",
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: sendWithNodemailer,
    options: config,
  }
}
