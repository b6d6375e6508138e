// Every sign-in method of the demo, as Latchkey providers, and the hosted
// ones (GitHub, Google, X) that need an account elsewhere: those are added
// only when their AUTH_* variables are set, and otherwise the home page says
// how to set them, instead of a button that could only end in an error.
import GitHub from "@latchkey/core/providers/github"
import Google from "@latchkey/core/providers/google"
import Nodemailer from "@latchkey/core/providers/nodemailer"
import Passkey from "@latchkey/core/providers/passkey"
import Twitter from "@latchkey/core/providers/twitter"
import { PasswordProvider } from "./accounts.js"
import { smtpOptions } from "./mailbox.js"

/** The hosted providers the demo knows, with the variables each needs and where to register an app. */
export const HOSTED_PROVIDERS = Object.freeze([
  { id: "github", name: "GitHub", factory: GitHub, console: "https://github.com/settings/developers" },
  { id: "google", name: "Google", factory: Google, console: "https://console.cloud.google.com/apis/credentials" },
  { id: "twitter", name: "X", factory: Twitter, console: "https://developer.x.com/en/portal/dashboard" },
])

/** `AUTH_{ID}_ID` and `AUTH_{ID}_SECRET`, the names setEnvDefaults reads. */
export const envNamesOf = (id) => [`AUTH_${id.toUpperCase()}_ID`, `AUTH_${id.toUpperCase()}_SECRET`]

/** The hosted providers split into those configured (both variables set) and those not. */
export function hostedProviderStatus(env = process.env) {
  return HOSTED_PROVIDERS.map((hosted) => ({ ...hosted, env: envNamesOf(hosted.id), configured: envNamesOf(hosted.id).every((name) => !!env[name]) }))
}

/**
 * The providers: password, email links and codes through the
 * embedded SMTP server, passkeys, Local OIDC when it runs, and each hosted
 * provider whose variables are set.
 */
export function demoProviders({ db, adapter, smtpPort, localOidc, env = process.env }) {
  return [
    PasswordProvider({ db, adapter }),
    Nodemailer({
      name: "Email",
      server: smtpOptions(smtpPort),
      from: "Latchkey demo <demo@localhost>",
      code: true,
    }),
    Passkey(),
    ...(localOidc ? [localOidc.provider] : []),
    ...hostedProviderStatus(env)
      .filter((hosted) => hosted.configured)
      .map((hosted) => hosted.factory({})),
  ]
}
