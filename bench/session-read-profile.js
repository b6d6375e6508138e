// In-process cost of one JWT session read, the way the integrations call core, in CPU µs per call:
//
//   handle    handleAuthRequest({ GET …/session }) over a Node request's headers, seen through
//             @latchkey/node's NodeHeaderView (@latchkey/fastify, @latchkey/express; @latchkey/hono's
//             authHandler hands core @hono/node-server's headers, an equally lazy view)
//   hono      @latchkey/hono's initAuthConfig + authHandler() in a Hono app, handed a request shaped
//             like @hono/node-server's (lazy headers over the Node ones; its light Response)
//   read      readSession({ cookie, origin }) (the integrations' getSession / auth() helpers)
//
// each with one cookie sent again and again (one user reloading: the benchmark's case) and, as
// `…-many`, round 5,000 distinct users' cookies (more than core's memory of opened tokens, so
// every read decrypts). No HTTP, no framework: only what core and the glue cost.
//
//   node bench/session-read-profile.js                 one run against the built @latchkey/core
//   node --cpu-prof bench/session-read-profile.js handle  one mode only (for a CPU profile)
//   node bench/session-read-profile.js --compare DIR_A DIR_B [--runs 6] [--modes handle,hono]
//        alternates fresh processes of two builds and prints the median and range of each mode's
//        CPU µs/call per build. A build is `workspace` (this repository's packages as built) or a
//        directory holding copies of packages taken before a change: DIR/core, DIR/hono, DIR/node,
//        each with the package's package.json and dist/. Alternation spreads the machine's drift.
//
// BENCH_PROFILE_MS measured milliseconds per mode (default 1500, after 500 of warm-up).

import { fork } from "node:child_process"
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"

const SECRET = "bench-secret-bench-secret-bench-secret-0123"
const BASE_PATH = "/api/auth"
const ORIGIN = "http://127.0.0.1:3000"
const COOKIE_NAME = "authjs.session-token"
const USERS = 5000
const MODES = ["handle", "hono", "read", "handle-many", "hono-many", "read-many"]

/**
 * Makes every import of `@latchkey/core[/…]`, `@latchkey/hono` and `@latchkey/node` (the
 * integrations' own imports too) load from copies under `dir` (`dir/core`, `dir/hono`, `dir/node`:
 * each the package's package.json and dist/), so that a comparison measures the glue and core of
 * the build under test. A package without a copy loads from the workspace.
 */
async function redirectImports(dir) {
  const { register } = await import("node:module")
  const { existsSync } = await import("node:fs")
  const dists = {}
  for (const name of ["core", "hono", "node"]) {
    if (existsSync(resolve(dir, name, "dist"))) dists[name] = pathToFileURL(resolve(dir, name, "dist")).href
  }
  const hooks = `
    const DISTS = ${JSON.stringify(dists)}
    const CORE_FILES = { "": "index.js", "/integration": "integration.js", "/jwt": "jwt.js", "/types": "types.js", "/errors": "errors.js" }
    export async function resolve(specifier, context, next) {
      for (const [name, dist] of Object.entries(DISTS)) {
        const root = "@latchkey/" + name
        if (specifier !== root && !specifier.startsWith(root + "/")) continue
        const sub = specifier.slice(root.length)
        const file = name === "core" ? CORE_FILES[sub] ?? (sub.startsWith("/providers/") ? sub.slice(1) + ".js" : undefined) : sub === "" ? "index.js" : undefined
        if (file) return { url: dist + "/" + file, shortCircuit: true }
      }
      return next(specifier, context)
    }`
  register(`data:text/javascript,${encodeURIComponent(hooks)}`)
}

async function loadCore(dir) {
  // `workspace`: the packages as built in this repository.
  if (dir && dir !== "workspace") await redirectImports(dir)
  return {
    core: await import("@latchkey/core"),
    integration: await import("@latchkey/core/integration"),
    Credentials: (await import("@latchkey/core/providers/credentials")).default,
    jwt: await import("@latchkey/core/jwt"),
  }
}

/** A Hono app as bench/integration-hono.js builds it, and a call that hands it a request as @hono/node-server would. */
async function honoCall(config, NodeHeaderView) {
  const { Hono } = await import("hono")
  const { authHandler, initAuthConfig } = await import("@latchkey/hono")
  // Installs @hono/node-server's light Request/Response globals, as serve() does.
  ;(await import("@hono/node-server")).getRequestListener(() => new Response(null))
  const app = new Hono()
  app.use(
    "*",
    initAuthConfig(() => config),
  )
  app.use(`${BASE_PATH}/*`, authHandler())
  const env = { incoming: { socket: { remoteAddress: "127.0.0.1" } } }
  const url = `${ORIGIN}${BASE_PATH}/session`
  return (cookie) => {
    const headers = new NodeHeaderView({ host: "127.0.0.1:3000", cookie, connection: "keep-alive" })
    const answer = app.fetch({ method: "GET", url, headers, bodyUsed: false }, env)
    // @hono/node-server writes a light Response's cached [status, body, headers] without building
    // the web Response: read it the same way (materialising it would cost more than the auth).
    const read = (response) => {
      const cache = Object.getOwnPropertySymbols(response).find((symbol) => symbol.description === "cache")
      if (!cache) throw new Error("not @hono/node-server's light Response")
      const [status, body] = response[cache]
      return { status, body }
    }
    return answer instanceof Promise ? answer.then(read) : read(answer)
  }
}

/** One call of `mode` with `cookie`, as a function returning whatever it answered (maybe a promise). */
function callFor(mode, { core, integration }, config, NodeHeaderView) {
  const url = `${ORIGIN}${BASE_PATH}/session`
  if (mode === "handle") {
    return (cookie) => {
      const headers = { host: "127.0.0.1:3000", cookie, connection: "keep-alive" }
      return core.handleAuthRequest({ method: "GET", url, headers: new NodeHeaderView(headers), body: null, clientIp: "127.0.0.1" }, config)
    }
  }
  if (mode === "read") return (cookie) => integration.readSession({ cookie, origin: ORIGIN }, config)
  throw new Error(`unknown mode ${mode}`)
}

/** Checks one answer: a 200 with the user's session (a benchmark of an error path is worthless). */
async function check(answer) {
  const value = await answer
  const body = typeof value?.body === "string" ? value.body : JSON.stringify(value)
  if (!body?.includes("@example.com")) throw new Error(`the read did not answer the session: ${body}`)
}

async function measure(mode, lib, cookies) {
  const { NodeHeaderView } = await import("@latchkey/node")
  const config = { secret: SECRET, trustHost: true, basePath: BASE_PATH, providers: [lib.Credentials({ credentials: {}, authorize: () => null })] }
  const kind = mode.replace("-many", "")
  const call = kind === "hono" ? await honoCall(config, NodeHeaderView) : callFor(kind, lib, config, NodeHeaderView)
  const list = mode.endsWith("-many") ? cookies : cookies.slice(0, 1)
  await check(call(`${COOKIE_NAME}=${list[0]}`))
  const headers = list.map((value) => `${COOKIE_NAME}=${value}`)
  const measuredMs = Number(process.env.BENCH_PROFILE_MS ?? 1500)
  // CPU time (user + system, every thread: GC and JIT included), not wall time: other processes on
  // a shared machine take the CPU away at random, which wall time would count against the code.
  const run = async (ms) => {
    let calls = 0
    const wallStart = process.hrtime.bigint()
    const until = wallStart + BigInt(ms) * 1_000_000n
    const cpuStart = process.cpuUsage()
    while (process.hrtime.bigint() < until) {
      for (let i = 0; i < 200; i++) {
        const answer = call(headers[calls++ % headers.length])
        if (answer instanceof Promise) await answer
      }
    }
    const cpu = process.cpuUsage(cpuStart)
    return (cpu.user + cpu.system) / calls
  }
  await run(500)
  return run(measuredMs)
}

async function mintCookies(jwt) {
  const cookies = []
  for (let i = 0; i < USERS; i++) {
    cookies.push(await jwt.encode({ token: { name: `User ${i}`, email: `user${i}@example.com`, sub: String(i) }, secret: SECRET, salt: COOKIE_NAME }))
  }
  return cookies
}

/** Runs `modes` in this process against the build in `dir` (default: the workspace's); µs per call by mode. */
async function runHere(dir, modes) {
  const lib = await loadCore(dir)
  const cookies = await mintCookies(lib.jwt)
  const result = {}
  for (const mode of modes) result[mode] = await measure(mode, lib, cookies)
  return result
}

function childRun(dir, modes) {
  return new Promise((done, fail) => {
    const child = fork(new URL(import.meta.url).pathname, ["--child", dir, modes.join(",")], { stdio: ["ignore", "inherit", "inherit", "ipc"] })
    child.on("message", done)
    child.on("exit", (code) => code && fail(new Error(`child for ${dir} exited with ${code}`)))
  })
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

async function compare(dirs, runs, modes) {
  const results = dirs.map(() => [])
  for (let run = 0; run < runs; run++) {
    // Alternate which build goes first, so neither always gets the fresher machine.
    const order = run % 2 ? [...dirs.keys()].reverse() : [...dirs.keys()]
    for (const i of order) results[i].push(await childRun(dirs[i], modes))
  }
  console.log(`CPU µs per call, median [min–max] of ${runs} alternating processes`)
  console.log(`${"mode".padEnd(10)}${dirs.map((d) => d.slice(-28).padStart(32)).join("")}   B/A`)
  for (const mode of modes) {
    const cells = results.map((rows) => {
      const xs = rows.map((row) => row[mode])
      return { med: median(xs), text: `${median(xs).toFixed(2)} [${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}]` }
    })
    console.log(`${mode.padEnd(10)}${cells.map((c) => c.text.padStart(32)).join("")}   ${(cells[1]?.med / cells[0].med).toFixed(2)}`)
  }
}

const args = process.argv.slice(2)
if (args[0] === "--child") {
  process.send(await runHere(args[1], args[2].split(",")))
} else if (args[0] === "--compare") {
  const runsAt = args.indexOf("--runs")
  const runs = runsAt === -1 ? 6 : Number(args[runsAt + 1])
  const modesAt = args.indexOf("--modes")
  const modes = modesAt === -1 ? MODES : args[modesAt + 1].split(",")
  const dirOf = (arg) => (arg === "workspace" ? arg : resolve(arg))
  await compare([dirOf(args[1]), dirOf(args[2])], runs, modes)
} else {
  const modes = args.length ? args : MODES
  const result = await runHere(undefined, modes)
  for (const mode of modes) console.log(`${mode.padEnd(10)} ${result[mode].toFixed(2)} CPU µs/call`)
}
