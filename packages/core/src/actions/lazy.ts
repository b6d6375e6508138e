/**
 * The built-in pages (Preact), loaded on first use: importing
 * `@latchkey/core` and answering a JWT `GET /session` loads none of them
 * (docs/architecture.md, "The request flow"). The actions loaded the same
 * way are in lazy-actions.ts.
 *
 * The `import()` promise is kept in a slot of the prepared configuration
 * (config/per-config.ts), not in module state; the runtime's module cache
 * makes a second configuration's load cheap.
 */
import type { ConfigSlot } from "../config/per-config.js"
import { type PreparedConfig, perConfig } from "../config/prepare.js"

type Loaded<T> = ConfigSlot<Promise<T>, PreparedConfig>

const PAGES: Loaded<typeof import("../pages/index.js")> = { name: "pages", create: () => import("../pages/index.js") }

/** The built-in pages (`pages/`, Preact). */
export function builtInPages(config: PreparedConfig): Promise<typeof import("../pages/index.js")> {
  return perConfig(config, PAGES)
}
