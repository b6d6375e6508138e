/**
 * The check every integration's client-IP test makes (docs/rate-limiting.md,
 * "The client IP"): an email provider over a real SMTP sink with a
 * per-client limit of one message an hour, so that a second message asked
 * for from the same client, to another address, is held back only when the
 * integration handed core the socket's address.
 */
import type { AuthConfig } from "../../src/index.js"
import Nodemailer from "../../src/providers/nodemailer.js"
import type { SmtpSink } from "./smtp-sink.js"

/** The hosts the integrations' servers listen on: IPv4 and IPv6 loopback. */
export const LOOPBACKS = ["127.0.0.1", "::1"] as const

/** `http://host:port`, IPv6 hosts in brackets. */
export function loopbackUrl(host: string, port: number): string {
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`
}

/** An email sign-in configuration allowing one message per client IP an hour. */
export function onePerClient(sink: SmtpSink): AuthConfig {
  return {
    secret: "client-ip-test-secret-0123456789abcdef",
    trustHost: true,
    providers: [Nodemailer({ server: sink.server, from: "Latchkey tests <no-reply@localhost>" })],
    rateLimit: { email: { perClient: [{ limit: 1, window: 3600 }] } },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  }
}

/** Asks `{authUrl}/signin/nodemailer` for a link to `email` from a fresh browser, with `headers` on every request. */
export async function askForLink(authUrl: string, email: string, headers: Record<string, string> = {}): Promise<Response> {
  const csrf = await fetch(`${authUrl}/csrf`, { headers })
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ")
  return fetch(`${authUrl}/signin/nodemailer`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email }),
  })
}
