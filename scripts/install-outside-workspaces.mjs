// Installs a folder of pinned tools that live outside the npm workspaces (their own package.json
// and lockfile), so that the root's `npm install` (what `npm install && npm start` fetches for the
// demo) does not download them, and only what needs them does:
//
//   node scripts/install-outside-workspaces.mjs <folder> [--ignore-scripts] [--link <package>]…
//
// - `npm ci --prefix <folder>` from the folder's lockfile, skipped while the folder's
//   node_modules was installed from the same package.json, lockfile and .npmrc (a stamp file
//   keeps their digest), so a build or test run that calls this costs a few file reads;
// - `--link next` makes the root's node_modules/next a symbolic link to <folder>/node_modules/next,
//   so that code anywhere in the repository (packages/next's tsc, the Next test apps, the bench)
//   resolves `next` as if the root had installed it. The root's `npm ci` removes the link with the
//   rest of node_modules, and the next call puts it back.
//
// <folder> is relative to the repository root. Exits 1 (npm's output printed) when npm fails.
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const STAMP = join("node_modules", ".latchkey-installed-from")

/** The digest of what an install of `folder` is made of. */
function inputsDigest(folder) {
  const hash = createHash("sha256")
  for (const file of ["package.json", "package-lock.json", ".npmrc"]) {
    const path = join(folder, file)
    hash.update(`${file}\0`).update(existsSync(path) ? readFileSync(path) : "")
  }
  return hash.digest("hex")
}

/** npm's environment without the npm_* variables of an npm that runs this script (they would redirect the install). */
function npmEnvironment() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")))
}

/** Installs `folder` unless its stamp says it is current; true on success. */
function installIfStale(folder, { ignoreScripts }) {
  const digest = inputsDigest(folder)
  const stamp = join(folder, STAMP)
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === digest) return true
  const shown = relative(ROOT, folder)
  process.stdout.write(`Installing ${shown} (npm ci from its lockfile)…\n`)
  const args = ["ci", "--prefix", folder, "--no-audit", "--no-fund", ...(ignoreScripts ? ["--ignore-scripts"] : [])]
  const result = spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", args, {
    cwd: ROOT,
    env: npmEnvironment(),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? `${result.error.message}\n` : ""}`)
    console.error(`install-outside-workspaces: npm ci in ${shown} failed (see above).`)
    return false
  }
  writeFileSync(stamp, digest)
  return true
}

/** Makes the root's node_modules/<name> a link to <folder>/node_modules/<name>, replacing anything else there. */
function linkIntoRoot(folder, name) {
  const target = join(folder, "node_modules", name)
  const link = join(ROOT, "node_modules", name)
  const wanted = relative(dirname(link), target)
  let current
  try {
    current = lstatSync(link)
  } catch {
    current = undefined
  }
  if (current?.isSymbolicLink() && readlinkSync(link) === wanted) return
  // Anything else (an older install of the package itself, a stale link) goes.
  if (current) rmSync(link, { recursive: true, force: true })
  mkdirSync(dirname(link), { recursive: true })
  symlinkSync(wanted, link, "dir")
}

const args = process.argv.slice(2)
const folderArg = args.find((arg, index) => !arg.startsWith("--") && args[index - 1] !== "--link")
if (!folderArg) {
  console.error("usage: node scripts/install-outside-workspaces.mjs <folder> [--ignore-scripts] [--link <package>]…")
  process.exit(2)
}
const folder = join(ROOT, folderArg)
if (!installIfStale(folder, { ignoreScripts: args.includes("--ignore-scripts") })) process.exit(1)
for (const [index, arg] of args.entries()) if (arg === "--link") linkIntoRoot(folder, args[index + 1])
