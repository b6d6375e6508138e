/**
 * Per-test cleanup the integration packages' tests share: servers a test
 * started, closed after it, and environment variables blanked for it.
 */
import { afterEach, beforeEach, vi } from "vitest"

/** Something a test started that must be closed after it (a server listening on a port). */
export interface Closable {
  close(): Promise<void>
}

/**
 * A list for the calling file (or `describe`) onto which a test pushes what
 * it started; after each test, everything on it is closed (together) and
 * the list emptied, so a failing test leaves no server listening.
 */
export function closedAfterEachTest<T extends Closable>(): T[] {
  const started: T[] = []
  afterEach(async () => {
    await Promise.all(started.splice(0).map((item) => item.close()))
  })
  return started
}

/** Every variable `setEnvDefaults` reads a secret from: a developer's shell may set any of them. */
export const SECRET_ENV = ["AUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3"] as const

/**
 * Sets each of `names` to `""` before each test of the calling file (or
 * `describe`) and restores the environment after it: a value from the
 * developer's shell (`AUTH_SECRET`, `AUTH_URL`) would otherwise hide the
 * broken-configuration cases.
 */
export function blankEnvInEachTest(names: readonly string[]): void {
  beforeEach(() => {
    for (const name of names) vi.stubEnv(name, "")
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })
}
