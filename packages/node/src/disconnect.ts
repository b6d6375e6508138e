/**
 * An `AbortSignal` that fires when the client of a Node request goes away
 * before its response is complete, so a handler can stop work nobody will
 * receive.
 *
 * Node's own signals differ by object: the response emits `close` before
 * `finish` completes only when the connection was lost, which covers the
 * whole exchange; the request emits `close` as soon as its body has been
 * read, and only a `close` before the body's end means a lost connection.
 */
import type { IncomingMessage, ServerResponse } from "node:http"

/**
 * A signal aborted when `req`'s connection is lost before the exchange
 * completes. Pass `res` to cover the time after the body has been read.
 */
export function disconnectSignal(req: IncomingMessage, res?: ServerResponse): AbortSignal {
  const controller = new AbortController()
  const abort = (): void => controller.abort()
  if (res) {
    if (res.destroyed && !res.writableFinished) abort()
    else res.once("close", () => !res.writableFinished && abort())
  } else {
    if (req.destroyed && !req.readableEnded) abort()
    else req.once("close", () => !req.readableEnded && abort())
  }
  return controller.signal
}
