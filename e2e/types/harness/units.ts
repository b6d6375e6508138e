/**
 * Turns the corpus folder and the documentation's code blocks into
 * compilation units: sets of virtual files compiled as one program, each with
 * the cases (tests) it reports.
 *
 * Grouping keeps augmentations from leaking: a module augmentation changes
 * every file of its program, so a corpus folder (an app, possibly several
 * files) and a doc block that augments are programs of their own, while plain
 * snippets share one program for speed.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import type { Finding, VirtualFile } from "./compile.js"
import { type DocBlock, readDocBlocks } from "./doc-blocks.js"
import { augments } from "./rewrite.js"

/** One reported test: a name, the virtual files it owns, how to show a finding's place. */
export interface Case {
  name: string
  paths: string[]
  /** `file:line` as a reader finds it (the corpus file, or the Markdown file and line). */
  locate(finding: Finding): string
  /** Diagnostic codes this case must produce (negative controls); empty: none allowed. */
  expected: string[]
  /** Set when the case could not even be prepared (an import the rewrite table lacks). */
  problem?: string
}

/** Files compiled together, and the cases they report. */
export interface Unit {
  files: VirtualFile[]
  cases: Case[]
  /** JavaScript blocks: checked (`checkJs`), but parameters need no annotations. */
  javascript?: boolean
}

/** A source file of the corpus, relative to the corpus root (`corpus/x.ts`). */
export interface CorpusFile {
  relativePath: string
  text: string
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|tsx|mts)$/.test(name) ? [path] : []
    })
}

/**
 * Reads `folder` (e.g. `e2e/types/corpus`): each top-level file is a case in
 * one shared program; each subfolder is an app, a program and case of its
 * own. A top-level file that augments a module is refused: it would change
 * the other snippets' types.
 */
export function corpusGroups(typesRoot: string, folder: string): CorpusFile[][] {
  const dir = join(typesRoot, folder)
  const shared: CorpusFile[] = []
  const apps: CorpusFile[][] = []
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    const read = (file: string): CorpusFile => ({ relativePath: relative(typesRoot, file), text: readFileSync(file, "utf8") })
    if (statSync(path).isDirectory()) apps.push(filesUnder(path).map(read))
    else if (/\.(ts|tsx|mts)$/.test(name)) {
      const file = read(path)
      if (augments(path, file.text)) {
        throw new Error(`${file.relativePath} augments a module: move it into a folder of its own so the augmentation stays in its app`)
      }
      shared.push(file)
    }
  }
  return [shared, ...apps].filter((group) => group.length > 0)
}

/**
 * Units for corpus groups placed under `virtualRoot`, with `transform`
 * applied to each file (the import rewrite, or nothing). A top-level group
 * reports one case per file; an app folder one case for the folder.
 */
export function corpusUnits(groups: CorpusFile[][], virtualRoot: string, transform: (file: CorpusFile) => string): Unit[] {
  return groups.map((group) => {
    const problems = new Map<CorpusFile, string>()
    const prepare = (file: CorpusFile): string => {
      try {
        return transform(file)
      } catch (error) {
        problems.set(file, (error as Error).message)
        return ""
      }
    }
    const files = group.map((file) => ({ path: join(virtualRoot, file.relativePath), text: prepare(file) }))
    const problemOf = (members: CorpusFile[]) => {
      const found = members.flatMap((file) => problems.get(file) ?? [])
      return found.length ? { problem: found.join("\n") } : {}
    }
    const byPath = new Map(files.map((file, index) => [file.path, group[index]!]))
    const locate = (finding: Finding) => (finding.path === undefined ? "(global)" : `${byPath.get(finding.path)?.relativePath ?? finding.path}:${finding.line}`)
    const isApp = group[0]!.relativePath.split("/").length > 2
    const cases: Case[] = isApp
      ? [
          {
            name: `${group[0]!.relativePath.split("/").slice(0, 2).join("/")}/`,
            paths: files.map((f) => f.path),
            locate,
            expected: [],
            ...problemOf(group),
          },
        ]
      : group.map((file, index) => ({
          name: file.relativePath,
          paths: [files[index]!.path],
          locate,
          expected: expectedCodes(file.text),
          ...problemOf([file]),
        }))
    return { files, cases }
  })
}

/** The codes a negative control announces on its first line: `// expect: TS2322 TS2339`. */
function expectedCodes(text: string): string[] {
  const header = /^\/\/\s*expect:\s*(.+)$/m.exec(text.split("\n")[0] ?? "")
  return header ? header[1]!.trim().split(/\s+/) : []
}

/** Where a line of a virtual doc file came from. */
interface Segment {
  /** First line (1-based) of the segment in the virtual file. */
  from: number
  lines: number
  /** The Markdown line of the segment's first line, or undefined for hidden lines. */
  markdownLine: number | undefined
  file: string
}

/**
 * Units for every checked code block of `markdownFiles` (paths relative to
 * `repoRoot`), with `preamble` (the placeholder declarations) in every
 * program. Skipped blocks become cases with no files, reported as skipped by
 * the caller through {@link skippedBlocks}.
 */
export function docUnits(repoRoot: string, markdownFiles: string[], virtualRoot: string, preamble: VirtualFile): Unit[] {
  const shared: Unit = { files: [preamble], cases: [] }
  const sharedJs: Unit = { files: [preamble], cases: [], javascript: true }
  const own: Unit[] = []
  for (const markdown of markdownFiles) {
    const blocks = readDocBlocks(join(repoRoot, markdown), markdown)
    let chain: { text: string; segments: Segment[] } | undefined
    for (const block of blocks) {
      if (block.skipReason) continue
      const base = block.continues ? chain : undefined
      if (block.continues && !base) throw new Error(`${markdown}:${block.line}: "continues" but no checked block comes before it`)
      const segments: Segment[] = [...(base?.segments ?? [])]
      let text = base ? `${base.text}\n` : ""
      const append = (part: string, markdownLine: number | undefined) => {
        if (part === "") return
        const from = text === "" ? 1 : text.split("\n").length
        segments.push({ from, lines: part.split("\n").length, markdownLine, file: markdown })
        text += `${part}\n`
      }
      append(block.prelude, undefined)
      append(block.code, block.line + 1)
      chain = { text, segments }
      const path = join(virtualRoot, markdown.replace(/[\\/]/g, "__"), `L${block.line}${block.extension}`)
      const locate = (finding: Finding) => locateInMarkdown(finding, path, segments)
      const unitCase: Case = { name: `${markdown}:${block.line}`, paths: [path], locate, expected: [] }
      const file = { path, text }
      const javascript = block.extension === ".js" || block.extension === ".jsx"
      if (augments(path, text)) own.push({ files: [preamble, file], cases: [unitCase], javascript })
      else {
        const unit = javascript ? sharedJs : shared
        unit.files.push(file)
        unit.cases.push(unitCase)
      }
    }
  }
  shared.cases.push({
    name: "e2e/types/docs-preamble.d.ts",
    paths: [preamble.path],
    locate: (finding) => `docs-preamble.d.ts:${finding.line}`,
    expected: [],
  })
  return [shared, ...(sharedJs.cases.length ? [sharedJs] : []), ...own]
}

/** The blocks marked `skip (reason)`, for the report. */
export function skippedBlocks(repoRoot: string, markdownFiles: string[]): DocBlock[] {
  return markdownFiles.flatMap((markdown) => readDocBlocks(join(repoRoot, markdown), markdown)).filter((b) => b.skipReason)
}

function locateInMarkdown(finding: Finding, path: string, segments: Segment[]): string {
  if (finding.path !== path) return finding.path === undefined ? "(global)" : `${finding.path}:${finding.line}`
  const segment = segments.find((s) => finding.line >= s.from && finding.line < s.from + s.lines)
  if (!segment) return `(appended code):${finding.line}`
  if (segment.markdownLine === undefined) return `${segment.file} (hidden prelude, line ${finding.line - segment.from + 1})`
  return `${segment.file}:${segment.markdownLine + finding.line - segment.from}`
}

/** The Markdown files whose code blocks are checked: README.md, docs/**, packages/*\/README.md. */
export function documentationFiles(repoRoot: string): string[] {
  const docs = filesUnderMarkdown(join(repoRoot, "docs")).map((path) => relative(repoRoot, path))
  const packages = readdirSync(join(repoRoot, "packages"))
    .sort()
    .map((name) => join("packages", name, "README.md"))
    .filter((path) => {
      try {
        return statSync(join(repoRoot, path)).isFile()
      } catch {
        return false
      }
    })
  return ["README.md", ...docs, ...packages]
}

function filesUnderMarkdown(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? filesUnderMarkdown(path) : name.endsWith(".md") ? [path] : []
    })
}
