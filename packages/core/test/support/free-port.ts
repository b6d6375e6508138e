/**
 * A TCP port for a server a test starts in another process (a private Redis or
 * PostgreSQL, the demo, a documented program), where the test must choose the
 * port before the server binds it. Servers a test starts in-process bind port 0
 * instead (`startLoopbackServer` in `loopback.ts`).
 */

import type { AddressInfo } from "node:net"
import { createServer } from "node:net"

/**
 * A port on 127.0.0.1 that was free a moment ago: listens on port 0, notes the
 * port the OS assigned and closes. Another process may take it in between; the
 * OS hands out ports in turn, so that is rare on a test machine.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      server.close((error) => (error ? reject(error) : resolve(port)))
    })
  })
}
