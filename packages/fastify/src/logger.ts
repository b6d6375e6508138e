/**
 * Fastify's logger (pino, or whatever `loggerInstance` the app gave) as
 * Latchkey's: errors with their object under `err` (pino's convention, so
 * the stack and `cause` are serialised), warnings by code, debug lines with
 * their metadata.
 */
import type { AuthConfig } from "@latchkey/core"
import type { FastifyBaseLogger } from "fastify"

/** The documentation of a Latchkey warning code. */
const WARNINGS_URL = "https://authjs.dev/reference/core#warningcode"

/** Latchkey's logger writing to `log`. */
export function fastifyLogger(log: FastifyBaseLogger): NonNullable<AuthConfig["logger"]> {
  return {
    error(error: Error) {
      log.error({ err: error }, `[latchkey] ${error.name}: ${error.message}`)
    },
    warn(code: string) {
      log.warn({ code }, `[latchkey] warning ${code} (${WARNINGS_URL})`)
    },
    debug(message: string, metadata?: unknown) {
      log.debug({ metadata }, `[latchkey] ${message}`)
    },
  }
}
