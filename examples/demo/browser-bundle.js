// The demo's browser scripts (./browser/), bundled with rolldown when the demo
// starts: the React page and the passkey button. The bundles are kept in
// dist/ next to this file and rebuilt only when an input is newer than them,
// so a second start does not bundle again.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const require = createRequire(import.meta.url)
const HERE = dirname(fileURLToPath(import.meta.url))
const OUT_DIR = join(HERE, "dist")

/** The bundles: the URL path each is served at, and its entry in ./browser/. */
export const BROWSER_BUNDLES = Object.freeze({
  "/assets/react-app.js": "react-app.jsx",
  "/assets/passkey-buttons.js": "passkey-buttons.js",
})

/** The newest mtime among files under `path` (a file or a folder). */
function newest(path) {
  if (!existsSync(path)) return Infinity
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((max, entry) => Math.max(max, newest(join(path, entry))), 0)
}

/** What a bundle is made of: the demo's browser sources, the built client, React's installed version. */
function newestInput() {
  const client = dirname(require.resolve("@latchkey/client/package.json"))
  return Math.max(
    newest(join(HERE, "browser")),
    newest(join(client, "dist")),
    newest(require.resolve("react/package.json")),
    newest(require.resolve("react-dom/package.json")),
  )
}

async function bundle(entry) {
  const { rolldown } = await import("rolldown")
  const build = await rolldown({
    input: join(HERE, "browser", entry),
    platform: "browser",
    tsconfig: false,
    transform: {
      jsx: { runtime: "automatic", importSource: "react" },
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
    },
    logLevel: "warn",
  })
  try {
    const { output } = await build.generate({ format: "esm", minify: true })
    return output[0].code
  } finally {
    await build.close()
  }
}

/**
 * Bundles what is stale and resolves to the scripts by URL path. Prints one
 * line when it bundled (the first start, or after a change).
 */
export async function browserBundles() {
  mkdirSync(OUT_DIR, { recursive: true })
  const inputTime = newestInput()
  const scripts = {}
  let built = 0
  const started = Date.now()
  for (const [path, entry] of Object.entries(BROWSER_BUNDLES)) {
    const file = join(OUT_DIR, entry.replace(/\.jsx?$/, ".js"))
    if (!existsSync(file) || statSync(file).mtimeMs < inputTime) {
      // Written aside, then renamed: two demos starting at once never read half a file.
      const partial = `${file}.${process.pid}.partial`
      writeFileSync(partial, await bundle(entry))
      renameSync(partial, file)
      built++
    }
    scripts[path] = readFileSync(file, "utf8")
  }
  if (built > 0) console.log(`Bundled ${built} browser script(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return scripts
}
