import { fileURLToPath } from "node:url"
import ts from "typescript"
import { defineConfig } from "vitest/config"
import { simpleWebAuthnBrowserBundle } from "./packages/core/build-plugins/simplewebauthn-browser.mjs"

const coreRuntime = (file: string) => fileURLToPath(new URL(`./packages/core/src/runtime/${file}`, import.meta.url))

/**
 * Every published @latchkey/* entry resolved to its source, as `npm run typecheck` resolves it
 * (the `paths` of tsconfig.typecheck.json, read from there so the two cannot drift): unit tests
 * then need no build, and a module and its test see one copy of each package.
 */
function sourceEntries(): { find: RegExp; replacement: string }[] {
  const { config } = ts.readConfigFile(fileURLToPath(new URL("./tsconfig.typecheck.json", import.meta.url)), ts.sys.readFile)
  const paths = config.compilerOptions.paths as Record<string, [string]>
  return Object.entries(paths).map(([entry, [target]]) => {
    const pattern = entry.replace(/[.+?^${}()|[\]\\/]/g, "\\$&").replace("*", "(.+)")
    return { find: new RegExp(`^${pattern}$`), replacement: fileURLToPath(new URL(target.replace("*", "$1"), import.meta.url)) }
  })
}

export default defineConfig({
  // The module core's build makes from @simplewebauthn/browser's bundle (packages/core/src/providers/lib/simplewebauthn-browser.ts).
  plugins: [simpleWebAuthnBrowserBundle()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser and server tests bind real ports; keep files in separate workers
    // but do not run more workers than the 2 cores of the CI machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Tests run the TypeScript sources; `#crypto` resolves to the Node
        // implementation exactly as the package's "imports" map does for built code.
        resolve: {
          alias: {
            "#crypto": coreRuntime("crypto-node.ts"),
            "#webauthn-server": coreRuntime("webauthn-server-node.ts"),
          },
        },
        test: {
          name: "node",
          env: { LATCHKEY_EXPECTED_RUNTIME: "node" },
          // Every test lives under packages/<package>/test (README, "Contributing").
          include: ["packages/*/test/**/*.test.{ts,tsx}", "e2e/**/*.test.{ts,tsx}"],
          exclude: ["**/node_modules/**", "**/*.restart.test.ts", "packages/*/test/unit/**"],
        },
      },
      {
        extends: true,
        // Unit tests (packages/*/test/unit, one module each) run on the sources alone: no build,
        // no service, no browser, no compat/ install. `npm run test:unit` runs only this project.
        resolve: {
          alias: [
            { find: "#crypto", replacement: coreRuntime("crypto-node.ts") },
            { find: "#webauthn-server", replacement: coreRuntime("webauthn-server-node.ts") },
            ...sourceEntries(),
          ],
        },
        test: {
          name: "unit",
          env: { LATCHKEY_EXPECTED_RUNTIME: "node" },
          include: ["packages/*/test/unit/**/*.test.{ts,tsx}"],
        },
      },
      {
        extends: true,
        resolve: {
          alias: {
            "#crypto": coreRuntime("crypto-node.ts"),
            "#webauthn-server": coreRuntime("webauthn-server-node.ts"),
          },
        },
        // Tests that stop and restart a shared database server (*.restart.test.ts)
        // run after every other project, one file at a time, so that no other
        // test is using the server while it is down.
        test: {
          name: "restarts",
          include: ["packages/*/test/**/*.restart.test.ts", "e2e/**/*.restart.test.ts"],
          sequence: { groupOrder: 1 },
          fileParallelism: false,
        },
      },
      {
        extends: true,
        // The same flows on the WebCrypto + jose runtime that edge runtimes and
        // browsers get (the "default" condition): every crypto step is then
        // asynchronous, which exercises the async half of the maybe-async pipeline.
        resolve: {
          alias: {
            "#crypto": coreRuntime("crypto-web.ts"),
            "#webauthn-server": coreRuntime("webauthn-server-node.ts"),
          },
        },
        test: {
          name: "web-crypto",
          env: { LATCHKEY_EXPECTED_RUNTIME: "web" },
          include: [
            "packages/core/test/runtime.test.ts",
            "packages/core/test/flow.test.ts",
            "packages/core/test/differential.test.ts",
            "packages/core/test/differential-email.test.ts",
            "packages/core/test/differential-passkey.test.ts",
            "packages/core/test/hostile.test.ts",
            "packages/core/test/database-session.test.ts",
            "packages/core/test/session-cache.test.ts",
            "packages/core/test/user-sessions.test.ts",
            "packages/core/test/oauth/*.test.ts",
            "packages/core/test/providers/catalog-flows.test.ts",
            "packages/core/test/providers/twitter-oauth1.test.ts",
            "packages/core/test/email.test.ts",
            "packages/core/test/email-apis.test.ts",
            "packages/core/test/email-rate-limit.test.ts",
            "packages/core/test/email-code.test.ts",
            "e2e/passkey.test.ts",
          ],
        },
      },
    ],
  },
})
