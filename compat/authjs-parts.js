// The parts of @auth/core 0.41.3 that the differential tests use beyond index.js: its own email
// and passkey providers, and the token hash its email flow stores. Tests import them from here
// (plain JavaScript, no declarations) rather than from compat/node_modules, so that their types
// are the same whether compat/ is installed or not (`npm run typecheck`).
export { default as Nodemailer } from "@auth/core/providers/nodemailer"
export { default as Passkey } from "@auth/core/providers/passkey"
export { createHash } from "./node_modules/@auth/core/lib/utils/web.js"
