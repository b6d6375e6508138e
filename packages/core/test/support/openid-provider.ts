/**
 * A real OpenID Provider for tests: `oidc-provider` (the certified OP
 * implementation) started in-process on 127.0.0.1, with test clients, a
 * programmatic login, rotating signing keys and tamper hooks.
 *
 * ## Use
 *
 * ```ts
 * const op = await startOpenIdProvider()            // once per test file (beforeAll)
 * afterAll(() => op.close())
 * afterEach(() => op.reset())                      // hooks, account, refusal back to defaults
 *
 * const client = await op.addClient({ auth: "client_secret_post", redirectUris: [callbackUrl] })
 * op.setAccount({ sub: "u-42", email: "grace@example.com", name: "Grace" })
 * // …send the user agent to the authorization URL your RP built…
 * const { params } = await op.authorize(authorizationUrl) // code, state, iss as the RP's callback gets them
 * ```
 *
 * - **Issuer**: `op.issuer` (`http://127.0.0.1:<port>`); discovery at
 *   `/.well-known/openid-configuration` (or only at `discoveryPath`). RFC 9207 `iss` is in every
 *   authorization response (`authorization_response_iss_parameter_supported`).
 *   RPs must allow plain http for this issuer (oauth4webapi:
 *   `[allowInsecureRequests]: true`).
 * - **Clients** ({@link TestClientOptions}): `client_secret_basic` (default),
 *   `client_secret_post`, `client_secret_jwt`, `private_key_jwt` (an ES256
 *   key pair is generated; the private `CryptoKey` and its `kid` are
 *   returned), `none` (public client: PKCE S256 required). `form_post`,
 *   `query` and `fragment` response modes are all accepted.
 *   `refreshTokens: true` allows the refresh_token grant; a refresh token is
 *   issued when the request asks for `offline_access` **with
 *   `prompt=consent`** (OpenID Connect Core §11; oidc-provider drops
 *   `offline_access` otherwise), or always with `refreshTokenPolicy: "always"`.
 *   `idTokenAlg` is RS256 by default; PS256, ES256, EdDSA, and `none` when the
 *   provider was started with `allowUnsignedIdTokens: true`. oidc-provider 9
 *   cannot sign with `none`, so for such a client the harness re-encodes the
 *   ID token of each token response unsigned (`alg: none`, same claims, empty
 *   signature) and adds `none` to the advertised algorithms — on the wire it
 *   is exactly what an OP registered for `none` sends.
 * - **Login without a browser**: the provider's interaction URL is answered
 *   by the harness itself: it logs in the current account
 *   ({@link OpenIdProvider.setAccount}) and saves a Grant for every requested
 *   scope and claim, so a plain HTTP client with a cookie jar goes from the
 *   authorization URL to the redirect_uri. {@link OpenIdProvider.authorize}
 *   is that client. {@link OpenIdProvider.refuseLogin} makes the user say no
 *   (`error=access_denied`).
 * - **Claims**: the account's claims are released by scope (`profile`,
 *   `email`, `address`, `phone`; extend with `claims`). By default they are
 *   also put in the ID token, as most social OPs do; set
 *   `idTokenClaims: "conform"` to keep the ID token to `sub` and protocol
 *   claims (then they come from userinfo only).
 * - **Key rotation**: {@link OpenIdProvider.rotateKeys} replaces every signing
 *   key (new `kid`s); the JWKS then publishes the new keys (and the old ones
 *   with `keepPrevious`).
 * - **Tampering**: {@link OpenIdProvider.after} runs a hook after a route's
 *   answer is built (`token`, `userinfo`, `discovery`, `jwks`,
 *   `authorization` — the latter also covers the resumed authorization after
 *   the login); {@link OpenIdProvider.rewriteJson} and
 *   {@link OpenIdProvider.rewriteAuthorizationResponse} are the common cases.
 * - **Logout**: RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0) is
 *   always on: {@link OpenIdProvider.endSession} plays the user agent at the
 *   end-session endpoint (it confirms the provider's logout form) and
 *   returns where the provider sent it. With `backchannelLogout: true` the
 *   provider also sends logout tokens (Back-Channel Logout 1.0) to each
 *   client registered with a `backchannel_logout_uri` (metadata; add
 *   `backchannel_logout_session_required: true` for a `sid` in ID and logout
 *   tokens). Requests to 127.0.0.1 are allowed (oidc-provider's SSRF guard
 *   is off: everything here is loopback). {@link OpenIdProvider.signJwt}
 *   signs any claims with the provider's current key (hand-made logout
 *   tokens for the refusal cases).
 * - **Quiet**: oidc-provider's development notices (unsupported Node version,
 *   quick-start defaults) are kept out of the test output; errors it raises
 *   are collected in {@link OpenIdProvider.errors} instead of printed.
 *
 * Nothing leaves 127.0.0.1; `close()` ends every connection.
 */
import { createPublicKey, type KeyObject } from "node:crypto"
import { CompactSign, calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose"
import { CookieJar } from "./cookies.js"
import { type AuthorizationOutcome, escapeHtml, type FollowOptions, followAuthorization, parseFormPost, startLoopbackServer } from "./loopback.js"

/** An end-user at the provider: `sub` plus any OpenID Connect standard claims. */
export interface TestAccount {
  sub: string
  [claim: string]: unknown
}

/** The account logged in unless a test sets another. */
export const DEFAULT_ACCOUNT: TestAccount = Object.freeze({
  sub: "op-user-1",
  email: "ada@example.com",
  email_verified: true,
  name: "Ada Lovelace",
  given_name: "Ada",
  family_name: "Lovelace",
  preferred_username: "ada",
  picture: "https://images.example.com/ada.png",
})

/** Token endpoint client authentication methods (OpenID Connect Core §9, RFC 7523). */
export type ClientAuthMethod = "client_secret_basic" | "client_secret_post" | "client_secret_jwt" | "private_key_jwt" | "none"

/** ID token signing algorithms the provider holds keys for (`none` only with `allowUnsignedIdTokens`). */
export type IdTokenAlg = "RS256" | "PS256" | "ES256" | "EdDSA" | "none"

const SIGNING_ALGS = ["RS256", "PS256", "ES256", "EdDSA"] as const
type SigningAlg = (typeof SIGNING_ALGS)[number]

/** How a test client is registered. */
export interface TestClientOptions {
  /** Default: a fresh random id. */
  clientId?: string
  /** Token endpoint authentication (default `client_secret_basic`). */
  auth?: ClientAuthMethod
  /** Registered redirect URIs (default `["http://127.0.0.1/callback"]`; never requested by the harness). */
  redirectUris?: string[]
  /** `id_token_signed_response_alg` (default RS256). */
  idTokenAlg?: IdTokenAlg
  /** Allow the refresh_token grant (default false). */
  refreshTokens?: boolean
  /** Raw client metadata merged last (e.g. `post_logout_redirect_uris`, `default_max_age`). */
  metadata?: Record<string, unknown>
}

/** A registered client: what an RP needs to talk to the provider as it. */
export interface TestClient {
  clientId: string
  /** For the secret-based methods. */
  clientSecret?: string
  auth: ClientAuthMethod
  /** The first registered redirect URI. */
  redirectUri: string
  idTokenAlg: IdTokenAlg
  /** For `private_key_jwt`: the ES256 private key to sign client assertions with. */
  privateKey?: CryptoKey
  /** For `private_key_jwt`: the `kid` of {@link TestClient.privateKey} in the registered JWKS. */
  keyId?: string
  /** The metadata as registered (snake_case, as oidc-provider and oauth4webapi's `Client` use it). */
  metadata: Record<string, unknown>
}

/** Options of {@link startOpenIdProvider}. */
export interface OpenIdProviderOptions {
  /** The account logged in by the programmatic login (default {@link DEFAULT_ACCOUNT}). */
  account?: TestAccount
  /** Clients registered at start (more with `addClient`). */
  clients?: TestClientOptions[]
  /** Advertise `alg: none` and allow clients with `idTokenAlg: "none"` (unsigned ID tokens, emulated: see the file header). */
  allowUnsignedIdTokens?: boolean
  /** `"all"` (default): scope-released claims in the ID token too; `"conform"`: userinfo only. */
  idTokenClaims?: "all" | "conform"
  /** `"offline_access"` (default, OpenID Connect Core §11) or `"always"` for clients allowed the refresh_token grant. */
  refreshTokenPolicy?: "offline_access" | "always"
  /** Extra claim names per scope, added to the standard OpenID Connect ones (a new scope name adds a scope). */
  claims?: Record<string, string[]>
  /**
   * Rotate refresh tokens: every refresh_token grant answers a new refresh
   * token and consumes the old one; a consumed one sent again revokes the
   * whole grant (oidc-provider's reuse detection, RFC 9700 §4.14.2). Default:
   * oidc-provider's own rule (public clients only, or near expiry).
   */
  rotateRefreshTokens?: boolean
  /** Access token lifetime in seconds (default 3600). */
  accessTokenTtl?: number
  /** Turn on `features.backchannelLogout` (OpenID Connect Back-Channel Logout 1.0). Default false. */
  backchannelLogout?: boolean
  /**
   * Serve the discovery document at this path (a custom `wellKnown`) instead
   * of `/.well-known/openid-configuration`, which then answers 404.
   */
  discoveryPath?: string
}

/** Route names a hook can attach to (oidc-provider's `ctx.oidc.route`; `authorization` covers `resume` too). */
export type HookRoute = "authorization" | "token" | "userinfo" | "discovery" | "jwks"

/** The Koa context a hook sees, reduced to what a hook needs. */
export interface HookContext {
  status: number
  /** The answer: a plain object for JSON routes, a string for HTML. Replace it to change the answer. */
  body: unknown
  /** The request method and URL (path + query). */
  method: string
  url: string
  /** Sets a response header. */
  set(name: string, value: string): void
  /** Removes a response header. */
  remove(name: string): void
  response: { get(name: string): string }
  oidc: { route: string }
}

/** Runs after a route built its answer; may change `ctx.status`, `ctx.body` and headers. */
export type Hook = (ctx: HookContext) => void | Promise<void>

/** A running OpenID Provider. */
export interface OpenIdProvider {
  /** The issuer identifier, `http://127.0.0.1:<port>`. */
  issuer: string
  /** The issuer as a URL (what oauth4webapi's `discoveryRequest` takes). */
  url: URL
  /** Clients registered at start, in order. */
  clients: TestClient[]
  /** Errors oidc-provider raised (server errors, failed hooks), in order. */
  errors: unknown[]
  /** Registers a client; rejects when oidc-provider refuses the metadata. */
  addClient(options?: TestClientOptions): Promise<TestClient>
  /** The account the next login signs in as (also makes logins succeed again after `refuseLogin`). */
  setAccount(account: TestAccount): void
  /** Makes the next logins answer `error=access_denied` (with `description`) until `setAccount` or `reset`. */
  refuseLogin(description?: string): void
  /** Replaces every signing key; resolves with the new `kid`s by algorithm. */
  rotateKeys(options?: { keepPrevious?: boolean }): Promise<Record<SigningAlg, string>>
  /** The JWKS the provider currently publishes. */
  jwks(): { keys: JWK[] }
  /** Adds a hook after `route`; returns a function that removes it. */
  after(route: HookRoute, hook: Hook): () => void
  /** Replaces a JSON answer (token, userinfo, discovery, jwks) with `rewrite(body)`. */
  rewriteJson(route: Exclude<HookRoute, "authorization">, rewrite: (body: any) => unknown): () => void
  /** Edits the parameters of redirect-based authorization responses (query or fragment) in place. */
  rewriteAuthorizationResponse(rewrite: (params: URLSearchParams) => void): () => void
  /** Plays the user agent from `authorizationUrl` to the client's redirect_uri (see `followAuthorization`). */
  authorize(authorizationUrl: string | URL, options?: FollowOptions): Promise<AuthorizationOutcome>
  /**
   * Plays the user agent at the end-session endpoint `url` (with `jar`, its
   * cookies at the provider): confirms the logout form ("sign out of
   * everything") and returns the first redirect that leaves the provider
   * (the post_logout_redirect_uri with its `state`), or the provider's own
   * success page URL.
   */
  endSession(url: string | URL, options?: { jar?: CookieJar }): Promise<{ location: URL; jar: CookieJar }>
  /** A JWS of `payload` signed with the provider's current `alg` key (default RS256), `header` merged into the protected header. */
  signJwt(payload: Record<string, unknown>, options?: { alg?: SigningAlg; header?: Record<string, unknown> }): Promise<string>
  /** Back to the start: default account, logins approved, no hooks, no recorded errors. */
  reset(): void
  /** Stops the server; ends every connection. */
  close(): Promise<void>
}

// Typed through a variable so TypeScript does not look for declarations oidc-provider does not ship.
const OIDC_PROVIDER = "oidc-provider"

/** Lines oidc-provider prints about itself (runtime, quick-start defaults, experiments). */
function isProviderNotice(args: unknown[]): boolean {
  return typeof args[0] === "string" && args[0].includes("oidc-provider ")
}

/** Runs `task` with oidc-provider's own console notices dropped; everything else still prints. */
async function withoutProviderNotices<T>(task: () => Promise<T>): Promise<T> {
  const { warn, info } = console
  console.warn = (...args: unknown[]) => {
    if (!isProviderNotice(args)) warn.apply(console, args)
  }
  console.info = (...args: unknown[]) => {
    if (!isProviderNotice(args)) info.apply(console, args)
  }
  try {
    return await task()
  } finally {
    console.warn = warn
    console.info = info
  }
}

/** oidc-provider's `ExternalSigningKey` (a key whose signing the application does), as far as the harness uses it. */
type ExternalSigningKeyClass = new () => {
  get kid(): string
  set kid(value: string)
  get alg(): string
  set alg(value: string)
  keyObject(): KeyObject
  sign(data: Uint8Array): Promise<Uint8Array>
}

/** One signing key the provider uses for `alg`, replaceable at run time. */
interface KeyMaterial {
  alg: SigningAlg
  kid: string
  privateKey: CryptoKey
  publicJwk: JWK
  publicKey: KeyObject
}

async function generateKeyMaterial(alg: SigningAlg): Promise<KeyMaterial> {
  const { privateKey, publicKey } = await generateKeyPair(alg, alg === "EdDSA" ? { crv: "Ed25519" } : {})
  const jwk = await exportJWK(publicKey)
  const kid = await calculateJwkThumbprint(jwk)
  const publicJwk: JWK = { ...jwk, kid, alg, use: "sig" }
  return { alg, kid, privateKey, publicJwk, publicKey: createPublicKey({ key: publicJwk as any, format: "jwk" }) }
}

/** Produces the JWS signature of `signingInput` (`b64(header).b64(payload)`) with jose. */
async function signWithJose(signingInput: Uint8Array, key: CryptoKey): Promise<Uint8Array> {
  const text = new TextDecoder().decode(signingInput)
  const [header = "", payload = ""] = text.split(".")
  const jws = await new CompactSign(Buffer.from(payload, "base64url"))
    .setProtectedHeader(JSON.parse(Buffer.from(header, "base64url").toString("utf8")))
    .sign(key)
  const [signedHeader, signedPayload, signature = ""] = jws.split(".")
  // jose re-serialises the header; it must be byte-identical or the signature covers other bytes.
  if (signedHeader !== header || signedPayload !== payload) throw new Error("re-encoding the JWS header changed the signing input")
  return Buffer.from(signature, "base64url")
}

function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url")
}

interface Stored {
  payload: Record<string, any>
  expiresAt: number
}

/** The oidc-provider storage adapter: one Map per provider instance (its default warns and is process-global). */
function mapAdapter(store: Map<string, Stored>) {
  return class MapAdapter {
    constructor(readonly model: string) {}
    key(id: string) {
      return `${this.model}:${id}`
    }
    entries() {
      const prefix = `${this.model}:`
      return [...store].filter(([key]) => key.startsWith(prefix))
    }
    async upsert(id: string, payload: Record<string, any>, expiresIn?: number) {
      store.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity })
    }
    async find(id: string) {
      const stored = store.get(this.key(id))
      if (stored === undefined) return undefined
      if (stored.expiresAt <= Date.now()) {
        store.delete(this.key(id))
        return undefined
      }
      return stored.payload
    }
    async findByUid(uid: string) {
      return this.entries().find(([, stored]) => stored.payload.uid === uid && stored.expiresAt > Date.now())?.[1].payload
    }
    async findByUserCode(userCode: string) {
      return this.entries().find(([, stored]) => stored.payload.userCode === userCode && stored.expiresAt > Date.now())?.[1].payload
    }
    async consume(id: string) {
      const stored = store.get(this.key(id))
      if (stored !== undefined) stored.payload.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id: string) {
      store.delete(this.key(id))
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, stored] of store) if (stored.payload.grantId === grantId) store.delete(key)
    }
  }
}

const STANDARD_CLAIMS: Record<string, string[]> = {
  openid: ["sub"],
  email: ["email", "email_verified"],
  profile: [
    "name",
    "family_name",
    "given_name",
    "middle_name",
    "nickname",
    "preferred_username",
    "profile",
    "picture",
    "website",
    "gender",
    "birthdate",
    "zoneinfo",
    "locale",
    "updated_at",
  ],
  address: ["address"],
  phone: ["phone_number", "phone_number_verified"],
}

/**
 * Starts oidc-provider on 127.0.0.1 (random port) with the given clients and
 * account. See the file's header for what it offers. Start it once per test
 * file and `close()` it in `afterAll`.
 */
export async function startOpenIdProvider(options: OpenIdProviderOptions = {}): Promise<OpenIdProvider> {
  const module: any = await withoutProviderNotices(() => import(OIDC_PROVIDER))
  const Provider = module.default
  const ExternalSigningKey = module.ExternalSigningKey as ExternalSigningKeyClass

  const store = new Map<string, Stored>()
  const accounts = new Map<string, TestAccount>()
  const hooks = new Map<string, Set<Hook>>()
  const errors: unknown[] = []
  const unsignedClients = new Set<string>()
  const initialAccount = options.account ?? DEFAULT_ACCOUNT
  let current = initialAccount
  let refusal: string | undefined
  accounts.set(current.sub, current)

  // oidc-provider signs through these keys; `rotateKeys` swaps their material underneath.
  const material = new Map<SigningAlg, KeyMaterial>()
  for (const alg of SIGNING_ALGS) material.set(alg, await generateKeyMaterial(alg))
  let retired: JWK[] = []
  const slot = (alg: SigningAlg) => material.get(alg) as KeyMaterial
  class RotatingKey extends ExternalSigningKey {
    constructor(readonly slotAlg: SigningAlg) {
      super()
    }
    override get kid() {
      return slot(this.slotAlg).kid
    }
    override set kid(_value: string) {
      // The kid follows the current key material.
    }
    override get alg() {
      return this.slotAlg
    }
    override set alg(_value: string) {
      // Fixed per slot.
    }
    override keyObject() {
      return slot(this.slotAlg).publicKey
    }
    override async sign(data: Uint8Array) {
      return signWithJose(data, slot(this.slotAlg).privateKey)
    }
  }
  const publishedJwks = () => ({ keys: [...[...material.values()].map((key) => key.publicJwk), ...retired] })

  // The issuer must be known before the provider exists: listen first, then route to it.
  let handle: ((req: any, res: any) => void) | undefined
  const server = await startLoopbackServer((req, res) => {
    if (handle === undefined) throw new Error("provider not ready")
    handle(req, res)
  })
  try {
    return await serve(server.origin)
  } catch (error) {
    // A provider that failed to start must not leave its port open.
    await server.close()
    throw error
  }

  async function serve(issuer: string): Promise<OpenIdProvider> {
    const ttl = options.accessTokenTtl ?? 3600

    const provider = await withoutProviderNotices(
      async () =>
        new Provider(issuer, {
          adapter: mapAdapter(store),
          async findAccount(_ctx: unknown, sub: string) {
            const account = accounts.get(sub)
            if (account === undefined) return undefined
            return { accountId: sub, claims: async () => ({ ...account }) }
          },
          claims: scopeClaims(options.claims),
          scopes: ["openid", "offline_access"],
          conformIdTokenClaims: options.idTokenClaims === "conform",
          cookies: { keys: [randomSecret()] },
          features: {
            devInteractions: { enabled: false },
            externalSigningSupport: { enabled: true, ack: "experimental-01" },
            backchannelLogout: { enabled: options.backchannelLogout === true },
            rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
          },
          // Everything the harness talks to is on 127.0.0.1, which oidc-provider's SSRF guard (a dispatcher) refuses.
          fetch: (url: string, init: Record<string, unknown>) => {
            const { dispatcher: _dispatcher, ...rest } = init
            return globalThis.fetch(url, rest as RequestInit)
          },
          interactions: { url: async (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
          jwks: { keys: SIGNING_ALGS.map((alg) => new RotatingKey(alg)) },
          enabledJWA: { idTokenSigningAlgValues: [...SIGNING_ALGS] },
          ...(options.rotateRefreshTokens ? { rotateRefreshToken: true } : {}),
          ...(options.refreshTokenPolicy === "always"
            ? { issueRefreshToken: async (_ctx: unknown, client: any) => client.grantTypeAllowed("refresh_token") }
            : {}),
          ttl: {
            AccessToken: ttl,
            AuthorizationCode: 60,
            BackchannelAuthenticationRequest: 600,
            ClientCredentials: 600,
            DeviceCode: 600,
            Grant: 3600,
            IdToken: 3600,
            Interaction: 600,
            PreAuthorizedCode: 600,
            RefreshToken: 86_400,
            Session: 3600,
          },
          clientBasedCORS: () => false,
          async renderError(ctx: any, out: Record<string, string>) {
            ctx.type = "html"
            ctx.body = `<!DOCTYPE html><title>oidc-provider error</title><pre>${escapeHtml(JSON.stringify(out))}</pre>`
          },
        }),
    )
    // With a listener, Koa stops printing errors to stderr; tests read them from `errors`.
    provider.on("error", (error: unknown) => errors.push(error))
    provider.on("server_error", (_ctx: unknown, error: unknown) => errors.push(error))

    // A moved discovery document: the standard path is gone, the configured one routes to discovery.
    if (options.discoveryPath !== undefined) {
      const moved = options.discoveryPath
      provider.use(async (ctx: any, next: () => Promise<void>) => {
        if (ctx.path === "/.well-known/openid-configuration") {
          ctx.status = 404
          ctx.body = { error: "not_found" }
          return
        }
        if (ctx.path === moved) ctx.path = "/.well-known/openid-configuration"
        return next()
      })
    }

    // The programmatic login: answers the interaction URL with a login and a Grant for everything asked.
    provider.use(async (ctx: any, next: () => Promise<void>) => {
      if (!ctx.path.startsWith("/interaction/")) return next()
      const interaction = await provider.interactionDetails(ctx.req, ctx.res)
      let result: Record<string, unknown>
      if (refusal !== undefined) {
        result = { error: "access_denied", error_description: refusal }
      } else {
        const accountId = current.sub
        const grant =
          (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
          new provider.Grant({ accountId, clientId: interaction.params.client_id })
        grant.addOIDCScope(String(interaction.params.scope ?? "openid"))
        const details = interaction.prompt.details ?? {}
        if (Array.isArray(details.missingOIDCClaims)) grant.addOIDCClaims(details.missingOIDCClaims)
        for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
          grant.addResourceScope(resource, (scopes as string[]).join(" "))
        }
        const grantId = await grant.save()
        result = { login: { accountId }, consent: { grantId } }
      }
      const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false })
      ctx.redirect(returnTo)
      ctx.status = 303
    })

    // Hooks run after the route answered; the harness's own rewrites (rotating JWKS, `none`) come first.
    provider.use(async (ctx: any, next: () => Promise<void>) => {
      await next()
      const route: string | undefined = ctx.oidc?.route
      if (route === undefined) return
      if (route === "jwks" && ctx.status === 200) ctx.body = publishedJwks()
      if (route === "discovery" && ctx.status === 200 && options.allowUnsignedIdTokens) {
        ctx.body = { ...ctx.body, id_token_signing_alg_values_supported: [...ctx.body.id_token_signing_alg_values_supported, "none"] }
      }
      if (route === "token" && ctx.status === 200 && typeof ctx.body?.id_token === "string" && unsignedClients.has(ctx.oidc.client?.clientId)) {
        ctx.body = { ...ctx.body, id_token: unsigned(ctx.body.id_token) }
      }
      const name = route === "resume" ? "authorization" : route
      for (const hook of [...(hooks.get(name) ?? [])]) await hook(ctx)
    })

    handle = provider.callback()

    const after = (route: HookRoute, hook: Hook) => {
      const set = hooks.get(route) ?? new Set<Hook>()
      hooks.set(route, set)
      set.add(hook)
      return () => {
        set.delete(hook)
      }
    }

    const addClient = async (clientOptions: TestClientOptions = {}): Promise<TestClient> => {
      const auth = clientOptions.auth ?? "client_secret_basic"
      const idTokenAlg = clientOptions.idTokenAlg ?? "RS256"
      const clientId = clientOptions.clientId ?? `client-${randomSecret().slice(0, 12)}`
      const redirectUris = clientOptions.redirectUris ?? ["http://127.0.0.1/callback"]
      const metadata: Record<string, unknown> = {
        client_id: clientId,
        redirect_uris: redirectUris,
        response_types: ["code"],
        grant_types: clientOptions.refreshTokens ? ["authorization_code", "refresh_token"] : ["authorization_code"],
        token_endpoint_auth_method: auth,
        id_token_signed_response_alg: idTokenAlg,
      }
      const client: TestClient = { clientId, auth, redirectUri: redirectUris[0] ?? "", idTokenAlg, metadata }
      if (auth !== "none" && auth !== "private_key_jwt") {
        client.clientSecret = randomSecret()
        metadata.client_secret = client.clientSecret
      }
      if (auth === "private_key_jwt") {
        const { privateKey, publicKey } = await generateKeyPair("ES256")
        const jwk = await exportJWK(publicKey)
        client.keyId = await calculateJwkThumbprint(jwk)
        client.privateKey = privateKey
        metadata.jwks = { keys: [{ ...jwk, kid: client.keyId, alg: "ES256", use: "sig" }] }
        metadata.token_endpoint_auth_signing_alg = "ES256"
      }
      Object.assign(metadata, clientOptions.metadata)
      const registered = { ...metadata }
      if (metadata.id_token_signed_response_alg === "none") {
        if (!options.allowUnsignedIdTokens) throw new Error('idTokenAlg "none" needs startOpenIdProvider({ allowUnsignedIdTokens: true })')
        // Signed here, stripped on the way out (see the file header).
        registered.id_token_signed_response_alg = "RS256"
      }
      store.set(`Client:${clientId}`, { payload: registered, expiresAt: Infinity })
      try {
        // Validates the metadata now, so a bad client fails where it is registered.
        await provider.Client.find(clientId)
      } catch (error) {
        store.delete(`Client:${clientId}`)
        throw error
      }
      if (metadata.id_token_signed_response_alg === "none") unsignedClients.add(clientId)
      return client
    }

    const clients: TestClient[] = []
    for (const clientOptions of options.clients ?? []) clients.push(await addClient(clientOptions))

    return {
      issuer,
      url: new URL(issuer),
      clients,
      errors,
      addClient,
      setAccount(account) {
        accounts.set(account.sub, account)
        current = account
        refusal = undefined
      },
      refuseLogin(description = "The end-user refused the request") {
        refusal = description
      },
      async rotateKeys({ keepPrevious = false } = {}) {
        const next = await Promise.all(SIGNING_ALGS.map(generateKeyMaterial))
        retired = keepPrevious ? publishedJwks().keys : []
        for (const key of next) material.set(key.alg, key)
        return Object.fromEntries(next.map((key) => [key.alg, key.kid])) as Record<SigningAlg, string>
      },
      jwks: publishedJwks,
      after,
      rewriteJson(route, rewrite) {
        return after(route, (ctx) => {
          if (typeof ctx.body === "object" && ctx.body !== null) ctx.body = rewrite(structuredClone(ctx.body))
        })
      },
      rewriteAuthorizationResponse(rewrite) {
        return after("authorization", (ctx) => {
          const location = ctx.response.get("location")
          if (!location) return
          const url = new URL(location, issuer)
          // Redirects within the provider (to the login) are not authorization responses.
          if (url.origin === issuer) return
          const fragment = url.hash.length > 1
          const params = new URLSearchParams(fragment ? url.hash.slice(1) : url.search)
          rewrite(params)
          if (fragment) url.hash = params.toString()
          else url.search = params.toString()
          ctx.set("location", url.href)
        })
      },
      authorize(authorizationUrl, followOptions) {
        return followAuthorization(authorizationUrl, { jar: new CookieJar(), ...followOptions })
      },
      async endSession(url, endOptions = {}) {
        const jar = endOptions.jar ?? new CookieJar()
        let next: URL = new URL(url)
        let form: { method: "GET" | "POST"; body?: URLSearchParams } = { method: "GET" }
        for (let hop = 0; hop < 10; hop++) {
          const response = await fetch(next, {
            method: form.method,
            redirect: "manual",
            headers: {
              ...(jar.cookies.size > 0 ? { cookie: jar.header() } : {}),
              ...(form.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
            },
            ...(form.body ? { body: form.body.toString() } : {}),
            signal: AbortSignal.timeout(10_000),
          })
          jar.store(response)
          const location = response.headers.get("location")
          if (location !== null) {
            await response.body?.cancel()
            const target = new URL(location, next)
            if (target.origin !== issuer || target.pathname.endsWith("/session/end/success")) return { location: target, jar }
            next = target
            form = { method: "GET" }
            continue
          }
          const text = await response.text()
          const page = parseFormPost(text)
          if (response.status !== 200 || page === undefined)
            throw new Error(`end session stopped at ${next.pathname} with ${response.status}: ${text.slice(0, 300)}`)
          // The logout form: confirm, signing out of every client of the session.
          page.params.set("logout", "yes")
          next = new URL(page.action, next)
          form = { method: "POST", body: page.params }
        }
        throw new Error("end session did not finish in 10 requests")
      },
      async signJwt(payload, signOptions = {}) {
        const key = slot(signOptions.alg ?? "RS256")
        return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
          .setProtectedHeader({ alg: key.alg, kid: key.kid, ...signOptions.header })
          .sign(key.privateKey)
      },
      reset() {
        hooks.clear()
        errors.length = 0
        accounts.set(initialAccount.sub, initialAccount)
        current = initialAccount
        refusal = undefined
      },
      close: () => server.close(),
    }
  }
}

/** The logout confirmation page: oidc-provider's form (with its xsrf field) and a plain button. */
async function logoutSource(ctx: { body: unknown }, form: string): Promise<void> {
  ctx.body = `<!DOCTYPE html><title>Sign out</title>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`
}

/** The page after a logout without a post_logout_redirect_uri. */
async function postLogoutSuccessSource(ctx: { body: unknown }): Promise<void> {
  ctx.body = "<!DOCTYPE html><title>Signed out</title><p>Signed out.</p>"
}

/** The same claims as an unsecured JWS (RFC 7515 appendix A.5): header `{"alg":"none"}`, empty signature. */
function unsigned(idToken: string): string {
  const [, payload = ""] = idToken.split(".")
  return `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`
}

/** The standard scope → claims table with `extra` names added. */
function scopeClaims(extra: Record<string, string[]> = {}): Record<string, string[]> {
  const table = { ...STANDARD_CLAIMS }
  for (const [scope, names] of Object.entries(extra)) table[scope] = [...new Set([...(table[scope] ?? []), ...names])]
  return table
}
