// Builds the JavaScript of @latchkey/core (tsc writes only the declarations; see "build" in
// package.json). Why bundle: a cold start that imports the package and answers one JWT
// GET /session paid for resolving, reading and compiling ~50 small modules one by one; a few
// chunks cost a fraction of that (bench/README.md, "The cold-start row").
//
// Every public entry point is built in this ONE run, so the modules they share land in shared
// chunks exactly once: `@latchkey/core` and `@latchkey/core/errors` export the very same
// classes, and `instanceof` holds across them (test/built-package.test.ts). The lazily loaded
// parts (sign-in and callback actions, flows, pages) stay separate chunks loaded on first use.
// `#crypto` and `#webauthn-server` stay imports that the package's "imports" map resolves per runtime.
//
// Optional libraries (docs/architecture.md): no chunk that `index` reaches names `@simplewebauthn/*` or
// `nodemailer`; the provider modules that need them do (test/optional-libraries.test.ts walks the graph).
// `@simplewebauthn/browser`'s bundle is built in as text (build-plugins/simplewebauthn-browser.mjs).
import { readdirSync } from "node:fs"
import { simpleWebAuthnBrowserBundle } from "./build-plugins/simplewebauthn-browser.mjs"

const providerEntries = Object.fromEntries(
  readdirSync("src/providers")
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .map((file) => [`providers/${file.slice(0, -3)}`, `src/providers/${file}`]),
)

export default {
  input: {
    index: "src/index.ts",
    jwt: "src/jwt.ts",
    errors: "src/errors.ts",
    types: "src/types.ts",
    integration: "src/integration/index.ts",
    "adapters/contract": "src/adapters/contract.ts",
    "adapters/memory": "src/adapters/memory.ts",
    "rate-limit": "src/security/rate-limit/index.ts",
    ...providerEntries,
    // The two implementations behind `#crypto` (package.json "imports").
    "runtime/crypto-node": "src/runtime/crypto-node.ts",
    "runtime/crypto-web": "src/runtime/crypto-web.ts",
    // The two behind `#webauthn-server`: the library, or (Edge) a refusal that keeps it out of the bundle.
    "runtime/webauthn-server-node": "src/runtime/webauthn-server-node.ts",
    "runtime/webauthn-server-edge": "src/runtime/webauthn-server-edge.ts",
  },
  // Dependencies stay external, except `cookie`: a small CommonJS package whose load through Node's
  // CommonJS loader was the largest single cost left in a cold start (about 6 ms of ~50), so its code
  // is bundled. It stays in "dependencies" (for its types, and so its MIT licence is installed).
  // Node builtins, `#crypto` and `#webauthn-server` are resolved at run time.
  external: (id) => /^(#crypto|#webauthn-server|node:)/.test(id) || (/^[a-z@][^:]*$/.test(id) && id !== "cookie"),
  plugins: [simpleWebAuthnBrowserBundle()],
  platform: "neutral",
  // `cookie` declares only "main" (CommonJS), which the neutral platform does not read by default.
  resolve: { mainFields: ["module", "main"] },
  transform: { jsx: { runtime: "automatic", importSource: "preact" } },
  output: {
    dir: "dist",
    format: "esm",
    sourcemap: true,
    // src/ ships with the package: the maps point at it rather than copying it.
    sourcemapExcludeSources: true,
    entryFileNames: "[name].js",
    chunkFileNames: "chunks/[name]-[hash].js",
    cleanDir: true,
  },
}
