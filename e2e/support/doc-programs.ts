/**
 * The documentation's whole programs: every code block marked `<!-- run: … -->`
 * (see e2e/types/harness/doc-blocks.ts), joined with the blocks it continues
 * and their hidden preludes, exactly as the type check sees it, then compiled
 * to JavaScript (types removed) so that `node` can run it.
 */
import { join } from "node:path"
import ts from "typescript"
import { readDocBlocks, type RunKind } from "../types/harness/doc-blocks.js"

/** One documented program. */
export interface DocProgram {
  /** `README.md:72`: the Markdown file and the line of the block that ends the program. */
  name: string
  run: RunKind
  /** The program as JavaScript (an ES module). */
  javascript: string
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
      programs.push({ name: `${markdown}:${block.line}`, run: block.run, javascript: outputText })
    }
  }
  return programs
}
