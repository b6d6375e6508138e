import { fileURLToPath } from "node:url"

// The repository root (two levels up, for this app and the copy the parity test makes):
// where node_modules, the workspace packages and compat/ are.
const root = fileURLToPath(new URL("../..", import.meta.url))

/** @type {import('next').NextConfig} */
export default {
  turbopack: { root },
  outputFileTracingRoot: root,
}
