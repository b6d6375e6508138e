/**
 * A real SMTP server (`smtp-server`) on 127.0.0.1 that keeps every message
 * it accepts, with the envelope recipients, and decodes what the tests read
 * (headers, the text and HTML parts, quoted-printable and base64) by itself.
 * It can be told to refuse every recipient, as a server that does not know
 * the address would.
 */
import type { AddressInfo } from "node:net"
import { SMTPServer } from "smtp-server"
import { afterAll, afterEach } from "vitest"

/** One accepted message. */
export interface ReceivedMail {
  /** The envelope recipients (RCPT TO), exactly as the client sent them. */
  recipients: string[]
  raw: string
  headers: Record<string, string>
  text: string
  html: string
}

/** A running sink. */
export interface SmtpSink {
  port: number
  /** nodemailer transport options for this sink. */
  server: { host: string; port: number; secure: false; ignoreTLS: true }
  messages: ReceivedMail[]
  /** Refuse every recipient from now on (`550`). */
  refuseRecipients(refuse: boolean): void
  close(): Promise<void>
}

function unfoldHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":")
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return headers
}

/** RFC 2045 §6.7: soft line breaks and `=XX` bytes, decoded as UTF-8. */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "")
  const bytes: number[] = []
  for (let index = 0; index < joined.length; index++) {
    const char = joined[index]!
    if (char === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(index + 1, index + 3))) {
      bytes.push(Number.parseInt(joined.slice(index + 1, index + 3), 16))
      index += 2
    } else {
      bytes.push(...new TextEncoder().encode(char))
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes))
}

function decodePart(headers: Record<string, string>, body: string): string {
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase()
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body)
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
  return body
}

/** The text and HTML parts of a (possibly multipart) message. */
function parseMessage(raw: string): Omit<ReceivedMail, "recipients" | "raw"> {
  const split = raw.search(/\r?\n\r?\n/)
  const headers = unfoldHeaders(raw.slice(0, split))
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "")
  const parts = { text: "", html: "" }
  const collect = (partHeaders: Record<string, string>, partBody: string) => {
    const type = partHeaders["content-type"] ?? "text/plain"
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
    if (type.toLowerCase().startsWith("multipart/") && boundary) {
      for (const chunk of partBody.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith("--")) break
        const cut = chunk.search(/\r?\n\r?\n/)
        collect(
          unfoldHeaders(chunk.slice(0, cut)),
          chunk
            .slice(cut)
            .replace(/^\r?\n\r?\n/, "")
            .replace(/\r?\n$/, ""),
        )
      }
    } else if (type.toLowerCase().startsWith("text/html")) {
      parts.html = decodePart(partHeaders, partBody)
    } else if (type.toLowerCase().startsWith("text/plain")) {
      parts.text = decodePart(partHeaders, partBody)
    }
  }
  collect(headers, body)
  return { headers, ...parts }
}

/** Starts a sink on a free port of 127.0.0.1. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = []
  const state = { refuse: false }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse) {
        const error = Object.assign(new Error("No such user here"), { responseCode: 550 })
        return callback(error)
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8")
        const recipients = (session.envelope.rcptTo ?? []).map((entry) => entry.address)
        messages.push({ recipients, raw, ...parseMessage(raw) })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return {
    port,
    server: { host: "127.0.0.1", port, secure: false, ignoreTLS: true },
    messages,
    refuseRecipients(refuse) {
      state.refuse = refuse
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A sink for one test file (top-level `await`): emptied after each test, closed after the file. */
export async function smtpSinkForFile(): Promise<SmtpSink> {
  const sink = await startSmtpSink()
  afterEach(() => {
    sink.messages.length = 0
    sink.refuseRecipients(false)
  })
  afterAll(() => sink.close())
  return sink
}

/** The sign-in link of a message's text part. */
export function linkOf(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+\/callback\/\S+/.exec(mail.text)
  if (!match) throw new Error(`No sign-in link in the message:\n${mail.text}`)
  return match[0]
}
