/**
 * One passkey ceremony over Latchkey's (and `@auth/core`'s) routes:
 * `GET {basePath}/webauthn-options/{provider}` answers `{ action, options }`,
 * `@simplewebauthn/browser` runs `navigator.credentials.get` or `.create`
 * (W3C Web Authentication), and `POST {basePath}/callback/{provider}` with
 * `action` and `data` (the response as JSON) signs in. No CSRF token is
 * sent: the single-use challenge binds the response to this browser.
 */
import { startAuthentication, startRegistration } from "@simplewebauthn/browser"
import { type FormAnswer, postForm } from "../form-post.js"
import { apiBaseUrl } from "../page-state.js"

/** A ceremony that could not start: the options request failed. */
export class PasskeyOptionsError extends Error {
  override name = "PasskeyOptionsError"
  constructor(
    message: string,
    /** The HTTP status of the options request (`0`: no answer). */
    readonly status: number,
  ) {
    super(message)
  }
}

/** What to ask for and how the browser prompts. */
export interface CeremonyRequest {
  provider: string
  /** Query of the options request: `action` (`register` | `authenticate`), `email`, … */
  query: Record<string, unknown>
  /** Form fields posted with the response besides `action` and `data`. */
  fields: Record<string, unknown>
  callbackUrl: string
  /** Conditional mediation (autofill) for a sign-in. */
  useBrowserAutofill?: boolean
  /** Conditional create (automatic passkey upgrade) for a registration. */
  useAutoRegister?: boolean
}

async function fetchOptions(provider: string, query: Record<string, unknown>): Promise<{ action: "register" | "authenticate"; options: any }> {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) params.append(name, String(value))
  const url = `${apiBaseUrl()}/webauthn-options/${encodeURIComponent(provider)}?${params}`
  let response: Response
  try {
    response = await fetch(url)
  } catch (error) {
    throw new PasskeyOptionsError(`GET ${url} failed: ${(error as Error).message}`, 0)
  }
  const body = (await response.json().catch(() => null)) as { action?: string; options?: unknown; error?: string } | null
  if (!response.ok || !body || (body.action !== "register" && body.action !== "authenticate")) {
    throw new PasskeyOptionsError(body?.error ?? `GET ${url} answered ${response.status}`, response.status)
  }
  return { action: body.action, options: body.options }
}

/**
 * Runs the ceremony and posts the browser's response. Rejects with
 * {@link PasskeyOptionsError} when the options request fails, and with
 * `@simplewebauthn/browser`'s `WebAuthnError` (or the browser's
 * `NotAllowedError`, `AbortError`) when the prompt is cancelled or refused.
 */
export async function runCeremony(request: CeremonyRequest): Promise<FormAnswer> {
  const { action, options } = await fetchOptions(request.provider, request.query)
  const data =
    action === "authenticate"
      ? await startAuthentication({ optionsJSON: options, useBrowserAutofill: request.useBrowserAutofill === true })
      : await startRegistration({ optionsJSON: options, useAutoRegister: request.useAutoRegister === true })
  const url = `${apiBaseUrl()}/callback/${encodeURIComponent(request.provider)}`
  try {
    return await postForm(url, { ...request.fields, action, data: JSON.stringify(data) }, request.callbackUrl, false)
  } catch (error) {
    // The connection failed after the prompt: reported as a result (`ClientFetchError`), like signIn's POST.
    console.error(`[latchkey] POST ${url} failed:`, error)
    return { status: 0, ok: false, url: undefined, problem: `POST ${url} failed (${(error as Error).message})` }
  }
}
