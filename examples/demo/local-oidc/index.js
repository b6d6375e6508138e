// The Local OIDC provider of the demo: an embedded OpenID Provider with demo
// users, and the Latchkey provider entry that signs in through it. See
// README.md next to this file.

export { localOidcProvider } from "./provider-config.js"
export { DEFAULT_CLIENT_ID, DEFAULT_LOCAL_OIDC_PORT, PORT_VARIABLE, startLocalOidc } from "./server.js"
export { DEMO_USERS } from "./users.js"
