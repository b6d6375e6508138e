/**
 * The built-in "check your email" page (`GET /verify-request`), shown after
 * a magic link was sent. It names no address: the page URL is shareable.
 */
import { HomeLink } from "./home-link.js"
import { renderDocument } from "./layout.js"
import type { RenderedPage, VerifyRequestPageProps } from "./props.js"

/** The verify-request page content. */
export function VerifyRequestPage({ homeUrl }: VerifyRequestPageProps) {
  return (
    <>
      <h1>Check your email</h1>
      <p>A sign-in link has been sent to your email address.</p>
      <p>
        <HomeLink homeUrl={homeUrl} />
      </p>
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
