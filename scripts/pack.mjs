// `npm run pack`: packs every publishable workspace (the ones not marked "private") into an npm
// tarball in dist-packages/, the way `npm publish` would ship it, so that an app outside this
// repository can install the packages before they are on the registry:
//
//   npm install /path/to/latchkey/dist-packages/*.tgz
//
// Tarballs, not `file:` folders: a folder dependency is a symlink into this repository, so its
// imports resolve against the repository's node_modules and the app ends up with two copies of
// shared packages such as kysely (and TS2345 "#private" errors). A tarball is installed like a
// registry package and shares the app's copies of its peer dependencies.
//
// Run after `npm run build` (the root "pack" script does both). Usage:
//   node scripts/pack.mjs [--out <folder>]     default: dist-packages/ at the repository root

import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const outIndex = process.argv.indexOf("--out")
const out = resolve(outIndex > 0 ? (process.argv[outIndex + 1] ?? "") : join(root, "dist-packages"))

/** The publishable workspaces: every workspace whose package.json is not `private`. */
function publishableWorkspaces() {
  const { workspaces } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
  return workspaces
    .map((folder) => ({ folder, manifest: JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8")) }))
    .filter(({ manifest }) => manifest.private !== true)
}

function fail(message) {
  console.error(`npm run pack: ${message}`)
  process.exit(1)
}

const workspaces = publishableWorkspaces()
for (const { folder, manifest } of workspaces) {
  const main = manifest.exports?.["."]?.default ?? manifest.main
  if (main && !existsSync(join(root, folder, main))) fail(`${manifest.name} is not built (${folder}/${main} is missing): run \`npm run build\` first`)
}

rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
const npm = process.platform === "win32" ? "npm.cmd" : "npm"
const packed = []
for (const { manifest } of workspaces) {
  const json = execFileSync(npm, ["pack", "--workspace", manifest.name, "--pack-destination", out, "--json", "--silent"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  })
  const [result] = JSON.parse(json)
  if (!result.files.some((file) => file.path.startsWith("dist/"))) fail(`the tarball of ${manifest.name} has no dist/: run \`npm run build\` first`)
  packed.push({ name: manifest.name, file: result.filename, size: result.size })
}

const shown = relative(process.cwd(), out) || "."
for (const { name, file, size } of packed) console.log(`${name.padEnd(26)} ${join(shown, file)}  (${(size / 1024).toFixed(0)} KiB)`)
console.log(`\nIn your app, install the ones you need, e.g.:\n  npm install ${join(out, "latchkey-core-*.tgz")} ${join(out, "latchkey-node-*.tgz")}`)
