/**
 * The built-in `sendVerificationRequest` of the SMTP providers: renders the
 * message (pages/email-message.tsx) and sends it through `nodemailer`, both
 * loaded on the first message. Only the SMTP providers' modules
 * (providers/nodemailer.ts, and providers/email.ts through it) import this
 * file, so an app bundler meets `nodemailer` only in an app that sends mail
 * over SMTP, and then bundles and traces it like any import of the app
 * (docs/architecture.md, "Optional libraries").
 */
import { InvalidProvider } from "../../errors.js"
import { type OptionalPackage, optionalPackageError, realModule } from "../../util/optional-package.js"
import type { SendVerificationRequestParams } from "./email-config.js"

/** The part of nodemailer 10's API used here. */
interface NodemailerModule {
  createTransport(server: unknown): {
    sendMail(message: { to: string; from: string; subject: string; text: string; html: string }): Promise<{ rejected?: unknown[]; pending?: unknown[] }>
  }
}

const NODEMAILER: OptionalPackage = {
  name: "nodemailer",
  neededBy: "Email sign-in over SMTP needs",
  install: "npm install nodemailer@^10",
  docs: "docs/providers/email.md",
}

async function loadNodemailer(): Promise<NodemailerModule> {
  // A string literal, so that bundlers follow it and bundle or trace the package. Outside the `try`
  // on purpose: a bundler treats an import inside one as optional, and an app that uses this provider
  // without nodemailer should fail its build, naming the package, rather than its first sign-in.
  const loading = import("nodemailer") as Promise<NodemailerModule & { default?: NodemailerModule }>
  try {
    const loaded = await loading
    const module = typeof loaded.createTransport === "function" ? loaded : loaded.default
    return realModule(module, NODEMAILER.name, (candidate) => typeof candidate?.createTransport === "function")!
  } catch (error) {
    throw optionalPackageError(NODEMAILER, error)
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
