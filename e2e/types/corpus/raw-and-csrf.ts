// Framework-author options: raw responses and an external CSRF check.
import { Auth, type AuthConfig, customFetch, raw, skipCSRFCheck } from "@auth/core"
import type { ResponseInternal } from "@auth/core/types"

type Cookie = NonNullable<ResponseInternal["cookies"]>[number]

declare const base: AuthConfig

export async function rawHandler(request: Request): Promise<Response> {
  const internal: ResponseInternal = await Auth(request, { ...base, raw, skipCSRFCheck })
  const headers = new Headers(internal.headers)
  for (const cookie of internal.cookies ?? []) headers.append("set-cookie", serialize(cookie))
  if (internal.redirect) return Response.redirect(internal.redirect, 302)
  return new Response(typeof internal.body === "string" ? internal.body : JSON.stringify(internal.body ?? null), {
    status: internal.status ?? 200,
    headers,
  })
}

function serialize({ name, value, options }: Cookie): string {
  const parts = [`${name}=${value}`, `Path=${options.path ?? "/"}`]
  if (options.httpOnly) parts.push("HttpOnly")
  if (options.secure) parts.push("Secure")
  if (options.sameSite) parts.push(`SameSite=${options.sameSite}`)
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`)
  return parts.join("; ")
}

export async function webHandler(request: Request): Promise<Response> {
  const response: Response = await Auth(request, { ...base, skipCSRFCheck })
  return response
}

export const withCsrfSkipped: AuthConfig = { ...base, skipCSRFCheck }
export const symbols = [raw, skipCSRFCheck, customFetch] as const

// @ts-expect-error only the exported symbol turns CSRF checks off
export const wrongSkip: AuthConfig = { ...base, skipCSRFCheck: true }
