/**
 * The built-in pages' look, and the paths of the custom pages that replace
 * them.
 */

/** The built-in pages' look (docs/configuration.md, "Pages and theme"). */
export interface Theme {
  /** Default `"auto"`: follows the user's `prefers-color-scheme`. */
  colorScheme?: "auto" | "dark" | "light"
  /** URL of a logo shown above the sign-in form. */
  logo?: string
  /** Color of buttons and links (a CSS color). */
  brandColor?: string
  /** Color of button text; picked automatically for contrast when unset. */
  buttonText?: string
}

/** Paths of custom pages that replace the built-in ones (docs/configuration.md, "Pages and theme"). */
export interface PagesOptions {
  /** Sign-in page. Receives `callbackUrl` and, after a failure, `error` (a `SignInPageErrorParam`). */
  signIn: string
  /** Sign-out confirmation page. */
  signOut: string
  /** Error page. Receives `error` (an `ErrorPageParam`). */
  error: string
  /** "Check your email" page shown after a magic link is sent; keeps the original query. */
  verifyRequest: string
  /** When set, a user's first sign-in lands here, with `callbackUrl`. */
  newUser: string
}
