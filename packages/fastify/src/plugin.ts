/** The `@latchkey/fastify` plugin: Latchkey's routes under a prefix, and the session helpers' state. */
import { type AuthConfig, type AuthResponseParts, handleAuthRequest, setEnvDefaults } from "@latchkey/core"
import { toAuthRequest } from "@latchkey/node"
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify"
import { acceptForms, bodyFor } from "./body.js"
import { fastifyLogger } from "./logger.js"
import { authConfigOf, type LatchkeyFastifyOptions } from "./options.js"
import { type LatchkeyState, originOf, STATE } from "./state.js"

/** `/a` + `/b/` → `/a/b`; `""` for the root. */
function joinPaths(...parts: string[]): string {
  const joined = parts
    .join("/")
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "")
  return joined === "" || joined.startsWith("/") ? joined : `/${joined}`
}

/**
 * The configuration core runs with: the options' Latchkey part, `basePath`
 * the full path of `prefix` (below the prefix of the instance the plugin is
 * registered on, as Fastify prefixes nest), the environment's defaults,
 * Fastify's logger unless one is given.
 */
function preparedConfig(options: LatchkeyFastifyOptions, fastify: FastifyInstance): Omit<AuthConfig, "raw"> {
  const config = authConfigOf(options)
  if (options.prefix !== undefined) config.basePath = joinPaths(fastify.prefix, options.prefix) || "/"
  config.logger ??= fastifyLogger(fastify.log)
  setEnvDefaults(process.env, config as AuthConfig)
  return config
}

/**
 * The prefix to register the routes under, relative to `fastify`'s own:
 * `basePath` without the instance's prefix.
 *
 * @throws TypeError when `basePath` (given without `prefix`) lies outside the instance's prefix.
 */
function routePrefix(basePath: string, fastify: FastifyInstance): string {
  const full = joinPaths(basePath)
  const parent = joinPaths(fastify.prefix)
  if (parent === "") return full
  if (full === parent || full.startsWith(`${parent}/`)) return full.slice(parent.length)
  throw new TypeError(
    `@latchkey/fastify: basePath ${JSON.stringify(basePath)} is outside the prefix ${JSON.stringify(parent)} this instance serves; ` +
      `give the plugin a prefix relative to it instead (e.g. { prefix: "/auth" }).`,
  )
}

/** Writes core's answer through Fastify's reply, so the app's onSend hooks (CORS, compression, …) still run. */
function send(reply: FastifyReply, parts: AuthResponseParts): FastifyReply {
  reply.code(parts.status).headers(parts.headers)
  if (parts.cookies.length) reply.header("set-cookie", parts.cookies)
  return reply.send(parts.body ?? "")
}

/** The route handler: the request as core reads it, from Fastify's view of it (full URL, trusted origin and client address, parsed body). */
function handlerFor(state: LatchkeyState) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const origin = originOf(request, state)
    const body = bodyFor(request.body, request.headers["content-type"])
    const authRequest = toAuthRequest(request.raw, {
      path: request.url,
      origin,
      ...(body === undefined ? {} : { body }),
      clientIp: request.ip,
    })
    // toAuthRequest marks the origin it is given as fixed (winning over the AUTH_URL setEnvDefaults recorded).
    // Only the `origin` option may: the origin resolved without it may come from the Host header.
    // (Set to undefined, which core reads as unset, rather than deleted: a delete makes every such object a slow dictionary.)
    if (state.origin === undefined) authRequest.fixedOrigin = undefined
    const answer = handleAuthRequest(authRequest, state.config)
    return answer instanceof Promise ? answer.then((parts) => send(reply, parts)) : send(reply, answer)
  }
}

/**
 * Registers Latchkey on a Fastify 5 app:
 *
 * ```ts
 * import Fastify from "fastify"
 * import latchkey, { getSession, requireSession } from "@latchkey/fastify"
 *
 * const app = Fastify({ logger: true })
 * await app.register(latchkey, { prefix: "/auth", providers: [GitHub] })
 * app.get("/me", { preHandler: requireSession() }, async (request) => request.authSession)
 * ```
 *
 * - Routes: `GET` and `POST` `{prefix}/*` (`/signin`, `/callback/:provider`,
 *   `/session`, `/csrf`, `/providers`, `/signout`, …), in an encapsulated
 *   context of their own. `prefix` nests below the prefix of the instance
 *   it is registered on, as Fastify's prefixes do, and the full path becomes
 *   `basePath`. Without `prefix`: `basePath` (a full path), else
 *   `AUTH_URL`'s path, else `/auth`.
 * - Bodies: JSON through Fastify's parser; forms through a string parser
 *   registered for these routes only (or the app's own, e.g.
 *   `@fastify/formbody`); Fastify's `bodyLimit` applies.
 * - Origin: the `origin` option, else `AUTH_URL`, else the host and scheme
 *   Fastify reports (`request.host`/`request.protocol`, which follow its
 *   `trustProxy` setting) when `trustHost` is on.
 * - Logger: Fastify's (`app.log`), unless `logger` is given.
 * - Environment defaults (`AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST`,
 *   `AUTH_{PROVIDER}_ID/SECRET`, …) from `process.env`, read once here.
 *
 * The plugin is not encapsulated (like `fastify-plugin` plugins): the
 * {@link getSession} and {@link requireSession} helpers work in every
 * route of the instance it is registered on and its children.
 *
 * @throws (at registration) TypeError when `origin` is not an absolute
 *   http(s) URL; a second registration on the same instance is refused by
 *   Fastify (`FST_ERR_DEC_ALREADY_PRESENT`).
 */
const plugin: FastifyPluginAsync<LatchkeyFastifyOptions> = async (fastify, options) => {
  const config = preparedConfig(options, fastify)
  const state: LatchkeyState = { config, origin: options.origin }
  // Fails fast on a malformed origin option instead of on the first request.
  originOf({ host: "localhost", protocol: "http" } as FastifyRequest, state)
  fastify.decorate(STATE, state)
  fastify.decorateRequest("authSession", null)
  const prefix = routePrefix(typeof config.basePath === "string" ? config.basePath : "/auth", fastify)
  await fastify.register(
    async (routes) => {
      acceptForms(routes)
      routes.route({ method: ["GET", "POST"], url: "/*", handler: handlerFor(state) })
    },
    { prefix },
  )
}

// What fastify-plugin sets: no encapsulation (the decorations reach the app), a name, the Fastify range.
Object.assign(plugin, {
  [Symbol.for("skip-override")]: true,
  [Symbol.for("fastify.display-name")]: "@latchkey/fastify",
  [Symbol.for("plugin-meta")]: { name: "@latchkey/fastify", fastify: "5.x" },
})

/** The plugin (see the module example); also the default export. */
export const latchkey = plugin
