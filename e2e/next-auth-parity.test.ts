/**
 * The same fixture app (e2e/next-app) under next-auth 5.0.0-beta.32: the
 * test copies it with every "@latchkey/next" import rewritten to
 * "next-auth" and runs the same scenarios against `next start`. What passes
 * here is what an app keeps when it moves from next-auth by changing its
 * imports; docs/migration.md ("Next.js") lists what differs.
 */
import { describe } from "vitest"
// @ts-expect-error: plain JavaScript (types in JSDoc) without declarations.
import { NEXT_AUTH_APP, nextAuthInstalled, writeNextAuthVariant } from "./support/next-app.mjs"
import { fixtureScenarios, serveFixtureForFile } from "./support/next-scenarios.js"

describe.runIf(nextAuthInstalled)("the fixture app on next-auth 5.0.0-beta.32", () => {
  if (nextAuthInstalled) writeNextAuthVariant()
  // next-auth's auth() reads the Cookie header, which a server action's re-render does not update.
  fixtureScenarios(serveFixtureForFile(NEXT_AUTH_APP), { renderAfterUpdate: "stale" })
})
