// The dev mailbox: every message the embedded SMTP server received, newest
// first, with its links and sign-in code pulled out.
import { escapeHtml, renderPage } from "./layout.js"

/** The mailbox page for `messages` (from mailbox.js) and the SMTP port they arrived on. */
export function renderMailbox({ messages, smtpPort }) {
  const list = messages.length
    ? messages
        .map(
          (message) => `<section class="card message" data-message-id="${message.id}"><h2>${escapeHtml(message.subject)}</h2>
<p class="muted">To ${escapeHtml(message.to.join(", "))} · ${escapeHtml(new Date(message.date).toISOString())}</p>
${message.links.map((link) => `<p><a class="sign-in-link" href="${escapeHtml(link)}">Open the link</a></p>`).join("")}
${message.code ? `<p>Code: <strong class="sign-in-code">${escapeHtml(message.code)}</strong> <span class="muted">(type it in the browser that asked)</span></p>` : ""}
<pre>${escapeHtml(message.text)}</pre></section>`,
        )
        .join("")
    : `<p>No messages yet. <a href="/auth/signin?callbackUrl=%2F">Sign in by email</a> and the message appears here.</p>`
  return renderPage({
    title: "Mailbox",
    body: `<p class="muted">Messages sent to the demo's SMTP server on 127.0.0.1:${smtpPort}, kept in memory until the demo stops. <a href="/mailbox">Refresh</a></p>${list}`,
  })
}
