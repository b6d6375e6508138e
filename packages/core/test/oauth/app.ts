/**
 * An application signing in against the real OpenID Provider harness
 * (support/openid-provider.ts), driven over HTTP only: a browser-like
 * {@link Client} with a cookie jar talks to Latchkey's `Auth()`, and the
 * provider's part is played by `op.authorize` (its programmatic login).
 */
import { afterAll, afterEach, expect } from "vitest"
import { Client, redirectTarget } from "../support/client.js"
import { type AppOrigin, makeConfig } from "../support/config.js"
import { latchkey } from "../support/implementations.js"
import type { AuthorizationOutcome } from "../support/loopback.js"
import { type OpenIdProvider, startOpenIdProvider, type TestClient, type TestClientOptions } from "../support/openid-provider.js"

export const APP: AppOrigin = { label: "http", origin: "http://localhost:3000", secure: false }

/**
 * The OpenID Provider of one test file: started when the file is collected (call it with
 * top-level `await`), back to its defaults after each test, closed after the file. After
 * each test it also fails the test if the provider recorded an error, unless
 * `ignoreProviderErrors` says the file provokes them on purpose.
 */
export async function openIdProviderForFile(options: { ignoreProviderErrors?: boolean } = {}): Promise<OpenIdProvider> {
  const op = await startOpenIdProvider()
  afterEach(() => {
    if (!options.ignoreProviderErrors) expect(op.errors).toEqual([])
    op.reset()
  })
  afterAll(() => op.close())
  return op
}

/** The callback URL of provider `id` on {@link APP}. */
export function callbackUrlOf(id: string, app: AppOrigin = APP): string {
  return `${app.origin}/auth/callback/${id}`
}

/** Registers a client at `op` whose redirect URI is provider `id`'s callback on {@link APP}. */
export function registerClient(op: OpenIdProvider, id: string, options: TestClientOptions = {}, app: AppOrigin = APP): Promise<TestClient> {
  return op.addClient({ redirectUris: [callbackUrlOf(id, app)], ...options })
}

/** An `oidc` provider config for `client` at `op`, with discovery; `extra` is merged over it. */
export function oidcProvider(op: OpenIdProvider, client: TestClient, id = "op", extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: "Test OP",
    type: "oidc",
    issuer: op.issuer,
    clientId: client.clientId,
    ...(client.clientSecret ? { clientSecret: client.clientSecret } : {}),
    client: { token_endpoint_auth_method: client.auth, id_token_signed_response_alg: client.idTokenAlg },
    ...(client.privateKey ? { token: { clientPrivateKey: { key: client.privateKey, kid: client.keyId } } } : {}),
    ...extra,
  }
}

/** A Latchkey configuration with `providers` (and the recording logger of support/config.ts). */
export function appConfig(providers: Record<string, unknown>[], options: Record<string, unknown> = {}) {
  return makeConfig(latchkey, { providers, ...options })
}

/** A browser on {@link APP} for `config`. */
export function browser(config: ReturnType<typeof appConfig>, app: AppOrigin = APP): Client {
  return new Client(latchkey, config, app)
}

/** What one sign-in produced. */
export interface SignInRun {
  /** The answer to `POST /signin/{id}`. */
  start: Response
  /** The authorization URL Latchkey redirected to. */
  authorizationUrl: URL
  outcome: AuthorizationOutcome
  /** The answer to the callback. */
  callback: Response
  /** Where the callback redirected (absolute URL), if it did. */
  location: string | null
}

/** Options of {@link signIn}. */
export interface SignInOptions {
  /** Query parameters on `POST /signin/{id}` (passed on to the provider). */
  query?: Record<string, string>
  callbackUrl?: string
  /** Changes the authorization response before the browser delivers it. */
  tamper?: (params: URLSearchParams) => void
}

/**
 * The whole sign-in as a browser does it: CSRF token, `POST /signin/{id}`,
 * the provider's login, then the callback (GET, or POST for form_post).
 */
export async function signIn(client: Client, op: OpenIdProvider, id: string, options: SignInOptions = {}): Promise<SignInRun> {
  const csrfToken = await client.csrfToken()
  const query = options.query ? `?${new URLSearchParams(options.query)}` : ""
  const start = await client.send(`/auth/signin/${id}${query}`, {
    form: { csrfToken, ...(options.callbackUrl ? { callbackUrl: options.callbackUrl } : {}) },
  })
  const target = await redirectTarget(start)
  if (start.status !== 302 || !target) throw new Error(`POST /auth/signin/${id} answered ${start.status}: ${await start.text()}`)
  const authorizationUrl = new URL(target)
  const outcome = await op.authorize(authorizationUrl)
  options.tamper?.(outcome.params)
  const callback = await deliver(client, outcome)
  return { start, authorizationUrl, outcome, callback, location: await redirectTarget(callback) }
}

/** Delivers an authorization response to the app as the browser would. */
export function deliver(client: Client, outcome: AuthorizationOutcome): Promise<Response> {
  const url = new URL(outcome.redirectUri)
  if (outcome.mode === "form_post") return client.send(url.pathname, { form: [...outcome.params] })
  return client.send(`${url.pathname}?${outcome.params}`)
}
