/**
 * The sign-in page's shared email form: when several providers all start
 * from the user's email address (a credentials provider with an `email`
 * field, an email provider, a passkey provider whose only field is the
 * email), the page asks for the address once and offers each method as a
 * button, instead of one form (and one email field) per provider.
 *
 * It is one HTML form whose submit buttons carry their own `formaction`,
 * so without JavaScript the password and the email link work as before: a
 * button posts the fields to its provider. The credentials' other fields
 * (the password) sit with the password button. With the passkey script on
 * the page (pages/passkey-script.ts) the passkey buttons work too, and each
 * submission carries only its own method's fields (a typed password never
 * travels with an email link). Providers with other fields keep their own
 * form.
 */
import { Field, Hidden, inputType } from "./fields.js"
import type { PageCredentialInput, PageProvider } from "./props.js"
import { safeLinkUrl } from "./url.js"

/** The providers that share the email form, each at most once, with the URL its button posts to. */
export interface EmailFirstGroup {
  credentials?: { provider: PageProvider; action: string; email: PageCredentialInput; others: Record<string, PageCredentialInput> }
  email?: { provider: PageProvider; action: string }
  webauthn?: { provider: PageProvider; action: string; optionsUrl: string }
  /** The members in page order. */
  members: PageProvider[]
}

/** An input that asks for an address: a field named `email` of type email or text. */
function isEmailShaped(name: string, input: PageCredentialInput | undefined): input is PageCredentialInput {
  if (name !== "email" || !input) return false
  const type = inputType(input.type)
  return type === "email" || type === "text"
}

/**
 * The providers of `providers` that share the email form, or `undefined`
 * when fewer than two do (one provider keeps its own form). `passkeyScript`:
 * whether the passkey script is on the page (without it a passkey provider
 * cannot work, and keeps its own entry).
 */
export function emailFirstGroup(providers: readonly PageProvider[], passkeyScript: boolean): EmailFirstGroup | undefined {
  const group: EmailFirstGroup = { members: [] }
  for (const provider of providers) {
    if (provider.unavailable) continue
    if (provider.type === "credentials" && !group.credentials) {
      const fields = provider.credentials ?? {}
      const email = fields.email
      const action = safeLinkUrl(provider.callbackUrl)
      if (!action || !isEmailShaped("email", email)) continue
      const others = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== "email")) as Record<string, PageCredentialInput>
      group.credentials = { provider, action, email, others }
    } else if (provider.type === "email" && !group.email) {
      const action = safeLinkUrl(provider.signinUrl)
      if (!action) continue
      group.email = { provider, action }
    } else if (provider.type === "webauthn" && !group.webauthn && passkeyScript) {
      const names = Object.keys(provider.formFields ?? {})
      const action = safeLinkUrl(provider.callbackUrl)
      const optionsUrl = safeLinkUrl(provider.optionsUrl)
      if (!action || !optionsUrl || names.length !== 1 || !isEmailShaped(names[0]!, provider.formFields?.email)) continue
      group.webauthn = { provider, action, optionsUrl }
    } else continue
    group.members.push(provider)
  }
  return group.members.length >= 2 ? group : undefined
}

/** The shared email field: one name (`email`) every member reads, and autocomplete for passwords and passkeys alike. */
function sharedEmailInput(group: EmailFirstGroup, value: string | undefined): PageCredentialInput {
  const own = group.credentials?.email
  // `webauthn` last, after `username`: the token that offers passkeys in the field's autofill.
  const autocomplete = group.webauthn ? "username webauthn" : group.credentials ? (own?.autocomplete ?? "username") : "email"
  return {
    label: own?.label ?? "Email",
    type: "email",
    placeholder: own?.placeholder ?? "you@example.com",
    autocomplete,
    required: true,
    ...(value === undefined ? {} : { value }),
  }
}

const buttonClass = (primary: boolean) => (primary ? "lk-button" : "lk-button lk-button-secondary")

/** What the shared form needs besides the group. */
export interface EmailFirstFormProps {
  group: EmailFirstGroup
  csrfToken: string
  callbackUrl: string
  /** The address to show in the field (`?email=`, or what the user typed before a failed attempt). */
  email: string | undefined
  /** Values kept for the credentials' other fields (never a password). */
  keptOthers: Record<string, string | undefined>
}

/** The shared email form: the email once, then one button per method. */
export function EmailFirstForm({ group, csrfToken, callbackUrl, email, keptOthers }: EmailFirstFormProps) {
  const { credentials, webauthn } = group
  const first = group.members[0]!
  // Enter in a field presses the first submit button; the form's own action is that button's.
  const defaultAction = credentials?.action ?? group.email?.action ?? webauthn!.action
  return (
    <form
      class="lk-form"
      method="post"
      action={defaultAction}
      data-sign-in-methods={group.members.map((member) => member.id).join(" ")}
      data-webauthn-provider={webauthn?.provider.id}
      data-webauthn-options={webauthn?.optionsUrl}
      data-webauthn-callback={webauthn?.action}
      data-webauthn-autofill={webauthn?.provider.conditionalUI ? "" : undefined}
      data-webauthn-sign-up={webauthn?.provider.signUp ? "" : undefined}
    >
      <Hidden name="csrfToken" value={csrfToken} />
      <Hidden name="callbackUrl" value={callbackUrl} />
      <Field providerId={first.id} name="email" input={sharedEmailInput(group, email)} />
      {credentials && (
        <>
          <div class="lk-method-fields" data-method-fields={credentials.provider.id}>
            {Object.entries(credentials.others).map(([name, input]) => {
              const kept = keptOthers[name]
              return (
                <Field key={name} providerId={credentials.provider.id} name={name} input={kept === undefined ? (input ?? {}) : { ...input, value: kept }} />
              )
            })}
          </div>
          <button type="submit" class={buttonClass(true)} formaction={credentials.action} data-method={credentials.provider.id}>
            Sign in with {String(credentials.provider.name)}
          </button>
          {/* biome-ignore lint/a11y/useSemanticElements: the separator carries the word "or", which an <hr> cannot hold. */}
          <div class="lk-divider" role="separator">
            or
          </div>
        </>
      )}
      {group.email && (
        // No browser validation: the other methods' fields (a required password) do not apply; the server checks the address.
        <button type="submit" class={buttonClass(!credentials)} formaction={group.email.action} formnovalidate data-method={group.email.provider.id}>
          Email me a sign-in link
        </button>
      )}
      {webauthn && (
        <>
          <button type="button" class={buttonClass(!credentials && !group.email)} data-passkey-sign-in="">
            Sign in with a passkey
          </button>
          {/* A signed-out visitor may create one only where the provider allows sign-up (allowSignUp); the script then asks for it explicitly. */}
          {webauthn.provider.signUp && (
            <button type="submit" class="lk-button lk-button-secondary" formaction={webauthn.action} formnovalidate data-passkey-register="">
              Create a passkey
            </button>
          )}
        </>
      )}
    </form>
  )
}
