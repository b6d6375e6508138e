// The local OpenID Provider the OAuth rows of the benchmark sign in against: oidc-provider (the
// root devDependency the test suite uses too) on 127.0.0.1, in its own child process so that its
// CPU work never lands in the process being measured.
//
//   node op.js        reports { type: "ready", issuer, clientId, clientSecret, callbackUrl } over IPC
//
// One confidential client (client_secret_basic, RS256 id_tokens), one end-user, and a
// programmatic login: the interaction URL is answered here with a login and a Grant for every
// requested scope, so a plain HTTP client goes from the authorization URL to the redirect_uri
// without a browser. The provider's session cookie makes later authorizations skip the
// interaction: the benchmark mints one code per callback quickly. Storage is a Map (the
// default memory adapter is an LRU of 1,000 entries that would evict codes minted in a batch).
// Exits on SIGTERM, on a { type: "stop" } message, or when the parent goes away.

import { generateKeyPairSync, randomBytes } from "node:crypto"
import http from "node:http"

/** Where the benchmark's app lives; its callback URL is the client's only redirect URI. */
export const APP_ORIGIN = "http://localhost:3000"
const CALLBACK_URL = `${APP_ORIGIN}/auth/callback/op`

const ACCOUNT = {
  sub: "bench-user-1",
  email: "ada@example.com",
  email_verified: true,
  name: "Ada Lovelace",
  picture: "https://images.example.com/ada.png",
}

function stop(code = 0) {
  process.exit(code)
}
process.on("SIGTERM", () => stop(0))
process.on("disconnect", () => stop(0))
process.on("message", (message) => {
  if (message?.type === "stop") stop(0)
})

/** oidc-provider's storage adapter over one Map: entries live until the process ends. */
function mapAdapter(store) {
  return class MapAdapter {
    constructor(model) {
      this.model = model
    }
    key(id) {
      return `${this.model}:${id}`
    }
    async upsert(id, payload, expiresIn) {
      store.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity })
    }
    async find(id) {
      const stored = store.get(this.key(id))
      if (stored === undefined || stored.expiresAt <= Date.now()) return undefined
      return stored.payload
    }
    async findByUid(uid) {
      for (const [key, stored] of store) {
        if (key.startsWith(`${this.model}:`) && stored.payload.uid === uid && stored.expiresAt > Date.now()) return stored.payload
      }
      return undefined
    }
    async findByUserCode() {
      return undefined
    }
    async consume(id) {
      const stored = store.get(this.key(id))
      if (stored !== undefined) stored.payload.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id) {
      store.delete(this.key(id))
    }
    async revokeByGrantId(grantId) {
      for (const [key, stored] of store) if (stored.payload.grantId === grantId) store.delete(key)
    }
  }
}

async function start() {
  const { default: Provider } = await import("oidc-provider")
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 })
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: "bench-rs256", alg: "RS256", use: "sig" }
  const client = { clientId: "bench-client", clientSecret: randomBytes(32).toString("base64url") }

  // The issuer is the listening address, so listen first and hand requests over once ready.
  let handle
  const server = http.createServer((req, res) => {
    if (handle) return handle(req, res)
    res.writeHead(503).end()
  })
  server.keepAliveTimeout = 30_000
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  const issuer = `http://127.0.0.1:${server.address().port}`

  const provider = new Provider(issuer, {
    adapter: mapAdapter(new Map()),
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [CALLBACK_URL],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [signingKey] },
    async findAccount(_ctx, sub) {
      if (sub !== ACCOUNT.sub) return undefined
      return { accountId: sub, claims: async () => ({ ...ACCOUNT }) }
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    // The scope-released claims go into the id_token too, as most social providers do: both
    // libraries then read the profile from the id_token and make no userinfo request.
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: async (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
      ClientCredentials: 600,
      DeviceCode: 600,
      BackchannelAuthenticationRequest: 600,
      PreAuthorizedCode: 600,
      RefreshToken: 3600,
    },
    clientBasedCORS: () => false,
  })
  provider.on("server_error", (_ctx, error) => console.error("oidc-provider server_error:", error))

  // The programmatic login: log the end-user in and grant everything the request asks for.
  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith("/interaction/")) return next()
    const interaction = await provider.interactionDetails(ctx.req, ctx.res)
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
      new provider.Grant({ accountId: ACCOUNT.sub, clientId: interaction.params.client_id })
    grant.addOIDCScope(String(interaction.params.scope ?? "openid"))
    const details = interaction.prompt.details ?? {}
    if (Array.isArray(details.missingOIDCClaims)) grant.addOIDCClaims(details.missingOIDCClaims)
    const grantId = await grant.save()
    const returnTo = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: ACCOUNT.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
    ctx.status = 303
    ctx.redirect(returnTo)
  })

  handle = provider.callback()
  return { issuer, ...client, callbackUrl: CALLBACK_URL }
}

try {
  const ready = await start()
  process.send?.({ type: "ready", ...ready, pid: process.pid })
} catch (error) {
  if (process.send) process.send({ type: "error", message: String(error?.stack ?? error) }, () => stop(1))
  else {
    console.error(error)
    stop(1)
  }
}
