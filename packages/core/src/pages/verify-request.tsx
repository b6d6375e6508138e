/**
 * The built-in "check your email" page (`GET /verify-request`), shown after
 * a magic link was sent. It names no address: the page URL is shareable.
 */
import { Hidden, SubmitButton } from "./fields.js"
import { HomeLink } from "./home-link.js"
import { renderDocument } from "./layout.js"
import type { RenderedPage, VerifyRequestPageProps } from "./props.js"
import { safeLinkUrl } from "./url.js"

/** The verify-request page content. */
export function VerifyRequestPage({ homeUrl, code }: VerifyRequestPageProps) {
  return (
    <>
      <h1>Check your email</h1>
      <p>A sign-in link has been sent to your email address.</p>
      {code ? (
        <form class="lk-form" method="post" action={safeLinkUrl(code.actionUrl)}>
          <Hidden name="csrfToken" value={code.csrfToken} />
          {code.wrong ? (
            <div class="lk-alert" role="alert">
              That code is not right. Check it and try again.
            </div>
          ) : null}
          <div class="lk-field">
            <label for={`lk-code-${code.providerId}`}>Or enter the code from the email</label>
            <input
              id={`lk-code-${code.providerId}`}
              name="code"
              type="text"
              class="lk-input"
              inputMode="text"
              autocomplete="one-time-code"
              autocapitalize="off"
              spellcheck={false}
              required
            />
          </div>
          <SubmitButton>Sign in with the code</SubmitButton>
        </form>
      ) : null}
      {/* The same buttons as the other pages: a secondary one when the code form has the primary. */}
      <div class="lk-actions">
        <HomeLink homeUrl={homeUrl} button secondary={code !== undefined} />
      </div>
    </>
  )
}

/** Renders the verify-request page: status 200, title "Verify Request". */
export function renderVerifyRequestPage(props: VerifyRequestPageProps): RenderedPage {
  return {
    status: 200,
    html: renderDocument({
      title: "Verify Request",
      theme: props.theme,
      children: <VerifyRequestPage {...props} />,
    }),
  }
}
