/**
 * The built-in sign-in page (`GET /signin`): an optional error message, then
 * one form per provider, grouped and separated by dividers.
 */
import { Fragment, type VNode } from "preact"
import { BrandMarkIcon, brandMarkOf, markFill } from "./brand-mark.js"
import { EmailFirstForm, type EmailFirstGroup, emailFirstGroup } from "./email-first.js"
import { Field, Hidden, inputType, SubmitButton } from "./fields.js"
import { renderDocument } from "./layout.js"
import type { KeptFields, PageCredentialInput, PageProvider, RenderedPage, SignInPageProps } from "./props.js"
import { providerButtonColors } from "./theme.js"
import { safeImageUrl, safeLinkUrl } from "./url.js"

/**
 * Messages for the `error` query parameter of the sign-in page, keyed by
 * `SignInPageErrorParam`. None of them tells whether an account exists.
 */
export const SIGN_IN_ERROR_MESSAGES: Readonly<Record<string, string>> = Object.freeze({
  Signin: "We couldn't start signing you in. Please try again, or choose another way to sign in.",
  OAuthSignin: "We couldn't reach the sign-in service. Please try again in a moment, or choose another way to sign in.",
  OAuthCallbackError: "The sign-in service didn't complete the sign-in. Please try again, or choose another way to sign in.",
  OAuthCreateAccount: "We couldn't finish setting up your account with this sign-in service. Please try again, or choose another way to sign in.",
  EmailCreateAccount: "We couldn't finish setting up your account with this email address. Please try again, or choose another way to sign in.",
  Callback: "We couldn't complete your sign-in: it may have taken too long, or been finished in another browser. Please try again.",
  OAuthAccountNotLinked: "We couldn't sign you in this way. If you have signed in before, please use the same method you used then.",
  EmailSignin: "We couldn't send the sign-in email. Please check the address and try again.",
  CredentialsSignin: "Sign-in failed. Please check the details you entered and try again.",
  SessionRequired: "Please sign in to view this page.",
  MissingCSRF: "This form has expired. Please try again.",
})

/**
 * Messages for an `error` with a `code` that says more, keyed by error value,
 * then code. Unlike {@link SIGN_IN_ERROR_MESSAGES}, one of them says that an
 * account exists: Latchkey sends `OAuthAccountNotLinked&code=unverified-address`
 * only after an email sign-in link or code was used, so only the inbox's owner
 * reaches it, and a URL forged with the same values carries no address.
 */
export const SIGN_IN_ERROR_CODE_MESSAGES: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.freeze({
  OAuthAccountNotLinked: Object.freeze({
    "unverified-address":
      "This email address already has an account that signs in another way, such as a password or a passkey. Sign in that way first; an email sign-in while you are signed in then confirms the address. Not your account? Contact the site: someone may have used your address.",
  }),
})

/** The message for unknown error values, which are never shown as given. */
export const DEFAULT_SIGN_IN_ERROR_MESSAGE = "We couldn't sign you in. Please try again."

/** The message to show for an `error` query value (and its `code`), or `undefined` when there is no error. */
export function signInErrorMessage(error: string | undefined, code?: string): string | undefined {
  if (!error) return undefined
  // Own keys only: "toString" or "__proto__" must get the default message too.
  const detailed = Object.hasOwn(SIGN_IN_ERROR_CODE_MESSAGES, error) ? SIGN_IN_ERROR_CODE_MESSAGES[error] : undefined
  if (detailed && code && Object.hasOwn(detailed, code)) return detailed[code]
  return Object.hasOwn(SIGN_IN_ERROR_MESSAGES, error) ? SIGN_IN_ERROR_MESSAGES[error] : DEFAULT_SIGN_IN_ERROR_MESSAGE
}

interface FormContext {
  csrfToken: string
  callbackUrl: string
  email: string | undefined
  /** What the user typed before a failed sign-in, for that provider's form. */
  kept: KeptFields | undefined
  /** Whether the passkey script is on the page (WebAuthn forms then get its buttons). */
  passkeyScript: boolean
}

const isOAuth = (provider: PageProvider) => provider.type === "oauth" || provider.type === "oidc"

/** Consecutive oauth/oidc providers share a group (a stack of buttons); every other provider is a group of its own. */
function groupProviders<T extends { provider: PageProvider }>(items: T[]): T[][] {
  const groups: T[][] = []
  for (const item of items) {
    const last = groups.at(-1)
    if (last && isOAuth(item.provider) && isOAuth(last[0]!.provider)) last.push(item)
    else groups.push([item])
  }
  return groups
}

/**
 * The picture on a provider button: the configured `style.logo`, else the
 * catalog provider's brand mark, else nothing (a logo fetched from a
 * third-party host by default would leak the visit).
 */
function ProviderLogo({ provider, colors }: { provider: PageProvider; colors: Record<string, string> | undefined }) {
  const logo = safeImageUrl(provider.style?.logo)
  if (logo) return <img src={logo} alt="" referrerpolicy="no-referrer" />
  const mark = brandMarkOf(provider.id)
  return mark ? <BrandMarkIcon mark={mark} fill={markFill(mark, colors)} /> : null
}

function OAuthForm({ provider, action, context }: { provider: PageProvider; action: string; context: FormContext }) {
  const colors = providerButtonColors(provider.style)
  return (
    <form class="lk-form" method="post" action={action}>
      <Hidden name="csrfToken" value={context.csrfToken} />
      <Hidden name="callbackUrl" value={context.callbackUrl} />
      <SubmitButton variant={colors ? "styled" : "secondary"} style={colors}>
        <ProviderLogo provider={provider} colors={colors} />
        <span>Sign in with {String(provider.name)}</span>
      </SubmitButton>
    </form>
  )
}

/**
 * A provider that cannot sign anyone in on this server: a disabled button
 * (so the list still shows every way the app offers) and the reason.
 */
function UnavailableEntry({ provider }: { provider: PageProvider }) {
  const reasonId = `lk-unavailable-${provider.id}`
  const mark = isOAuth(provider) && !provider.style?.logo ? brandMarkOf(provider.id) : undefined
  return (
    <div class="lk-form lk-unavailable">
      <button type="button" class="lk-button lk-button-secondary" disabled aria-describedby={reasonId}>
        {mark && <BrandMarkIcon mark={mark} fill="currentColor" />}
        <span>Sign in with {String(provider.name)}</span>
      </button>
      <p class="lk-reason" id={reasonId}>
        {String(provider.unavailable)}
      </p>
    </div>
  )
}

/** A kept value for a field of `provider`'s form, never for a password field. */
function keptValue(context: FormContext, provider: PageProvider, name: string, input: PageCredentialInput): string | undefined {
  if (context.kept?.providerId !== provider.id || inputType(input.type) === "password") return undefined
  return Object.hasOwn(context.kept.fields, name) ? context.kept.fields[name] : undefined
}

const EMAIL_INPUT: PageCredentialInput = {
  label: "Email",
  type: "email",
  placeholder: "you@example.com",
  autocomplete: "email",
  required: true,
}

function EmailForm({ provider, action, context }: { provider: PageProvider; action: string; context: FormContext }) {
  return (
    <form class="lk-form" method="post" action={action}>
      <Hidden name="csrfToken" value={context.csrfToken} />
      <Hidden name="callbackUrl" value={context.callbackUrl} />
      <Field providerId={provider.id} name="email" input={{ ...EMAIL_INPUT, value: context.email ?? keptValue(context, provider, "email", EMAIL_INPUT) }} />
      <SubmitButton>Sign in with {String(provider.name)}</SubmitButton>
    </form>
  )
}

/** Credentials and WebAuthn: a form to the provider's callback URL with the configured inputs. */
function FieldsForm({
  provider,
  action,
  context,
  fields,
}: {
  provider: PageProvider
  action: string
  context: FormContext
  fields: Record<string, PageCredentialInput>
}) {
  const webauthn = provider.type === "webauthn"
  const optionsUrl = webauthn ? safeLinkUrl(provider.optionsUrl) : undefined
  // The passkey script drives forms that carry both attributes (pages/passkey-script.ts).
  const scripted = webauthn && context.passkeyScript && optionsUrl !== undefined
  return (
    <form
      class="lk-form"
      method="post"
      action={action}
      data-webauthn-provider={webauthn ? provider.id : undefined}
      data-webauthn-options={scripted ? optionsUrl : undefined}
      data-webauthn-autofill={scripted && provider.conditionalUI ? "" : undefined}
      data-webauthn-sign-up={scripted && provider.signUp ? "" : undefined}
    >
      <Hidden name="csrfToken" value={context.csrfToken} />
      <Hidden name="callbackUrl" value={context.callbackUrl} />
      {Object.entries(fields).map(([name, input]) => {
        const kept = provider.type === "credentials" ? keptValue(context, provider, name, input ?? {}) : undefined
        return <Field key={name} providerId={provider.id} name={name} input={kept === undefined ? (input ?? {}) : { ...input, value: kept }} />
      })}
      {scripted ? (
        <>
          <button type="button" class="lk-button" data-passkey-sign-in="">
            Sign in with a passkey
          </button>
          {provider.signUp ? <SubmitButton variant="secondary">Create a passkey</SubmitButton> : null}
        </>
      ) : (
        <SubmitButton>Sign in with {String(provider.name)}</SubmitButton>
      )}
    </form>
  )
}

/**
 * The form of one provider, or `null` when it has nothing to render or its
 * target URL is not safe to put in `action`.
 */
function providerForm(provider: PageProvider, context: FormContext): VNode | null {
  if (provider.unavailable) return <UnavailableEntry provider={provider} />
  switch (provider.type) {
    case "oauth":
    case "oidc":
    case "email": {
      const action = safeLinkUrl(provider.signinUrl)
      if (!action) return null
      const Form = provider.type === "email" ? EmailForm : OAuthForm
      return <Form provider={provider} action={action} context={context} />
    }
    case "credentials":
    case "webauthn": {
      const action = safeLinkUrl(provider.callbackUrl)
      // Like Auth.js: these providers appear only when they define their fields.
      const fields = provider.type === "credentials" ? provider.credentials : provider.formFields
      if (!action || !fields) return null
      return <FieldsForm provider={provider} action={action} context={context} fields={fields} />
    }
    default:
      return null
  }
}

/** The shared email form of `group`, with the address and fields kept from a failed attempt. */
function emailFirstForm(group: EmailFirstGroup, context: FormContext): VNode {
  const kept = context.kept && group.members.some((member) => member.id === context.kept!.providerId) ? context.kept : undefined
  const credentials = group.credentials?.provider
  const keptOthers: Record<string, string | undefined> = {}
  for (const [name, input] of Object.entries(group.credentials?.others ?? {})) {
    if (credentials) keptOthers[name] = keptValue(context, credentials, name, input ?? {})
  }
  const email = context.email ?? (kept && Object.hasOwn(kept.fields, "email") ? kept.fields.email : undefined)
  return <EmailFirstForm group={group} csrfToken={context.csrfToken} callbackUrl={context.callbackUrl} email={email} keptOthers={keptOthers} />
}

/** The sign-in page content. */
export function SignInPage(props: SignInPageProps) {
  const message = signInErrorMessage(props.error, props.code)
  const context: FormContext = {
    csrfToken: props.csrfToken,
    callbackUrl: props.callbackUrl,
    email: props.email,
    kept: props.kept,
    passkeyScript: props.passkeyScript !== undefined,
  }
  const providers = props.providers ?? []
  // Providers that all start from the email address share one form, shown where the first of them is.
  const shared = emailFirstGroup(providers, context.passkeyScript)
  const forms = providers.flatMap((provider) => {
    if (shared?.members.includes(provider)) {
      return provider === shared.members[0] ? [{ provider, form: emailFirstForm(shared, context) }] : []
    }
    const form = providerForm(provider, context)
    return form ? [{ provider, form }] : []
  })
  return (
    <>
      <h1>Sign in</h1>
      {message && (
        <div class="lk-alert" role="alert">
          {message}
        </div>
      )}
      {forms.length === 0 && <p>No sign-in methods are available.</p>}
      {groupProviders(forms).map((group, index) => (
        <Fragment key={index}>
          {index > 0 && (
            // biome-ignore lint/a11y/useSemanticElements: the separator carries the word "or", which an <hr> cannot hold.
            <div class="lk-divider" role="separator">
              or
            </div>
          )}
          <div class="lk-group">
            {group.map(({ provider, form }) => (
              <div class="lk-provider" key={provider.id} data-provider-id={provider.id}>
                {form}
              </div>
            ))}
          </div>
        </Fragment>
      ))}
    </>
  )
}

/** Renders the sign-in page: status 200, title "Sign In"; with `passkeyScript`, that script ends the body. */
export function renderSignInPage(props: SignInPageProps): RenderedPage {
  return {
    status: 200,
    html: renderDocument({ title: "Sign In", theme: props.theme, children: <SignInPage {...props} />, script: props.passkeyScript }),
  }
}
