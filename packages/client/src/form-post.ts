/**
 * The state-changing POSTs of sign-in and sign-out, as `next-auth/react`
 * sends them: form-urlencoded, with `X-Auth-Return-Redirect: 1` so the
 * server answers `{ url }` instead of a redirect, and `csrfToken` plus
 * `callbackUrl` after the caller's fields.
 */
import { forgetCsrfToken, getCsrfToken } from "./csrf.js"

/** The server's answer to a form POST. */
export interface FormAnswer {
  status: number
  ok: boolean
  /** The redirect the server chose; `undefined` if it answered no JSON `url`. */
  url: string | undefined
  /** Without `url`: what came back instead, for the console and errors ("POST … answered 502 (text/html) …"). */
  problem?: string
}

/** The `error` query parameter of the server's redirect URL. */
export function errorOf(url: string | undefined): string | undefined {
  return queryOf(url, "error")
}

/** A query parameter of a URL the server answered (absolute, or relative to the page). */
export function queryOf(url: string | undefined, name: string): string | undefined {
  if (!url) return undefined
  try {
    return new URL(url, typeof location === "undefined" ? "http://localhost" : location.href).searchParams.get(name) ?? undefined
  } catch {
    return undefined
  }
}

async function postOnce(url: string, fields: Record<string, unknown>, csrfToken: string | undefined, callbackUrl: string): Promise<FormAnswer> {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, String(value))
  if (csrfToken !== undefined) body.append("csrfToken", csrfToken)
  body.append("callbackUrl", callbackUrl)
  const response = await fetch(url, {
    method: "post",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body,
  })
  let answered: unknown
  try {
    answered = await response.json()
  } catch {
    answered = undefined
  }
  const redirect = (answered as { url?: unknown } | undefined)?.url
  if (typeof redirect === "string") return { status: response.status, ok: response.ok, url: redirect }
  // Not an answer of the auth server (a proxy's error page, a 413 before the body was read): say so.
  const contentType = response.headers.get("content-type")
  const problem = `POST ${url} answered ${response.status}${contentType ? ` (${contentType})` : ""} without a redirect URL`
  console.error(`[latchkey] ${problem}.`)
  return { status: response.status, ok: response.ok, url: undefined, problem }
}

/**
 * Posts `fields` with the page's CSRF token. When the server refuses the
 * token (`error=MissingCSRF`: its cookie was cleared, or the server's secret
 * changed), the token is fetched anew and the POST sent once more.
 * `withCsrf: false` sends no token (passkey callbacks, bound by their challenge instead).
 */
export async function postForm(url: string, fields: Record<string, unknown>, callbackUrl: string, withCsrf = true): Promise<FormAnswer> {
  const first = await postOnce(url, fields, withCsrf ? await getCsrfToken() : undefined, callbackUrl)
  if (!withCsrf || errorOf(first.url) !== "MissingCSRF") return first
  forgetCsrfToken()
  return postOnce(url, fields, await getCsrfToken(), callbackUrl)
}
