"use client"
/**
 * `@latchkey/next/webauthn`: `@latchkey/client/webauthn`; its `signIn` is
 * `next-auth/webauthn`'s passkey sign-in, plus passkey registration and
 * autofill helpers.
 * @module
 */
export * from "@latchkey/client/webauthn"
