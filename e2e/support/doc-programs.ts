/**
 * The documentation's whole programs: every code block marked `<!-- run: … -->`
 * (see e2e/types/harness/doc-blocks.ts), joined with the blocks it continues
 * and their hidden preludes, exactly as the type check sees it, then compiled
 * to JavaScript (types removed) so that `node` can run it.
 */
import { join } from "node:path"
import ts from "typescript"
import { type RunKind, readDocBlocks } from "../types/harness/doc-blocks.js"

/**
 * What the text around a program tells the reader to do, written as options
 * of its run directive (`<!-- run: http; env: A=1 B=2; first: npx latchkey migrate -->`).
 */
export interface RunOptions {
  /** `env: NAME=value …`: variables the reader exports before starting it; `$PORT` is the port it listens on. */
  env: Record<string, string>
  /** `first: command`: a command the reader runs before the program (a workspace bin through `npx`). */
  first?: string
  /** `providers: id,id`: the provider ids `GET {basePath}/providers` must list, in order (`providers:` alone: none). */
  providers?: string[]
  /** `export: name`: for `fetch`, the named export that is the handler `(request) => Response`. */
  handlerExport?: string
  /** `base: /path`: the basePath the program serves (default `/auth`). */
  basePath: string
  /** `sessions: database`: sessions are stored, so a session cookie is looked up in its store. */
  databaseSessions: boolean
  /** `runtime: bun|deno`: an `http` program the reader runs with Bun or Deno (installed in e2e/bun-deno/ by npm test's pretest) instead of Node. */
  runtime: DocRuntime
}

/** The runtimes a documented program can be run on. */
export type DocRuntime = "node" | "bun" | "deno"
const runtimes: readonly string[] = ["node", "bun", "deno"]

/** One documented program. */
export interface DocProgram {
  /** `README.md:72`: the Markdown file and the line of the block that ends the program. */
  name: string
  run: RunKind
  options: RunOptions
  /** The program as JavaScript (an ES module). */
  javascript: string
}

const knownOptions = new Set(["env", "first", "providers", "export", "base", "sessions", "runtime"])

function runOptions(raw: Record<string, string>, where: string, run: RunKind): RunOptions {
  for (const name of Object.keys(raw)) {
    if (!knownOptions.has(name)) throw new Error(`${where}: unknown run option "${name}"; use ${[...knownOptions].join(", ")}`)
  }
  const env: Record<string, string> = {}
  for (const assignment of (raw.env ?? "").split(/\s+/).filter(Boolean)) {
    const equals = assignment.indexOf("=")
    if (equals < 1) throw new Error(`${where}: env entry "${assignment}" is not NAME=value`)
    env[assignment.slice(0, equals)] = assignment.slice(equals + 1)
  }
  if (raw.sessions !== undefined && raw.sessions !== "database") throw new Error(`${where}: "sessions: ${raw.sessions}": the only value is database`)
  const runtime = raw.runtime ?? "node"
  if (!runtimes.includes(runtime)) throw new Error(`${where}: "runtime: ${runtime}": use ${runtimes.join(", ")}`)
  if (runtime !== "node" && run !== "http") throw new Error(`${where}: "runtime: ${runtime}" is for http programs (a server the runtime starts)`)
  return {
    env,
    basePath: raw.base ?? "/auth",
    databaseSessions: raw.sessions === "database",
    runtime: runtime as DocRuntime,
    ...(raw.first ? { first: raw.first } : {}),
    ...(raw.providers !== undefined
      ? {
          providers: raw.providers
            .split(",")
            .map((id) => id.trim())
            .filter(Boolean),
        }
      : {}),
    ...(raw.export ? { handlerExport: raw.export } : {}),
  }
}

/** The runnable programs of `markdownFiles` (paths relative to `repoRoot`). */
export function docPrograms(repoRoot: string, markdownFiles: string[]): DocProgram[] {
  const programs: DocProgram[] = []
  for (const markdown of markdownFiles) {
    let chain = ""
    for (const block of readDocBlocks(join(repoRoot, markdown), markdown)) {
      if (block.skipReason) {
        if (block.run) throw new Error(`${markdown}:${block.line}: a block marked "run" cannot be skipped by the type check`)
        continue
      }
      chain = `${block.continues ? chain : ""}${block.prelude ? `${block.prelude}\n` : ""}${block.code}\n`
      if (!block.run) continue
      const { outputText, diagnostics } = ts.transpileModule(chain, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX },
        fileName: `program${block.extension}`,
        reportDiagnostics: true,
      })
      if (diagnostics?.length) throw new Error(`${markdown}:${block.line}: ${ts.flattenDiagnosticMessageText(diagnostics[0]!.messageText, "\n")}`)
      const name = `${markdown}:${block.line}`
      programs.push({ name, run: block.run, options: runOptions(block.runOptions ?? {}, name, block.run), javascript: outputText })
    }
  }
  return programs
}
