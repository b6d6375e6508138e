/**
 * The sign-in message of the email providers (docs/providers/email.md,
 * "The message"): a subject, a plain-text part and an HTML part in the
 * pages' light palette and brand color. Every inserted value is escaped by
 * Preact (CVE-2022-31127 was an address rendered as HTML); colors are
 * re-written from numbers (color.ts). The message loads nothing remote (no
 * images, fonts or tracking pixels) and names no address: only the host
 * and the link.
 */
import { renderToString } from "preact-render-to-string"
import type { Theme } from "../model/pages.js"
import { formatColor, parseColor, readableTextOn } from "./color.js"
import { LIGHT } from "./styles.js"

/** What the message says. */
export interface SignInMessageProps {
  /** The sign-in link. */
  url: string
  /** The app's host, as the subject names it. */
  host: string
  theme?: Theme | undefined
  /** The sign-in code for the same sign-in, when the provider sends one. */
  code?: string | undefined
}

/** A rendered message. */
export interface SignInMessage {
  subject: string
  text: string
  html: string
}

/** The host with a zero-width space before each dot, so mail clients do not turn it into a link of their own. */
function unlinkedHost(host: string): string {
  return host.replace(/\./g, "\u200B.")
}

function MessageBody({ url, host, theme, code }: SignInMessageProps) {
  const brand = parseColor(theme?.brandColor)
  const buttonBg = brand ? formatColor({ ...brand, a: 1 }) : LIGHT.brand
  const buttonText = parseColor(theme?.buttonText) ?? (brand ? readableTextOn({ ...brand, a: 1 }) : undefined)
  const buttonColor = buttonText ? formatColor(buttonText) : LIGHT.brandText
  const shownHost = unlinkedHost(host)
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Sign in to {shownHost}</title>
      </head>
      <body style={{ margin: 0, padding: "24px 0", background: LIGHT.page, fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" }}>
        <table role="presentation" width="100%" cellPadding="0" cellSpacing="0" style={{ borderCollapse: "collapse" }}>
          <tr>
            <td align="center">
              <table
                role="presentation"
                cellPadding="0"
                cellSpacing="0"
                style={{ maxWidth: "480px", width: "100%", background: LIGHT.card, border: `1px solid ${LIGHT.border}`, borderRadius: "8px" }}
              >
                <tr>
                  <td style={{ padding: "32px", color: LIGHT.text, fontSize: "16px", lineHeight: "24px" }}>
                    <h1 style={{ margin: "0 0 16px", fontSize: "20px" }}>Sign in to {shownHost}</h1>
                    <p style={{ margin: "0 0 24px" }}>Use the button below to sign in. The link works once.</p>
                    <a
                      href={url}
                      style={{
                        display: "inline-block",
                        padding: "12px 24px",
                        borderRadius: "6px",
                        background: buttonBg,
                        color: buttonColor,
                        fontWeight: 600,
                        textDecoration: "none",
                      }}
                    >
                      Sign in
                    </a>
                    {code ? (
                      <p style={{ margin: "24px 0 0" }}>
                        Or enter this code in the browser where you asked to sign in (valid 10 minutes):{" "}
                        <strong style={{ fontFamily: "monospace", fontSize: "20px", letterSpacing: "2px" }}>{code}</strong>
                      </p>
                    ) : null}
                    <p style={{ margin: "24px 0 0", color: LIGHT.muted, fontSize: "14px" }}>
                      If you did not ask to sign in, you can ignore this email: nobody can sign in without the link.
                    </p>
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>
  )
}

/** Renders the sign-in message for `url` at `host`. */
export function renderSignInMessage(props: SignInMessageProps): SignInMessage {
  const subject = `Sign in to ${props.host}`
  const codeLine = props.code ? `Or enter this code in the browser where you asked to sign in (valid 10 minutes): ${props.code}\n\n` : ""
  const text = `Sign in to ${unlinkedHost(props.host)}\n\n${props.url}\n\n${codeLine}If you did not ask to sign in, you can ignore this email: nobody can sign in without the link.\n`
  const html = `<!DOCTYPE html>${renderToString(<MessageBody {...props} />)}`
  return { subject, text, html }
}
