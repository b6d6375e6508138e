// The server side of an integration script: the script forks itself with a server kind as its
// argument; the child serves that kind on 127.0.0.1 (port 0) and reports the port over IPC.

import { fork } from "node:child_process"
import { fileURLToPath } from "node:url"

/**
 * Forks `script` (a file URL, the calling script's `import.meta.url`) with `kind` as its argument,
 * under NODE_ENV=production with `env` added, and resolves once the child reports its port:
 * `{ kind, child, url }`, `url` being `sessionPath` on that port. Rejects if the child exits first.
 */
export function forkServer(script, kind, sessionPath, env = {}) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(script), [kind], { env: { ...process.env, ...env, NODE_ENV: "production" } })
    child.once("message", (message) => resolve({ kind, child, url: `http://127.0.0.1:${message.port}${sessionPath}` }))
    child.once("exit", (code) => reject(new Error(`the ${kind} server exited (${code}) before it was ready`)))
  })
}

/** In the child: tells the parent the server listens on `port`, and exits when the parent goes. */
export function reportReady(port) {
  process.send({ type: "ready", port })
  process.on("disconnect", () => process.exit(0))
}
