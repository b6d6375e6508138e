/**
 * Finds the TypeScript and JavaScript code blocks of Markdown files and the
 * `<!-- typecheck: … -->` directives written just before them (HTML comments:
 * invisible to readers). Directives:
 *
 * - `<!-- typecheck: continues -->`: the block continues the previous checked
 *   block of the same file (it uses its imports and names), and is checked
 *   appended to it.
 * - `<!-- typecheck: prelude` … `-->`: the lines in between are hidden code
 *   placed before the block: imports and `declare`d names the block assumes.
 * - `<!-- typecheck: skip (reason) -->`: the block is not a program (a shell
 *   session in a ts fence, a signature for reading). The reason is required.
 *
 * Placeholders every block may use (your `db`, `findUserByEmail`, …) are
 * declared once in `e2e/types/docs-preamble.d.ts`.
 *
 * A block that, with the blocks it continues, is a whole program is also run
 * by `e2e/doc-programs.test.ts`; say how with `<!-- run: … -->` just before it
 * (next to any typecheck directive):
 *
 * - `<!-- run: http -->`: a server; started with `PORT` and `AUTH_SECRET` set,
 *   it must answer `GET /auth/session` and `GET /auth/csrf` on that port.
 * - `<!-- run: fetch -->`: a module whose default export has `fetch(request)`;
 *   it must answer `GET /auth/session`, and 404 outside `/auth/`.
 * - `<!-- run: exit -->`: runs to completion and exits with status 0.
 *
 * An `http` program may name the runtime the reader starts it with:
 * `runtime: bun` or `runtime: deno` (default: node).
 *
 * After the kind, `;`-separated `name: value` options say what the reader is
 * told to do around the program (e2e/support/doc-programs.ts reads them), e.g.
 * `<!-- run: http; env: DATABASE_URL=./data/auth.sqlite; first: npx latchkey migrate -->`.
 */
import { readFileSync } from "node:fs"

/** Fence languages that are checked, and the file extension each is checked as. */
const checkedLanguages: Record<string, ".ts" | ".tsx" | ".js" | ".jsx"> = {
  ts: ".ts",
  typescript: ".ts",
  tsx: ".tsx",
  js: ".js",
  javascript: ".js",
  mjs: ".js",
  jsx: ".jsx",
}

/** A code block of a checked language, with its directives. */
export interface DocBlock {
  /** The Markdown file, as given. */
  file: string
  /** 1-based line of the opening fence. */
  line: number
  extension: ".ts" | ".tsx" | ".js" | ".jsx"
  /** The block's lines, fence indentation removed. */
  code: string
  /** Set by `skip (reason)`. */
  skipReason?: string
  /** Set by `continues`. */
  continues: boolean
  /** Hidden code placed before the block. */
  prelude: string
  /** Set by `<!-- run: … -->`: how e2e/doc-programs.test.ts runs the program that ends here. */
  run?: RunKind
  /** The `name: value` options after the run kind, by name. */
  runOptions?: Record<string, string>
}

/** How a documented program is run: see the module comment. */
export type RunKind = "http" | "fetch" | "exit"
const runKinds: readonly string[] = ["http", "fetch", "exit"]

/** A directive that is malformed or not followed by a code block. */
export class DirectiveError extends Error {}

/** The checked code blocks of one Markdown file, in order. */
export function readDocBlocks(file: string, displayName = file): DocBlock[] {
  const lines = readFileSync(file, "utf8").split("\n")
  const blocks: DocBlock[] = []
  let pending: { line: number; skipReason?: string; continues: boolean; prelude: string[]; run?: RunKind; runOptions?: Record<string, string> } | undefined
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index]!
    const run = /^\s*<!--\s*run:\s*(.*?)\s*-->\s*$/.exec(text)
    if (run) {
      const [kind, ...options] = run[1]!.split(";").map((part) => part.trim())
      if (!runKinds.includes(kind!)) throw new DirectiveError(`${displayName}:${index + 1}: unknown run directive "${kind}"; use http, fetch or exit`)
      pending ??= { line: index + 1, continues: false, prelude: [] }
      pending.run = kind as RunKind
      pending.runOptions = {}
      for (const option of options.filter((part) => part !== "")) {
        const named = /^([\w-]+):\s*(.*)$/.exec(option)
        if (!named) throw new DirectiveError(`${displayName}:${index + 1}: run option "${option}" is not "name: value"`)
        pending.runOptions[named[1]!] = named[2]!
      }
      continue
    }
    const comment = /^\s*<!--\s*typecheck:(.*)$/.exec(text)
    if (comment) {
      pending ??= { line: index + 1, continues: false, prelude: [] }
      const body = [comment[1]!]
      while (!body[body.length - 1]!.includes("-->")) {
        index++
        if (index >= lines.length) throw new DirectiveError(`${displayName}:${pending.line}: unterminated typecheck directive`)
        body.push(lines[index]!)
      }
      body[body.length - 1] = body[body.length - 1]!.replace(/-->\s*$/, "")
      applyDirective(pending, body, `${displayName}:${index + 1}`)
      continue
    }
    const fence = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)/.exec(text)
    if (fence) {
      const [, indent, marker, language] = fence as unknown as [string, string, string, string]
      const start = index
      const body: string[] = []
      for (index++; index < lines.length && !isClosingFence(lines[index]!, marker); index++) {
        body.push(lines[index]!.startsWith(indent) ? lines[index]!.slice(indent.length) : lines[index]!.trimStart())
      }
      const extension = checkedLanguages[language.toLowerCase()]
      if (extension) {
        blocks.push({
          file,
          line: start + 1,
          extension,
          code: body.join("\n"),
          continues: pending?.continues ?? false,
          prelude: pending?.prelude.join("\n") ?? "",
          ...(pending?.skipReason ? { skipReason: pending.skipReason } : {}),
          ...(pending?.run ? { run: pending.run, runOptions: pending.runOptions ?? {} } : {}),
        })
      } else if (pending) {
        throw new DirectiveError(`${displayName}:${pending.line}: a typecheck directive before a \`${language || "plain"}\` block, which is never checked`)
      }
      pending = undefined
      continue
    }
    if (pending && text.trim() !== "") {
      throw new DirectiveError(`${displayName}:${pending.line}: a typecheck directive must come just before a code block`)
    }
  }
  if (pending) throw new DirectiveError(`${displayName}:${pending.line}: a typecheck directive at the end of the file`)
  return blocks
}

function isClosingFence(line: string, marker: string): boolean {
  const trimmed = line.trim()
  return trimmed.startsWith(marker) && trimmed.replace(/[`~]/g, "") === ""
}

function applyDirective(pending: { skipReason?: string; continues: boolean; prelude: string[] }, body: string[], where: string): void {
  const [first, ...rest] = body
  const word = first!.trim()
  if (word === "continues" && rest.every((line) => line.trim() === "")) pending.continues = true
  else if (word === "prelude") pending.prelude.push(...rest)
  else if (/^skip\s*\(.+\)$/.test(word) && rest.every((line) => line.trim() === "")) {
    pending.skipReason = /^skip\s*\((.+)\)$/.exec(word)![1]!
  } else {
    throw new DirectiveError(`${where}: unknown typecheck directive "${word}"; use continues, prelude or skip (reason)`)
  }
}
