// The size rows: what a page pays to ship the browser client, Latchkey's against next-auth/react 5.
//
// Each row bundles one small ES module entry with rolldown, minified, as an app's bundler would,
// and reports the bytes of the output and of its gzip (node:zlib, level 9):
//   - `{ signIn, useSession }` from each React entry (what a typical page imports; tree-shaken);
//   - each entry whole (`export * from …`): @latchkey/client, @latchkey/client/react and
//     @latchkey/client/webauthn; next-auth/react and next-auth/webauthn.
// react, react-dom and @simplewebauthn/browser are left out of every bundle (external): the
// page has React anyway, and both passkey entries call the same library (different majors).
// next-auth/react reads process.env.NEXTAUTH_URL and friends, which Next.js inlines at build time;
// they are defined as unset here, and NODE_ENV as "production".
//
// Latchkey is measured from its build (packages/client/dist: `npm run build` first), next-auth
// from compat/ (`npm run compat:install`). Run alone: `npm run bench:size --workspace @latchkey/bench`;
// `npm run bench` (run.js) includes these rows too.

import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import { rolldown } from "rolldown"

const compatRequire = createRequire(fileURLToPath(new URL("../compat/package.json", import.meta.url)))
const benchRequire = createRequire(import.meta.url)

/** Where each module specifier of the rows is on disk (next-auth from compat/, Latchkey from the workspace). */
function locate(specifier) {
  const resolve = specifier.startsWith("next-auth") ? compatRequire.resolve : benchRequire.resolve
  try {
    return resolve(specifier)
  } catch (cause) {
    const hint = specifier.startsWith("next-auth") ? "npm run compat:install" : "npm run build"
    throw new Error(`cannot find ${specifier} (run \`${hint}\` at the repository root first)`, { cause })
  }
}

const EXTERNAL = [/^react($|\/)/, /^react-dom($|\/)/, /^@simplewebauthn\/browser$/]
const DEFINES = {
  "process.env.NEXTAUTH_URL": "undefined",
  "process.env.NEXTAUTH_URL_INTERNAL": "undefined",
  "process.env.VERCEL_URL": "undefined",
  "process.env.NODE_ENV": JSON.stringify("production"),
}

/** The rows: a label and, per library, the entry module's source (null: no such entry). */
export const SIZE_ROWS = [
  {
    label: "{ signIn, useSession } from …/react",
    latchkey: (at) => `export { signIn, useSession } from ${JSON.stringify(at("@latchkey/client/react"))}`,
    nextAuth: (at) => `export { signIn, useSession } from ${JSON.stringify(at("next-auth/react"))}`,
  },
  {
    label: "all of …/react",
    latchkey: (at) => `export * from ${JSON.stringify(at("@latchkey/client/react"))}`,
    nextAuth: (at) => `export * from ${JSON.stringify(at("next-auth/react"))}`,
  },
  {
    label: "all of @latchkey/client (no React)",
    latchkey: (at) => `export * from ${JSON.stringify(at("@latchkey/client"))}`,
    nextAuth: null,
  },
  {
    label: "all of …/webauthn (without @simplewebauthn/browser)",
    latchkey: (at) => `export * from ${JSON.stringify(at("@latchkey/client/webauthn"))}`,
    nextAuth: (at) => `export * from ${JSON.stringify(at("next-auth/webauthn"))}`,
  },
]

/** Bundles `source` (an ES module's text) minified, and returns its size and gzip size in bytes. */
async function measure(source) {
  const entryId = "\0size-entry"
  const bundle = await rolldown({
    input: entryId,
    platform: "browser",
    external: EXTERNAL,
    transform: { define: DEFINES },
    logLevel: "silent",
    plugins: [{ name: "size-entry", resolveId: (id) => (id === entryId ? id : null), load: (id) => (id === entryId ? source : null) }],
  })
  try {
    const { output } = await bundle.generate({ format: "esm", minify: true })
    const code = output.map((chunk) => (chunk.type === "chunk" ? chunk.code : "")).join("")
    return { minified: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length }
  } finally {
    await bundle.close()
  }
}

/** Measures every row: `{ label, latchkey: {minified, gzip}, nextAuth: {minified, gzip} | null }`. */
export async function measureClientSizes() {
  const rows = []
  for (const row of SIZE_ROWS) {
    rows.push({
      label: row.label,
      latchkey: await measure(row.latchkey(locate)),
      nextAuth: row.nextAuth ? await measure(row.nextAuth(locate)) : null,
    })
  }
  return rows
}

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`

/** Prints the rows as a table: min+gzip of each side, and Latchkey's share of next-auth's. */
export function reportClientSizes(rows) {
  console.log("Client size, min+gzip (min): @latchkey/client vs next-auth/react 5.0.0-beta.32 (react, react-dom, @simplewebauthn/browser external)")
  const width = Math.max(...rows.map((row) => row.label.length))
  for (const { label, latchkey, nextAuth } of rows) {
    const ours = `${kB(latchkey.gzip)} (${kB(latchkey.minified)})`
    const theirs = nextAuth ? `${kB(nextAuth.gzip)} (${kB(nextAuth.minified)})` : "—"
    const share = nextAuth ? `  = ${Math.round((100 * latchkey.gzip) / nextAuth.gzip)} % of next-auth's` : ""
    console.log(`  ${label.padEnd(width)}  Latchkey ${ours.padEnd(22)} next-auth ${theirs.padEnd(22)}${share}`)
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  reportClientSizes(await measureClientSizes())
}
