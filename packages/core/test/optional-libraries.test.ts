/**
 * The rule of docs/architecture.md, "Optional libraries", checked on the
 * built package as an app bundler sees it: every `import`, `export … from`
 * and `import()` of every module under dist/, followed through relative
 * paths and through package.json "imports" (`#crypto`, `#webauthn-server`,
 * every condition). An app that imports core, its session reads, its
 * adapters or any provider but the SMTP and WebAuthn ones reaches no
 * optional library; the modules that use one name it with a string
 * literal; nothing reads another package's files.
 */
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { describe, expect, it } from "vitest"

const CORE = fileURLToPath(new URL("..", import.meta.url))
const DIST = join(CORE, "dist")
const manifest = JSON.parse(readFileSync(join(CORE, "package.json"), "utf8")) as { imports: Record<string, Record<string, string>> }
const OPTIONAL = ["@simplewebauthn/server", "@simplewebauthn/browser", "nodemailer"]
/** The provider modules that bring an optional library with them. */
const FEATURE_PROVIDERS: Record<string, string[]> = {
  "providers/passkey.js": ["@simplewebauthn/server"],
  "providers/webauthn.js": ["@simplewebauthn/server"],
  "providers/nodemailer.js": ["nodemailer"],
  "providers/email.js": ["nodemailer"],
}

interface ModuleImports {
  /** Specifiers of `import … from`, `export … from` and `import("…")`. */
  specifiers: string[]
  /** The source text of every `import(…)` whose argument is not a string literal. */
  computed: string[]
}

function importsOf(file: string): ModuleImports {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)
  const found: ModuleImports = { specifiers: [], computed: [] }
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.specifiers.push(node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments
      if (argument && ts.isStringLiteralLike(argument)) found.specifiers.push(argument.text)
      else found.computed.push(node.getText(source))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The package a bare specifier names (`@scope/name` or `name`). */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/")

/** The files a specifier can lead to: a relative path, or every target of a `#` import; none for a package. */
function targets(specifier: string, from: string): string[] {
  if (specifier.startsWith(".")) return [resolve(dirname(from), specifier)]
  if (specifier.startsWith("#")) {
    const conditions = manifest.imports[specifier]
    if (!conditions) throw new Error(`${relative(CORE, from)} imports ${specifier}, which package.json "imports" does not map`)
    return Object.entries(conditions)
      .filter(([condition]) => condition !== "types")
      .map(([, target]) => join(CORE, target))
  }
  return []
}

/** Every module and every package `entry` (relative to dist/) reaches. */
function reach(entry: string): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>()
  const packages = new Set<string>()
  const pending = [join(DIST, entry)]
  while (pending.length) {
    const file = pending.pop()!
    if (modules.has(file)) continue
    modules.add(file)
    for (const specifier of importsOf(file).specifiers) {
      const next = targets(specifier, file)
      if (next.length) pending.push(...next)
      else if (!specifier.startsWith("node:")) packages.add(packageOf(specifier))
    }
  }
  return { modules, packages }
}

const distFiles = readdirSync(DIST, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js"))
const providerEntries = distFiles.filter((file) => /^providers\/[^/]+\.js$/.test(file))
const plainEntries = [
  "index.js",
  "jwt.js",
  "errors.js",
  "types.js",
  "integration.js",
  "adapters/contract.js",
  "adapters/memory.js",
  "rate-limit.js",
  "providers/index.js",
]

describe("optional libraries in the built package", () => {
  it("imports everything with string literals: a bundler can follow every import", () => {
    const computed = distFiles.flatMap((file) => importsOf(join(DIST, file)).computed.map((text) => `${file}: ${text}`))
    expect(computed).toEqual([])
  })

  it("reads no other package's files (no node:fs or node:module anywhere)", () => {
    const reads = distFiles.filter((file) => importsOf(join(DIST, file)).specifiers.some((specifier) => /^node:(fs|module)(\/|$)/.test(specifier)))
    expect(reads).toEqual([])
  })

  it("reaches no optional library from core, its session reads, errors, adapters or any other provider", () => {
    const entries = [...plainEntries, ...providerEntries.filter((file) => !(file in FEATURE_PROVIDERS))]
    expect(entries.length).toBeGreaterThan(90)
    const reached = entries.flatMap((entry) => [...reach(entry).packages].filter((name) => OPTIONAL.includes(name)).map((name) => `${entry} → ${name}`))
    expect(reached).toEqual([])
  })

  it("reaches each library from the provider that uses it, and @simplewebauthn/browser from none (its bundle is built in)", () => {
    for (const [entry, libraries] of Object.entries(FEATURE_PROVIDERS)) {
      expect([...reach(entry).packages].filter((name) => OPTIONAL.includes(name)).sort(), entry).toEqual(libraries)
    }
  })

  it("keeps the browser bundle, with its MIT licence, in a chunk that only the WebAuthn providers reach", () => {
    const bundled = distFiles.filter((file) => readFileSync(join(DIST, file), "utf8").includes("SimpleWebAuthnBrowser"))
    const chunk = bundled.find((file) => readFileSync(join(DIST, file), "utf8").includes("[@simplewebauthn/browser@14"))
    expect(chunk).toBeDefined()
    const text = readFileSync(join(DIST, chunk!), "utf8")
    expect(text).toContain("MIT License")
    expect(text).toContain("Copyright (c) 2020 Matthew Miller")
    expect(text).toContain("The above copyright notice and this permission notice shall be included in all copies")
    const reachedBy = [...plainEntries, ...providerEntries].filter((entry) => reach(entry).modules.has(join(DIST, chunk!)))
    expect(reachedBy.sort()).toEqual(["providers/passkey.js", "providers/webauthn.js"])
  })
})
