// @auth/core 0.41.3, the reference implementation Latchkey must stay wire-compatible with.
// Only differential tests and the benchmark import this file (by relative path); nothing
// shipped by Latchkey depends on it.
export { Auth, createActionURL, raw, setEnvDefaults, skipCSRFCheck } from "@auth/core"
export * as errors from "@auth/core/errors"
export { decode, encode, getToken } from "@auth/core/jwt"
export { default as Credentials } from "@auth/core/providers/credentials"
export { default as GitLab } from "@auth/core/providers/gitlab"
