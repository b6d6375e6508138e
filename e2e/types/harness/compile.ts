/**
 * Type-checks in-memory TypeScript files with the compiler API, the way
 * `tsc --strict --noEmit` would check an application: every file is virtual
 * (it exists only in the map given), but imports resolve against the real
 * `node_modules` above the virtual file's location. Placing the files in a
 * folder decides which packages they see: under `compat/` they resolve
 * `@auth/core` 0.41.3, under the repository root the workspace `@latchkey/*`
 * packages (their built `dist/*.d.ts`).
 */
import { dirname } from "node:path"
import ts from "typescript"

/** A file that exists only in memory, at an absolute path. */
export interface VirtualFile {
  path: string
  text: string
}

/** One diagnostic, flattened to what a failure message needs. */
export interface Finding {
  /** The virtual file it is in, or undefined for a global one (options, libraries). */
  path: string | undefined
  /** 1-based line in that file. */
  line: number
  /** `TS2322` and the like. */
  code: string
  message: string
}

/**
 * What an application would compile with: strict mode, no emit, Node's ESM
 * resolution (the repository and `compat/` are `"type": "module"`), DOM and
 * Node types, and `skipLibCheck` as nearly every app sets it (`@auth/core`'s
 * own declarations do not check without it: they name types from optional
 * peers that are not installed).
 */
export function appCompilerOptions(typeRoots: string[]): ts.CompilerOptions {
  return {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    // Each snippet is a module even without an import, so top-level names never collide.
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    types: ["node"],
    typeRoots,
    skipLibCheck: true,
    // A config fragment such as `secret: "…"` parses as a labelled statement: refuse it.
    allowUnusedLabels: false,
    esModuleInterop: true,
    allowJs: true,
    checkJs: true,
    jsx: ts.JsxEmit.ReactJSX,
    jsxImportSource: "preact",
  }
}

/**
 * Parsed declaration files are the bulk of the work and never change during
 * a run, so one cache is shared by every program a checker builds.
 */
export class TypeChecker {
  readonly #parsed = new Map<string, ts.SourceFile | undefined>()

  constructor(readonly options: ts.CompilerOptions) {}

  /**
   * Compiles `files` as one program and returns the findings of each (keyed
   * by path). `overrides` adjust the options for this program only.
   */
  check(files: VirtualFile[], overrides: ts.CompilerOptions = {}): Map<string, Finding[]> {
    const options = { ...this.options, ...overrides }
    const virtual = new Map(files.map((file) => [file.path, file.text]))
    const virtualDirs = new Set<string>()
    for (const path of virtual.keys()) {
      for (let dir = dirname(path); !virtualDirs.has(dir) && dir !== dirname(dir); dir = dirname(dir)) virtualDirs.add(dir)
    }
    const host = ts.createCompilerHost(options, true)
    const realFileExists = host.fileExists.bind(host)
    const realReadFile = host.readFile.bind(host)
    const realDirectoryExists = host.directoryExists?.bind(host)
    const realGetSourceFile = host.getSourceFile.bind(host)
    host.fileExists = (path) => virtual.has(path) || realFileExists(path)
    host.readFile = (path) => virtual.get(path) ?? realReadFile(path)
    host.directoryExists = (path) => virtualDirs.has(path) || (realDirectoryExists ? realDirectoryExists(path) : true)
    host.getSourceFile = (path, languageVersion, onError) => {
      const text = virtual.get(path)
      if (text !== undefined) return ts.createSourceFile(path, text, languageVersion, true)
      const format = typeof languageVersion === "object" ? languageVersion.impliedNodeFormat : undefined
      const key = `${format ?? ""}|${path}`
      if (!this.#parsed.has(key)) this.#parsed.set(key, realGetSourceFile(path, languageVersion, onError))
      return this.#parsed.get(key)
    }

    const program = ts.createProgram({ rootNames: [...virtual.keys()], options, host })
    const findings = new Map<string, Finding[]>(files.map((file) => [file.path, []]))
    const all = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...files.flatMap((file) => {
        const source = program.getSourceFile(file.path)
        return source ? [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)] : []
      }),
    ]
    for (const diagnostic of all) {
      const finding = toFinding(diagnostic)
      const list = finding.path === undefined ? undefined : findings.get(finding.path)
      // A finding outside the virtual files (a broken option or library) belongs to all of them.
      if (list) list.push(finding)
      else for (const each of findings.values()) each.push(finding)
    }
    return findings
  }
}

function toFinding(diagnostic: ts.Diagnostic): Finding {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")
  const code = `TS${diagnostic.code}`
  if (!diagnostic.file || diagnostic.start === undefined) return { path: undefined, line: 0, code, message }
  const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
  return { path: diagnostic.file.fileName, line: line + 1, code, message }
}
