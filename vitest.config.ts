import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

const coreCryptoForNode = fileURLToPath(
  new URL("./packages/core/src/runtime/crypto-node.ts", import.meta.url),
)

export default defineConfig({
  resolve: {
    // Tests run the TypeScript sources; `#crypto` resolves to the Node
    // implementation exactly as the package's "imports" map does for built code.
    alias: { "#crypto": coreCryptoForNode },
  },
  test: {
    include: [
      "packages/*/src/**/*.test.{ts,tsx}",
      "packages/*/test/**/*.test.{ts,tsx}",
      "e2e/**/*.test.{ts,tsx}",
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser and server tests bind real ports; keep files in separate workers
    // but do not run more workers than the 2 cores of the CI machine.
    maxWorkers: 2,
  },
})
