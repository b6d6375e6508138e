// Makes the module "virtual:simplewebauthn-browser-bundle" (src/providers/lib/simplewebauthn-browser.ts):
// `@simplewebauthn/browser`'s UMD bundle as a string, read from the copy installed next to core when
// it is built (a devDependency), headed by the package's MIT licence, which must travel with every copy.
// A plugin of rolldown (the build) and of Vite (the tests run the TypeScript sources); both call the
// same two hooks.
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

const ID = "virtual:simplewebauthn-browser-bundle"
const RESOLVED = `\0${ID}`
/** The major version the page's script is written against (src/pages/passkey-script.ts). */
const MAJOR = 14

/** The text of the module: the licence as a legal comment, then the bundle as the default export. */
function moduleText() {
  // The package's "require" entry is script/index.js; package.json, LICENSE and dist/ sit one folder up.
  const root = dirname(dirname(createRequire(import.meta.url).resolve("@simplewebauthn/browser")))
  const { name, version, license } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
  if (Number(version.split(".")[0]) !== MAJOR) throw new Error(`${name} ${version} is installed; the passkey page needs ${MAJOR}.x`)
  const licenceText = readFileSync(join(root, "LICENSE.md"), "utf8").trim().replaceAll("*/", "* /")
  const bundle = readFileSync(join(root, "dist/bundle/index.umd.min.js"), "utf8")
  return `/*! ${name} ${version} (${license}), bundled into @latchkey/core for the built-in sign-in page.\n${licenceText}\n*/\nexport default ${JSON.stringify(bundle)}\n`
}

/** The plugin: resolves and loads the virtual module. */
export function simpleWebAuthnBrowserBundle() {
  return {
    name: "latchkey-simplewebauthn-browser-bundle",
    resolveId(id) {
      return id === ID ? RESOLVED : null
    },
    load(id) {
      return id === RESOLVED ? moduleText() : null
    },
  }
}
