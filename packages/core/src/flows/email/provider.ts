/**
 * The email provider as the email flows see it: after normalisation
 * (config/providers.ts), with its own options (providers/email.ts).
 */
import type { InternalProvider } from "../../config/providers.js"
import type { EmailConfig } from "../../providers/email.js"

/** An email provider after normalisation. */
export type EmailProvider = InternalProvider & EmailConfig
