/**
 * `util/optional-package.ts`: when an optional peer dependency does not
 * load, the error says whether it cannot be found or was found and failed
 * to load, from real `import()` failures of Node, and keeps the original
 * error as its cause. "Cannot be found" is never said of a package that is
 * there but broken (a missing dependency of its own, a module that throws).
 */
import { fileURLToPath, pathToFileURL } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { AuthError } from "../../../src/errors.js"
import { isPackageNotFound, type OptionalPackage, optionalPackageError, realModule } from "../../../src/util/optional-package.js"
import { elsewhereFolder } from "../../support/installed-elsewhere.js"

const elsewhere = elsewhereFolder()
afterAll(() => elsewhere.remove())

// A name no workspace installs: the test's module runner resolves bare names from the repository too.
const ABSENT = "latchkey-test-mailer-not-installed"
const MAILER: OptionalPackage = { name: ABSENT, neededBy: "Email sign-in over SMTP needs", install: `npm install ${ABSENT}`, docs: "docs/providers/email.md" }
const failing = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("the import succeeded"),
    (error: unknown) => error,
  )

describe("isPackageNotFound", () => {
  it("is true for Node's error when the package itself is not installed", async () => {
    const error = await failing(elsewhere.importFromHere(ABSENT))
    expect((error as { code?: string }).code).toBe("ERR_MODULE_NOT_FOUND")
    expect(isPackageNotFound(error, ABSENT)).toBe(true)
    expect(isPackageNotFound(error, "latchkey-test-mailer")).toBe(false)
  })

  it("is false when the package is there and a dependency of its own is missing", async () => {
    elsewhere.addHalfInstalledPackage("half-installed-mailer", "a-dependency-nobody-installed")
    const error = await failing(elsewhere.importFromHere("half-installed-mailer"))
    expect((error as { code?: string }).code).toBe("ERR_MODULE_NOT_FOUND")
    expect(isPackageNotFound(error, "half-installed-mailer")).toBe(false)
  })

  it("is false for a module that throws while it loads, and for what is not an Error", async () => {
    const error = await failing(import(pathToFileURL(fileURLToPath(new URL("../../fixtures/fails-to-load.mjs", import.meta.url))).href))
    expect(isPackageNotFound(error, "fails-to-load")).toBe(false)
    expect(isPackageNotFound(`Cannot find package '${ABSENT}'`, ABSENT)).toBe(false)
  })
})

describe("optionalPackageError", () => {
  it("says a missing package cannot be found, how to install it, and to build again in a bundled app", async () => {
    const cause = await failing(elsewhere.importFromHere(ABSENT))
    const error = optionalPackageError(MAILER, cause)
    expect(error).toBeInstanceOf(AuthError)
    expect(error.message).toBe(
      `Email sign-in over SMTP needs ${ABSENT}, which cannot be found: run \`npm install ${ABSENT}\`. An app built by a bundler (Next.js, Vite, esbuild) must be built again after installing it (docs/providers/email.md).`,
    )
    expect((error.cause as { err?: unknown }).err).toBe(cause)
  })

  it("says a package that is there but broken failed to load, with the reason, and does not ask to install it", async () => {
    const cause = await failing(import(new URL("../../fixtures/fails-to-load.mjs", import.meta.url).href))
    const error = optionalPackageError({ ...MAILER, name: "fails-to-load" }, cause)
    expect(error.message).toBe(
      "Email sign-in over SMTP needs fails-to-load, which was found but failed to load: The module was compiled against a different Node.js version using NODE_MODULE_VERSION 115. (docs/providers/email.md).",
    )
    expect(error.message).not.toContain("npm install")
    expect((error.cause as { err?: unknown }).err).toBe(cause)
  })
})

describe("realModule", () => {
  const hasTransport = (loaded: unknown) => typeof (loaded as { createTransport?: unknown }).createTransport === "function"

  it("passes a real module through", () => {
    const loaded = { createTransport: () => ({}) }
    expect(realModule(loaded, ABSENT, hasTransport)).toBe(loaded)
  })

  it("reads the empty module a bundler stands in for a missing optional peer dependency (Next.js under webpack) as cannot be found", () => {
    // What webpack's `import()` gives for a module it replaced by `false`: a namespace whose default is `{}`.
    const standIn = { default: {} }
    let thrown: unknown
    try {
      realModule(standIn, ABSENT, hasTransport)
    } catch (error) {
      thrown = error
    }
    expect(isPackageNotFound(thrown, ABSENT)).toBe(true)
    expect(optionalPackageError(MAILER, thrown).message).toContain(`needs ${ABSENT}, which cannot be found: run \`npm install ${ABSENT}\``)
  })
})
