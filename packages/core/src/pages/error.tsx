/**
 * The built-in error page (`GET /error?error=…`). The `error` value comes
 * from the query string, so it only selects one of the fixed messages below
 * and is never shown itself.
 */
import { HomeLink } from "./home-link.js"
import { renderDocument } from "./layout.js"
import type { ErrorPageProps, RenderedPage } from "./props.js"
import { safeLinkUrl } from "./url.js"

/** What the error page shows for one kind of error. */
export interface ErrorPageContent {
  status: number
  heading: string
  message: string
  /** Link to the sign-in page instead of the home page. */
  linkToSignIn?: boolean
}

/** The error page per `ErrorPageParam`; `Default` is used for every other value. */
export const ERROR_PAGE_CONTENT = Object.freeze({
  Configuration: {
    status: 500,
    heading: "Server error",
    message: "Sign-in is not available because of a problem with the server's configuration. If you run this site, the server logs have the details.",
  },
  AccessDenied: {
    status: 403,
    heading: "Access denied",
    message: "You are not allowed to sign in to this site.",
  },
  Verification: {
    status: 403,
    heading: "This link can no longer be used",
    message: "Sign-in links work only once and only for a limited time. Please request a new one.",
    linkToSignIn: true,
  },
  Default: {
    status: 200,
    heading: "Something went wrong",
    message: "We couldn't complete your request. Please try again.",
  },
} satisfies Record<string, ErrorPageContent>)

/** The content for an `error` value: `Default` unless it is exactly one of the known types. */
export function errorPageContent(error: string | undefined): ErrorPageContent {
  const known = error === "Configuration" || error === "AccessDenied" || error === "Verification"
  return known ? ERROR_PAGE_CONTENT[error] : ERROR_PAGE_CONTENT.Default
}

/** The error page content. */
export function ErrorPage({ error, signinUrl, homeUrl }: ErrorPageProps) {
  const content = errorPageContent(error)
  const signin = content.linkToSignIn ? safeLinkUrl(signinUrl) : undefined
  return (
    <>
      <h1>{content.heading}</h1>
      <p>{content.message}</p>
      <div class="lk-actions">
        {signin ? (
          <a class="lk-button" href={signin}>
            Sign in
          </a>
        ) : (
          <HomeLink homeUrl={homeUrl} button />
        )}
      </div>
    </>
  )
}

/** Renders the error page: status 500 (Configuration), 403 (AccessDenied, Verification) or 200; title "Error". */
export function renderErrorPage(props: ErrorPageProps): RenderedPage {
  return {
    status: errorPageContent(props.error).status,
    html: renderDocument({ title: "Error", theme: props.theme, children: <ErrorPage {...props} /> }),
  }
}
