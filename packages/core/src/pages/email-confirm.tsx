/**
 * The confirmation page of an email sign-in link (docs/providers/email.md,
 * "The confirmation page"). Opening the link shows it and spends nothing;
 * its one button POSTs the token with the CSRF token to the callback, which
 * spends it. A mail scanner that opens (or prefetches) the link therefore
 * leaves it working for the person who clicks it.
 */
import { Hidden, SubmitButton } from "./fields.js"
import { renderDocument } from "./layout.js"
import type { EmailConfirmPageProps, RenderedPage } from "./props.js"
import { safeLinkUrl } from "./url.js"

/** The confirmation page content. */
export function EmailConfirmPage({ email, host, actionUrl, token, callbackUrl, csrfToken }: EmailConfirmPageProps) {
  return (
    <>
      <h1>Sign in to {host}</h1>
      <p>
        Sign in as <strong>{email}</strong>?
      </p>
      <form class="lk-form" method="post" action={safeLinkUrl(actionUrl)}>
        <Hidden name="csrfToken" value={csrfToken} />
        <Hidden name="token" value={token} />
        <Hidden name="email" value={email} />
        <Hidden name="callbackUrl" value={callbackUrl} />
        <SubmitButton>Sign in</SubmitButton>
      </form>
    </>
  )
}

/** Renders the confirmation page: status 200, title "Sign In". */
export function renderEmailConfirmPage(props: EmailConfirmPageProps): RenderedPage {
  return {
    status: 200,
    html: renderDocument({ title: "Sign In", theme: props.theme, children: <EmailConfirmPage {...props} /> }),
  }
}
