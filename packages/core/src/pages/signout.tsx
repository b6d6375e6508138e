/**
 * The built-in sign-out confirmation page (`GET /signout`). Signing out is a
 * POST with the CSRF token, so a link or image on another site cannot sign
 * the user out; this page is the confirmation step that sends it.
 */
import { Hidden, SubmitButton } from "./fields.js"
import { renderDocument } from "./layout.js"
import type { RenderedPage, SignOutPageProps } from "./props.js"
import { safeLinkUrl } from "./url.js"

/** The sign-out page content. */
export function SignOutPage({ csrfToken, signoutUrl }: SignOutPageProps) {
  return (
    <>
      <h1>Sign out</h1>
      <p>Are you sure you want to sign out?</p>
      <form class="lk-form" method="post" action={safeLinkUrl(signoutUrl)}>
        <Hidden name="csrfToken" value={csrfToken} />
        <SubmitButton>Sign out</SubmitButton>
      </form>
    </>
  )
}

/** Renders the sign-out page: status 200, title "Sign Out". */
export function renderSignOutPage(props: SignOutPageProps): RenderedPage {
  return {
    status: 200,
    html: renderDocument({ title: "Sign Out", theme: props.theme, children: <SignOutPage {...props} /> }),
  }
}
