// Reading and minting session tokens outside Auth(), and custom codecs.

import type { AuthConfig } from "@auth/core"
import { decode, encode, getToken, type JWT, type JWTOptions } from "@auth/core/jwt"

const secret = process.env.AUTH_SECRET!
const salt = "authjs.session-token"

export async function whoIsCalling(request: Request): Promise<string | undefined> {
  const token = await getToken({ req: request, secret, secureCookie: process.env.NODE_ENV === "production" })
  return token?.sub
}

export async function rawToken(request: Request): Promise<string | null> {
  const value = await getToken({ req: request, secret, raw: true })
  return value
}

export async function maybeRaw(request: Request, wantRaw: boolean): Promise<string | JWT | null> {
  return getToken({ req: request, secret, raw: wantRaw })
}

export async function fromHeaders(headers: Record<string, string>): Promise<JWT | null> {
  return getToken({ req: { headers }, secret, salt, cookieName: salt, logger: console })
}

export async function roundTrip(claims: JWT): Promise<JWT | null> {
  const token = await encode({ token: claims, secret, salt, maxAge: 60 * 60 })
  return decode({ token, secret: [secret, process.env.OLD_AUTH_SECRET!], salt })
}

interface ApiClaims {
  sub: string
  scope: string[]
}
export async function typedPayload(token: string): Promise<string[]> {
  const minted = await encode<ApiClaims>({ token: { sub: "1", scope: ["read"] }, secret, salt })
  const payload = await decode<ApiClaims>({ token: minted || token, secret, salt })
  return payload?.scope ?? []
}

const codec: Partial<JWTOptions> = {
  maxAge: 60 * 60 * 24,
  async encode(params) {
    return encode({ ...params, maxAge: 60 * 60 * 24 })
  },
  async decode(params) {
    const token = await decode(params)
    return token && typeof token.exp === "number" && token.exp > Date.now() / 1000 ? token : null
  },
}

export const config: AuthConfig = { providers: [], jwt: codec }

// @ts-expect-error a secret is required to encode
encode({ token: {}, salt })
