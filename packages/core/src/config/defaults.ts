/** Default values of the configuration, in one place. */
import { DEFAULT_MAX_AGE } from "../jwt.js"
import { defaultRedirect } from "../security/callback-url.js"
import { randomSessionToken } from "../security/random.js"
import type { CallbacksOptions } from "./auth-config.js"

/** `basePath` when neither the config nor `AUTH_URL` sets one. */
export const DEFAULT_BASE_PATH = "/auth"

/** Session lifetime: 30 days. */
export const DEFAULT_SESSION_MAX_AGE = DEFAULT_MAX_AGE

/** How often a session's expiry moves forward: 24 hours. */
export const DEFAULT_SESSION_UPDATE_AGE = 24 * 60 * 60

/** Database session tokens: 256 random bits. */
export const defaultGenerateSessionToken = randomSessionToken

/** The default callbacks. */
export const defaultCallbacks: CallbacksOptions = {
  signIn: () => true,
  redirect: defaultRedirect,
  session: ({ session }) => ({
    user: { name: session.user?.name, email: session.user?.email, image: session.user?.image },
    expires: (session.expires as unknown) instanceof Date ? (session.expires as unknown as Date).toISOString() : session.expires,
  }),
  jwt: ({ token }) => token,
}
