/**
 * `createDatabase`'s drivers (src/drivers.ts): a driver that does not load
 * is reported as "cannot be found" only when the driver package itself is
 * missing, from real `import()` failures of Node; a driver that is there
 * but broken (its own dependency missing, a native module that throws) is
 * "found but failed to load". The messages themselves, in a Node app and in
 * a Next.js bundle without pg and mysql2, are checked by e2e/bundlers.test.ts.
 */
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { elsewhereFolder } from "../../core/test/support/installed-elsewhere.js"
import { isPackageNotFound, realModule } from "../src/drivers.js"

const elsewhere = elsewhereFolder()
afterAll(() => elsewhere.remove())

// A name no workspace installs: the test's module runner resolves bare names from the repository too.
const ABSENT = "latchkey-test-driver-not-installed"
const failing = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("the import succeeded"),
    (error: unknown) => error,
  )

describe("isPackageNotFound", () => {
  it("is true when the driver itself is not installed", async () => {
    const error = await failing(elsewhere.importFromHere(ABSENT))
    expect(isPackageNotFound(error, ABSENT)).toBe(true)
  })

  it("is false when the driver is there and a dependency of its own is missing", async () => {
    elsewhere.addHalfInstalledPackage("half-installed-driver", "bindings-nobody-installed")
    const error = await failing(elsewhere.importFromHere("half-installed-driver"))
    expect(isPackageNotFound(error, "half-installed-driver")).toBe(false)
  })

  it("is false when the driver throws while it loads (a native module built for another Node.js)", async () => {
    const error = await failing(import(fileURLToPath(new URL("../../core/test/fixtures/fails-to-load.mjs", import.meta.url))))
    expect(isPackageNotFound(error, "fails-to-load")).toBe(false)
  })
})

describe("realModule", () => {
  it("reads the empty module Next.js under webpack stands in for a missing optional driver as cannot be found", () => {
    // What webpack's `import("pg")` gives when pg is not installed: a namespace whose default is `{}`.
    const standIn = { default: {} as { Pool?: unknown } }
    let thrown: unknown
    try {
      realModule(standIn, "pg", (driver) => typeof driver.default?.Pool === "function")
    } catch (error) {
      thrown = error
    }
    expect(isPackageNotFound(thrown, "pg")).toBe(true)
  })
})
