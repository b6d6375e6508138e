/**
 * The fixture app (e2e/next-app) on Next 15, the lower major of
 * @latchkey/next's peer range: the same scenarios as e2e/next.test.ts under
 * `next build` + `next start` of Next 15.5, with auth as middleware.js on the
 * Node.js runtime (Next 15 has no proxy.js). Next 15 is installed from the
 * registry on the first run (e2e/.next15-install) and reused afterwards.
 */
import { beforeAll, describe } from "vitest"
// @ts-expect-error: plain JavaScript (types in JSDoc) without declarations.
import { NEXT15_APP, NEXT15_VERSION, writeNext15Variant } from "./support/next-app.mjs"
import { fixtureScenarios, serveFixtureForFile } from "./support/next-scenarios.js"

describe(`the fixture app on Next ${NEXT15_VERSION}`, () => {
  // Registered before the fixture's own beforeAll, which builds the copy this writes.
  beforeAll(() => {
    writeNext15Variant()
  }, 180_000)
  fixtureScenarios(serveFixtureForFile(NEXT15_APP), { renderAfterUpdate: "new" })
})
