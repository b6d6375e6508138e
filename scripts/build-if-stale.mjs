// Builds the workspace packages named on the command line (and the
// @latchkey packages they depend on), skipping every package whose last
// build is newer than all of its inputs. A start with nothing changed then
// costs a few file stats instead of one tsc run per package.
//
//   node scripts/build-if-stale.mjs @latchkey/core @latchkey/node …
//
// "Last build" is a stamp file, dist/.build-stamp, written after the
// package's own build script succeeded; a package is stale when the stamp is
// missing, when any file of src/, package.json, tsconfig*.json or a build
// config is newer than it, or when a package it depends on was just rebuilt.
// `npm run build` builds every package and then (its postbuild script) runs
// this with --stamp, which only writes the stamps, so a start after it skips.
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { delimiter, join } from "node:path"
import { fileURLToPath } from "node:url"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const STAMP = join("dist", ".build-stamp")

/** Every workspace package with a build script, by name: its folder and @latchkey dependencies. */
function workspacePackages() {
  const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"))
  const packages = new Map()
  for (const folder of root.workspaces) {
    const file = join(ROOT, folder, "package.json")
    if (!existsSync(file)) continue
    const manifest = JSON.parse(readFileSync(file, "utf8"))
    if (!manifest.scripts?.build) continue
    const deps = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })
    packages.set(manifest.name, { name: manifest.name, dir: join(ROOT, folder), build: manifest.scripts.build, deps })
  }
  for (const pkg of packages.values()) pkg.deps = pkg.deps.filter((dep) => packages.has(dep))
  return packages
}

/** The newest modification time (ms) among a package's build inputs. */
function newestInput(dir) {
  let newest = 0
  const visit = (path) => {
    const stat = statSync(path)
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry))
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs
  }
  for (const entry of readdirSync(dir)) {
    if (entry === "src" || entry === "package.json" || /^(tsconfig.*\.json|.*\.config\.(m?js|ts))$/.test(entry)) visit(join(dir, entry))
  }
  return newest
}

function isStale(pkg) {
  const stamp = join(pkg.dir, STAMP)
  return !existsSync(stamp) || statSync(stamp).mtimeMs < newestInput(pkg.dir)
}

/** The named packages and their dependencies, dependencies first. */
function inBuildOrder(packages, names) {
  const ordered = []
  const seen = new Set()
  const visit = (name) => {
    if (seen.has(name)) return
    seen.add(name)
    const pkg = packages.get(name)
    if (!pkg) throw new Error(`build-if-stale: no workspace package named ${name} has a build script`)
    for (const dep of pkg.deps) visit(dep)
    ordered.push(pkg)
  }
  for (const name of names) visit(name)
  return ordered
}

/** Runs a package's build script as npm would (its folder, node_modules/.bin on PATH); true if it succeeded. */
function runBuild(pkg) {
  const bins = [join(pkg.dir, "node_modules", ".bin"), join(ROOT, "node_modules", ".bin")]
  const env = { ...process.env, PATH: [...bins, process.env.PATH].join(delimiter) }
  // Quiet on success (rolldown lists every chunk); the whole output on failure.
  const result = spawnSync(pkg.build, { cwd: pkg.dir, env, shell: true, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? `${result.error.message}\n` : ""}`)
  return result.status === 0
}

/**
 * Builds the named workspace packages (all with a build script when none are
 * named) and their @latchkey dependencies, skipping those that are fresh.
 * Each build is announced unless `quiet`. Returns false when a build failed
 * (its output has been printed, `quiet` or not).
 */
export function buildIfStale(names = [], { quiet = false } = {}) {
  const packages = workspacePackages()
  const rebuilt = new Set()
  for (const pkg of inBuildOrder(packages, names.length > 0 ? names : [...packages.keys()])) {
    if (!isStale(pkg) && !pkg.deps.some((dep) => rebuilt.has(dep))) continue
    const started = Date.now()
    if (!quiet) process.stdout.write(`Building ${pkg.name}…\n`)
    if (!runBuild(pkg)) {
      console.error(`build-if-stale: the build of ${pkg.name} failed (see above).`)
      return false
    }
    writeFileSync(join(pkg.dir, STAMP), `${new Date().toISOString()}\n`)
    rebuilt.add(pkg.name)
    if (!quiet) process.stdout.write(`Built ${pkg.name} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
  }
  return true
}

/** Marks the named packages (all when none) as freshly built, without building: after `npm run build`. */
export function stampAsBuilt(names = []) {
  const packages = workspacePackages()
  for (const name of names.length > 0 ? names : packages.keys()) {
    const pkg = packages.get(name)
    if (pkg && existsSync(join(pkg.dir, "dist"))) writeFileSync(join(pkg.dir, STAMP), `${new Date().toISOString()}\n`)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2)
  if (args[0] === "--stamp") stampAsBuilt(args.slice(1))
  else if (!buildIfStale(args)) process.exit(1)
}
