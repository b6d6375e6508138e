import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

const coreRuntime = (file: string) => fileURLToPath(new URL(`./packages/core/src/runtime/${file}`, import.meta.url))

export default defineConfig({
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
        resolve: { alias: { "#crypto": coreRuntime("crypto-node.ts"), "#package-files": coreRuntime("package-files-node.ts"), "#webauthn-server": coreRuntime("webauthn-server-node.ts") } },
        test: {
          name: "node",
          env: { LATCHKEY_EXPECTED_RUNTIME: "node" },
          // Every test lives under packages/<package>/test (README, "Contributing").
          include: [
            "packages/*/test/**/*.test.{ts,tsx}",
            "e2e/**/*.test.{ts,tsx}",
          ],
          exclude: ["**/node_modules/**", "**/*.restart.test.ts"],
        },
      },
      {
        extends: true,
        resolve: { alias: { "#crypto": coreRuntime("crypto-node.ts"), "#package-files": coreRuntime("package-files-node.ts"), "#webauthn-server": coreRuntime("webauthn-server-node.ts") } },
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
        resolve: { alias: { "#crypto": coreRuntime("crypto-web.ts"), "#package-files": coreRuntime("package-files-node.ts"), "#webauthn-server": coreRuntime("webauthn-server-node.ts") } },
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
