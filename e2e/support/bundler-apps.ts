/**
 * Throw-away apps for e2e/bundlers.test.ts: each is written into a folder
 * outside the repository with a package.json that declares only what that
 * app needs (the packed `@latchkey/*` tarballs and registry packages),
 * installed with npm as a user would, built with the app's own bundler, and
 * run as its own process.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { CookieJar } from "../../packages/core/test/support/cookies.js"

const run = promisify(execFile)

/** The repository. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url))

/** What one app is made of. */
export interface AppSpec {
  dependencies: Record<string, string>
  devDependencies?: Record<string, string>
  /** Packages whose install scripts npm may run (npm's `allowScripts`), e.g. better-sqlite3's build. */
  allowScripts?: string[]
  /** Path (relative to the app) → content. */
  files: Record<string, string>
}

/** The version range `manifest` (a package.json of the repository) gives `name`, so the apps test what the repository uses. */
export function repositoryRange(manifest: string, name: string): string {
  const json = JSON.parse(readFileSync(join(ROOT, manifest), "utf8")) as Record<string, Record<string, string> | undefined>
  const range = json.dependencies?.[name] ?? json.devDependencies?.[name]
  if (!range) throw new Error(`${manifest} does not list ${name}`)
  return range
}

/** Writes the app into `dir` (created). */
export function writeApp(dir: string, spec: AppSpec): string {
  mkdirSync(dir, { recursive: true })
  const manifest = {
    name: dir.split("/").pop(),
    private: true,
    type: "module",
    dependencies: spec.dependencies,
    ...(spec.devDependencies ? { devDependencies: spec.devDependencies } : {}),
    ...(spec.allowScripts ? { allowScripts: Object.fromEntries(spec.allowScripts.map((name) => [name, true])) } : {}),
  }
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`)
  for (const [path, content] of Object.entries(spec.files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

/** The environment for npm and the apps' tools: the test's own, without the npm_* variables of the npm that started vitest (they would redirect npm). */
export function cleanEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")))
  for (const name of Object.keys(env)) if (name.startsWith("AUTH_") || name.startsWith("NEXTAUTH_")) delete env[name]
  delete env.NODE_ENV
  delete env.NODE_OPTIONS
  return { ...env, NEXT_TELEMETRY_DISABLED: "1", ...extra }
}

/** `npm install` in `dir`, from the shared npm cache first. */
export async function installApp(dir: string): Promise<void> {
  await runTool("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], dir)
}

/** Runs `command` in `dir`; on failure, throws with everything it printed. */
export async function runTool(command: string, args: string[], dir: string, env: Record<string, string> = {}): Promise<string> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: dir, env: cleanEnvironment(env), maxBuffer: 64 * 1024 * 1024 })
    return `${stdout}\n${stderr}`
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string }
    throw new Error(`\`${command} ${args.join(" ")}\` failed in ${dir}:\n${stdout}\n${stderr}`)
  }
}

/**
 * The code block of `markdown` (relative to the repository) whose first line
 * is `// <path>` (a comment naming the file, as the docs write them), in the
 * section under the heading `heading` (up to the next heading of the same
 * or a higher level).
 */
export function docFile(markdown: string, heading: string, path: string): string {
  const text = readFileSync(join(ROOT, markdown), "utf8")
  const start = text.split("\n").findIndex((line) => /^#+ /.test(line) && line.replace(/^#+ /, "") === heading)
  if (start < 0) throw new Error(`${markdown} has no heading "${heading}"`)
  const lines = text.split("\n").slice(start)
  const level = /^#+/.exec(lines[0]!)![0].length
  const end = lines.findIndex((line, index) => index > 0 && /^#+ /.test(line) && /^#+/.exec(line)![0].length <= level)
  const section = lines.slice(0, end < 0 ? undefined : end).join("\n")
  for (const match of section.matchAll(/```(?:js|jsx|ts|tsx)\n([\s\S]*?)```/g)) {
    const code = match[1]!
    const named = /^\/\/ (\S+?\.(?:m?js|jsx|ts|tsx))\b/.exec(code)
    if (named?.[1] === path) return code
  }
  throw new Error(`${markdown}, "${heading}": no code block starting with // ${path}`)
}

/** A server process the test started, in its own process group. */
export interface RunningServer {
  readonly origin: string
  output(): string
  stop(): Promise<void>
}

/**
 * Starts `command` in its own process group (Next forks a server process)
 * and waits until `origin` answers HTTP.
 */
export async function startServer(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; origin: string; timeoutMs?: number },
): Promise<RunningServer> {
  let output = ""
  const child: ChildProcess = spawn(command, args, { cwd: options.cwd, env: cleanEnvironment(options.env), stdio: ["ignore", "pipe", "pipe"], detached: true })
  child.stdout!.on("data", (chunk) => (output += chunk))
  child.stderr!.on("data", (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    try {
      process.kill(-child.pid!, "SIGTERM")
    } catch {
      // Already gone.
    }
    await exited
  }
  const deadline = Date.now() + (options.timeoutMs ?? 60_000)
  while (true) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited (${child.exitCode}) before answering:\n${output}`)
    const answered = await fetch(options.origin, { redirect: "manual" }).then(
      () => true,
      () => false,
    )
    if (answered) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${command} ${args.join(" ")} did not answer on ${options.origin}:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { origin: options.origin, output: () => output, stop }
}

/**
 * Signs in over HTTP with a credentials provider, as a browser form would:
 * the CSRF token from `{base}/csrf`, then the form posted to
 * `{base}/callback/credentials`. Returns the cookies and the redirect.
 */
export async function credentialsSignIn(base: string, fields: Record<string, string>): Promise<{ jar: CookieJar; status: number; location: string | null }> {
  const jar = new CookieJar()
  const csrf = await fetch(`${base}/csrf`)
  jar.store(csrf)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const response = await fetch(`${base}/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, ...fields }),
  })
  jar.store(response)
  return { jar, status: response.status, location: response.headers.get("location") }
}

/** `GET {base}/session` with `jar`'s cookies. */
export async function readSession(base: string, jar: CookieJar): Promise<{ user?: { name?: string | null; email?: string | null } } | null> {
  const response = await fetch(`${base}/session`, { headers: { cookie: jar.header() } })
  if (response.status !== 200) throw new Error(`GET ${base}/session answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as { user?: { name?: string | null; email?: string | null } } | null
}
