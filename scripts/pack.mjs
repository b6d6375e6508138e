// `npm run pack`: packs every publishable workspace (the ones not marked "private") into an npm
// tarball in dist-packages/, the way `npm publish` would ship it, so that an app outside this
// repository can install the packages before they are on the registry. It prints one table: each
// tarball, the other tarballs it needs (its @latchkey dependencies, which npm cannot fetch from the
// registry yet) and what the app installs from npm beside it (its required peers), then an example.
//
// Tarballs, not `file:` folders: a folder dependency is a symlink into this repository, so its
// imports resolve against the repository's node_modules and the app ends up with two copies of
// shared packages such as kysely (and TS2345 "#private" errors). A tarball is installed like a
// registry package and shares the app's copies of its peer dependencies.
//
// Usage:
//   node scripts/pack.mjs [--build] [--out <folder>]
//     --build   first build what changed since its last build (scripts/build-if-stale.mjs), quietly:
//               the root "pack" script passes it; without it the packages must be built already
//     --out     default: dist-packages/ at the repository root

import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { buildIfStale } from "./build-if-stale.mjs"

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
if (process.argv.includes("--build")) {
  console.log("Building the packages that changed since their last build…")
  if (
    !buildIfStale(
      workspaces.map(({ manifest }) => manifest.name),
      { quiet: true },
    )
  )
    process.exit(1)
}
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

/** The @latchkey packages `name` needs besides itself, all the way down, in packing order. */
function latchkeyNeeds(name) {
  const byName = new Map(workspaces.map(({ manifest }) => [manifest.name, manifest]))
  const needed = new Set()
  const visit = (dependency) => {
    for (const next of Object.keys(byName.get(dependency)?.dependencies ?? {})) {
      if (byName.has(next) && !needed.has(next)) {
        needed.add(next)
        visit(next)
      }
    }
  }
  visit(name)
  return packed.filter((entry) => needed.has(entry.name))
}

/** The peers an app installs itself: the required ones (optional peers belong to features, see each package's docs). */
function requiredPeers(manifest) {
  return Object.keys(manifest.peerDependencies ?? {}).filter((peer) => !manifest.peerDependenciesMeta?.[peer]?.optional)
}

const short = (name) => name.replace("@latchkey/", "")
const rows = packed.map(({ name, file, size }) => {
  const { manifest } = workspaces.find((entry) => entry.manifest.name === name)
  return [
    name,
    file,
    `${(size / 1024).toFixed(0)} KiB`,
    latchkeyNeeds(name)
      .map((entry) => short(entry.name))
      .join(", ") || "-",
    requiredPeers(manifest).join(", ") || "-",
  ]
})
const header = ["package", "tarball", "size", "needs the tarballs of", "and from npm"]
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)))
const line = (cells) =>
  cells
    .map((cell, column) => (column === 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
    .join("  ")
    .trimEnd()

const shown = relative(process.cwd(), out) || "."
console.log(`Packed ${packed.length} packages into ${shown}/. Install a package's tarball together with the tarballs it needs:\n`)
console.log(line(header))
for (const row of rows) console.log(line(row))
const example = packed.find((entry) => entry.name === "@latchkey/next")
if (example) {
  const files = [example, ...latchkeyNeeds(example.name)].map((entry) => join(out, entry.file))
  console.log(`\nFor example, in a Next.js app:\n  npm install ${files.join(" ")}`)
}
