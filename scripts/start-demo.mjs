// `npm start`: builds the packages the demo imports when their sources
// changed (scripts/build-if-stale.mjs), then runs the demo in this same
// process. One process, so Ctrl-C (SIGINT from the terminal, or from npm
// forwarding it) reaches the demo's own handler, which closes its servers and
// database; a chain of npm → sh → npm → sh → node would leave the server
// running when a shell in the middle dies first.
import { buildIfStale } from "./build-if-stale.mjs"

/** The workspace packages examples/demo imports. */
export const DEMO_PACKAGES = ["@latchkey/core", "@latchkey/node", "@latchkey/adapter-kysely", "@latchkey/client"]

if (!buildIfStale(DEMO_PACKAGES)) process.exit(1)
await import("../examples/demo/server.js")
