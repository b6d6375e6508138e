/**
 * The built-in `sendVerificationRequest` of the SMTP providers: renders the
 * message (pages/email-message.tsx) and sends it through `nodemailer`, both
 * loaded on the first message. The specifier is a variable so that bundlers
 * do not pull `nodemailer` into apps (and edge bundles) that never send mail.
 */
import { AuthError, InvalidProvider } from "../../errors.js"
import type { SendVerificationRequestParams } from "./email-config.js"

/** The part of nodemailer 10's API used here. */
interface NodemailerModule {
  createTransport(server: unknown): {
    sendMail(message: { to: string; from: string; subject: string; text: string; html: string }): Promise<{ rejected?: unknown[]; pending?: unknown[] }>
  }
}

const NODEMAILER = "nodemailer"

async function loadNodemailer(): Promise<NodemailerModule> {
  try {
    const loaded = (await import(/* @vite-ignore */ NODEMAILER)) as NodemailerModule & { default?: NodemailerModule }
    return typeof loaded.createTransport === "function" ? loaded : loaded.default!
  } catch (error) {
    throw new AuthError("The SMTP email provider needs the `nodemailer` package (10.x): run `npm install nodemailer`.", error as Error)
  }
}

/** Sends the sign-in message to `identifier` (the normalised address) and nobody else. */
export async function sendWithNodemailer(params: SendVerificationRequestParams): Promise<void> {
  const { identifier, url, provider, theme, code } = params
  if (!provider.server) {
    throw new InvalidProvider(
      `Email provider "${provider.id}" has no SMTP \`server\`: pass one (a URL such as smtp://user:pass@host:587, or nodemailer options) or set AUTH_EMAIL_SERVER.`,
    )
  }
  const { host } = new URL(url)
  const [{ renderSignInMessage }, nodemailer] = await Promise.all([import("../../pages/email-message.js"), loadNodemailer()])
  const message = renderSignInMessage({ url, host, theme, code })
  const result = await nodemailer.createTransport(provider.server).sendMail({
    to: identifier,
    from: provider.from ?? `no-reply@${new URL(url).hostname}`,
    ...message,
  })
  const failed = [...(result.rejected ?? []), ...(result.pending ?? [])]
  if (failed.length) throw new Error(`The SMTP server did not accept the recipient (${failed.length} refused).`)
}
