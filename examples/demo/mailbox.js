// The demo's mail: a real SMTP server (smtp-server) on a loopback port that
// accepts every message the email provider sends through nodemailer and keeps
// it in memory for the dev mailbox page (/mailbox). Nothing leaves the machine.

import { simpleParser } from "mailparser"
import { SMTPServer } from "smtp-server"

/** How nodemailer reaches this server on `port`: plain SMTP on loopback (no TLS to offer there). */
export const smtpOptions = (port) => ({ host: "127.0.0.1", port, secure: false, ignoreTLS: true })

/** Messages kept at most; older ones are dropped first. */
const MAILBOX_LIMIT = 50

/** The sign-in links and the code in a message's text. */
export function signInDetails(text) {
  const links = [...new Set(String(text).match(/https?:\/\/[^\s<>"]+/g) ?? [])]
  // The built-in message puts the code last on the line that mentions it: "…this code …: 123456".
  const codeLine = String(text)
    .split(/\r?\n/)
    .find((line) => /\bcode\b/i.test(line))
  const code = codeLine ? /:\s*(\S{4,32})\s*$/.exec(codeLine)?.[1] : undefined
  return { links, code }
}

/**
 * Starts the SMTP server on 127.0.0.1:`port` (0 picks a free one). Resolves to
 * `{ port, messages(), close() }`; `messages()` lists the newest first as
 * `{ id, to, subject, date, text, links, code }`.
 */
export async function startMailbox({ port = 0 } = {}) {
  const messages = []
  let nextId = 1
  const server = new SMTPServer({
    // Loopback only, no TLS, no login: a development sink, as MailHog or Mailpit would be.
    disabledCommands: ["AUTH", "STARTTLS"],
    hideSTARTTLS: true,
    size: 1024 * 1024,
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          const text = mail.text ?? ""
          messages.unshift({
            id: nextId++,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: mail.subject ?? "(no subject)",
            date: mail.date ?? new Date(),
            text,
            ...signInDetails(text),
          })
          messages.splice(MAILBOX_LIMIT)
          done()
        })
        .catch((error) => done(error))
    },
  })
  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject)
      resolve()
    })
  })
  return {
    port: server.server.address().port,
    messages: () => messages.slice(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
