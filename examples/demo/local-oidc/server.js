// startLocalOidc: the demo's own OpenID Provider, oidc-provider on a localhost
// port with one confidential client (the demo app), the demo users, and the
// login and consent pages of ./interactions.js.
import { createServer } from "node:http"
import { FAVICON_PATH, FAVICON_SVG, STYLESHEET, STYLESHEET_PATH } from "./assets.js"
import { interactionHandler } from "./interactions.js"
import { memoryAdapter } from "./memory-store.js"
import { errorPage } from "./pages.js"
import { loadOrCreateSecrets } from "./secrets.js"
import { findDemoAccount } from "./users.js"

/** The port the demo runs the provider on unless `LOCAL_OIDC_PORT` says otherwise. */
export const DEFAULT_LOCAL_OIDC_PORT = 3001

/** The environment variable the port-in-use message tells the user to set. */
export const PORT_VARIABLE = "LOCAL_OIDC_PORT"

/** The client id the demo app uses unless told otherwise. */
export const DEFAULT_CLIENT_ID = "latchkey-demo"

/** Claims released per scope (OpenID Connect Core 1.0 §5.4), limited to what the demo users have. */
const SCOPE_CLAIMS = {
  openid: ["sub"],
  email: ["email", "email_verified"],
  profile: ["name", "given_name", "family_name", "preferred_username"],
}

/**
 * Starts the Local OIDC provider: an OpenID Provider (`oidc-provider`) at
 * `http://{host}:{port}`, the issuer, with its discovery document at
 * `/.well-known/openid-configuration`.
 *
 * - One confidential client: `clientId` (default `"latchkey-demo"`),
 *   `clientSecret` (default: a random one kept in the data folder),
 *   authenticated with `client_secret_basic` (RFC 6749 §2.3.1), the
 *   authorization code flow with PKCE S256 required (RFC 7636), scopes
 *   `openid email profile`, redirect URIs `redirectUris` (or the one
 *   `clientRedirectUri`), which must be given.
 * - Signing keys (RS256 and ES256), cookie keys and the default client secret
 *   are created once in `dataDir` (`local-oidc-secrets.json`, mode 0600), so
 *   a restart keeps them.
 * - The demo users of `./users.js` sign in with one click; a consent page
 *   follows; "Cancel" on either answers `error=access_denied` to the client.
 * - `port` defaults to 3001; `0` picks a free one. A port in use rejects with
 *   a one-line message that names the port and `LOCAL_OIDC_PORT`
 *   (`error.code === "LOCAL_OIDC_PORT_IN_USE"`).
 *
 * Resolves with `{ issuer, clientId, clientSecret, close() }`; `close()`
 * stops the server and ends its connections.
 */
export async function startLocalOidc(options) {
  const { dataDir, host = "localhost", clientId = DEFAULT_CLIENT_ID, clientName = "Latchkey demo" } = options ?? {}
  const port = options?.port ?? DEFAULT_LOCAL_OIDC_PORT
  const redirectUris = options?.redirectUris ?? (options?.clientRedirectUri ? [options.clientRedirectUri] : [])
  if (typeof dataDir !== "string" || dataDir === "") throw new TypeError("startLocalOidc: `dataDir` (the folder for its keys) is required.")
  if (redirectUris.length === 0) throw new TypeError("startLocalOidc: `redirectUris` or `clientRedirectUri` (the app's callback URL) is required.")

  const Provider = await importOidcProvider()
  const secrets = await loadOrCreateSecrets(dataDir)
  const clientSecret = options?.clientSecret ?? secrets.clientSecret

  // The issuer names the port, so listen first, then build the provider behind the handler.
  let handle
  const server = createServer((req, res) => {
    if (handle === undefined) {
      res.writeHead(503).end()
      return
    }
    handle(req, res)
  })
  await listen(server, port, host)
  const issuer = `http://${host}:${server.address().port}`

  try {
    const provider = new Provider(issuer, {
      adapter: memoryAdapter(),
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          client_name: clientName,
          redirect_uris: redirectUris,
          response_types: ["code"],
          grant_types: ["authorization_code"],
          token_endpoint_auth_method: "client_secret_basic",
        },
      ],
      findAccount: findDemoAccount,
      claims: SCOPE_CLAIMS,
      scopes: ["openid", "email", "profile"],
      // The profile goes into the ID token too, where Latchkey reads it by default.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      cookies: { keys: secrets.cookieKeys },
      jwks: secrets.jwks,
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      clientBasedCORS: () => false,
      ttl: {
        AccessToken: 3600,
        AuthorizationCode: 60,
        ClientCredentials: 600,
        DeviceCode: 600,
        BackchannelAuthenticationRequest: 600,
        Grant: 14 * 24 * 3600,
        IdToken: 3600,
        Interaction: 3600,
        PreAuthorizedCode: 600,
        RefreshToken: 14 * 24 * 3600,
        Session: 14 * 24 * 3600,
      },
      async renderError(ctx, out) {
        ctx.type = "html"
        ctx.body = errorPage({ title: "Sign-in failed", message: out.error_description ?? out.error ?? "The request could not be handled." })
      },
    })
    // One line per failure, without the request's secrets: oidc-provider otherwise prints nothing.
    provider.on("server_error", (_ctx, error) => console.error(`Local OIDC: ${error?.message ?? error}`))
    const interactions = interactionHandler(provider)
    const oidc = provider.callback()
    const route = async (req, res) => {
      const { pathname } = new URL(req.url, issuer)
      if (pathname === STYLESHEET_PATH) return sendAsset(res, "text/css; charset=utf-8", STYLESHEET)
      if (pathname === FAVICON_PATH || pathname === "/favicon.ico") return sendAsset(res, "image/svg+xml", FAVICON_SVG)
      if (await interactions(req, res)) return
      oidc(req, res)
    }
    // A request target no URL parser accepts gets a plain 400, not an unhandled rejection.
    handle = (req, res) =>
      route(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(400, { "content-type": "text/plain; charset=utf-8" })
        res.end("Bad request")
      })
  } catch (error) {
    await closeServer(server)
    throw error
  }

  return { issuer, clientId, clientSecret, close: () => closeServer(server) }
}

/**
 * oidc-provider, imported without its one "Unsupported runtime" line: it
 * prefers Node 22 but works on Node 20, which Latchkey supports and tests it
 * on, and the line would only alarm a newcomer starting the demo.
 */
async function importOidcProvider() {
  const { warn } = console
  console.warn = (...args) => {
    if (!String(args[0]).includes("oidc-provider WARNING: Unsupported runtime")) warn.apply(console, args)
  }
  try {
    return (await import("oidc-provider")).default
  } finally {
    console.warn = warn
  }
}

function sendAsset(res, type, body) {
  res.writeHead(200, { "content-type": type, "cache-control": "public, max-age=3600", "x-content-type-options": "nosniff" })
  res.end(body)
}

/** Listens, turning "address in use" into the one-line message the demo prints. */
function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once("error", (error) => {
      if (error?.code !== "EADDRINUSE") return reject(error)
      const message = `Port ${port} is already in use, so the Local OIDC provider cannot start there: set ${PORT_VARIABLE} to a free port (for example ${PORT_VARIABLE}=${Number(port) + 100}).`
      reject(Object.assign(new Error(message), { code: "LOCAL_OIDC_PORT_IN_USE", port }))
    })
    server.listen(port, host, () => resolve())
  })
}

function closeServer(server) {
  return new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
}
