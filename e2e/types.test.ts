/**
 * Drop-in at the type level. The corpus in `e2e/types/corpus` is ordinary
 * `@auth/core` 0.41.3 application code (callbacks, augmentations, custom
 * errors, adapters, providers, raw/skipCSRFCheck). Each snippet must compile
 * with `strict` twice:
 *
 * 1. as written, against the real `@auth/core` in `compat/`: proof that the
 *    corpus is genuine `@auth/core` code (its `@ts-expect-error` lines prove
 *    what `@auth/core` rejects);
 * 2. after the import rewrite of docs/migration.md, against Latchkey's built
 *    declarations: proof that an app compiles unchanged, and is rejected
 *    where `@auth/core` rejects it.
 *
 * `e2e/types/must-fail` holds negative controls that must fail on both, with
 * the codes they announce, so this file provably can fail. And every
 * ts/tsx/js block of README.md, docs/ and packages/*\/README.md is compiled
 * against Latchkey (directives: e2e/types/harness/doc-blocks.ts).
 *
 * Needs `npm run build` first (the `pretest` script) for Latchkey's `.d.ts`,
 * and `npm run compat:install` for `@auth/core`.
 */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { appCompilerOptions, type Finding, TypeChecker } from "./types/harness/compile.js"
import { readRewriteTable, rewriteImports } from "./types/harness/rewrite.js"
import { type Case, corpusGroups, corpusUnits, docUnits, documentationFiles, skippedBlocks, type Unit } from "./types/harness/units.js"

const root = fileURLToPath(new URL("..", import.meta.url))
const typesRoot = join(root, "e2e/types")
const authCoreInstalled = existsSync(join(root, "compat/node_modules/@auth/core/package.json"))
const latchkeyBuilt = existsSync(join(root, "packages/core/dist/index.d.ts"))

// Without a prerequisite the checks skip loudly, except in CI, where skipping would hide a failure.
for (const [ready, what, fix] of [
  [authCoreInstalled, "@auth/core is not installed in compat/", "npm run compat:install"],
  [latchkeyBuilt, "Latchkey's declarations are not built", "npm run build"],
] as const) {
  if (ready) continue
  if (process.env.CI === "true") it(`needs: ${what}`, () => expect.fail(`${what}: run \`${fix}\``))
  else console.warn(`[e2e/types] SKIPPED: ${what}; run \`${fix}\``)
}

const checker = new TypeChecker(appCompilerOptions([join(root, "node_modules/@types")]))
const table = readRewriteTable(join(root, "docs/migration.md"))

/** Where virtual files sit decides what they resolve: compat/ sees @auth/core, the root sees @latchkey/*. */
const asAuthCore = join(root, "compat/.typecheck")
const asLatchkey = join(root, "e2e/types/.typecheck/latchkey")

/** Compiles each unit once, on first use, and answers a case's findings. */
function findingsOf(units: Unit[]): (c: Case) => Finding[] {
  const results = new Map<Unit, Map<string, Finding[]>>()
  return (c) => {
    const unit = units.find((u) => u.cases.includes(c))!
    if (!results.has(unit)) results.set(unit, checker.check(unit.files, unit.javascript ? { noImplicitAny: false } : {}))
    const byPath = results.get(unit)!
    return c.paths.flatMap((path) => byPath.get(path) ?? [])
  }
}

function report(c: Case, findings: Finding[]): string {
  return findings.map((f) => `${c.locate(f)} ${f.code}: ${f.message}`).join("\n")
}

/** Asserts a case: no findings, or (negative control) findings of exactly the announced codes. */
function expectCase(c: Case, findings: Finding[]): void {
  if (c.problem) expect.fail(c.problem)
  if (c.expected.length === 0) {
    expect(report(c, findings), "expected no type errors").toBe("")
    return
  }
  expect(findings.length, `${c.name} must fail to compile`).toBeGreaterThan(0)
  expect([...new Set(findings.map((f) => f.code))].sort(), report(c, findings)).toEqual([...c.expected].sort())
}

function casesOf(units: Unit[]): Case[] {
  return units.flatMap((unit) => unit.cases)
}

const corpus = corpusGroups(typesRoot, "corpus")
const controls = corpusGroups(typesRoot, "must-fail")
const groups = [...corpus, ...controls]

describe.runIf(authCoreInstalled)("type corpus against @auth/core 0.41.3, as written", () => {
  const units = corpusUnits(groups, asAuthCore, (file) => file.text)
  const findings = findingsOf(units)
  // The first case runs the type check of every block at once (findings are computed lazily), so
  // it needs far more than vitest's default on a loaded machine.
  it.each(casesOf(units).map((c) => [c.name, c] as const))("%s", (_name, c) => expectCase(c, findings(c)), 180_000)
})

describe.runIf(latchkeyBuilt)("type corpus against Latchkey, after the import rewrite of docs/migration.md", () => {
  const units = corpusUnits(groups, asLatchkey, (file) => rewriteImports(file.relativePath, file.text, table))
  const findings = findingsOf(units)
  // The first case runs the type check of every block at once (findings are computed lazily), so
  // it needs far more than vitest's default on a loaded machine.
  it.each(casesOf(units).map((c) => [c.name, c] as const))("%s", (_name, c) => expectCase(c, findings(c)), 180_000)

  it("rewrites every @auth/ specifier, augmentations included", () => {
    const rewritten = corpus.flat().map((file) => rewriteImports(file.relativePath, file.text, table))
    expect(rewritten.join("\n")).not.toMatch(/["']@auth\//)
    expect(rewritten.join("\n")).toMatch(/declare module "@latchkey\/core\/types"/)
    expect(rewritten.join("\n")).toMatch(/declare module "@latchkey\/core\/jwt"/)
  })
})

describe.runIf(latchkeyBuilt)("documentation code blocks against Latchkey", () => {
  const markdown = documentationFiles(root)
  const preamblePath = join(typesRoot, "docs-preamble.d.ts")
  const units = docUnits(root, markdown, join(root, "e2e/types/.typecheck/docs"), {
    path: preamblePath,
    text: readFileSync(preamblePath, "utf8"),
  })
  const findings = findingsOf(units)
  // The first case runs the type check of every block at once (findings are computed lazily), so
  // it needs far more than vitest's default on a loaded machine.
  it.each(casesOf(units).map((c) => [c.name, c] as const))("%s", (_name, c) => expectCase(c, findings(c)), 180_000)

  it("skips only blocks that say why", () => {
    for (const block of skippedBlocks(root, markdown)) expect(block.skipReason!.trim().length).toBeGreaterThan(3)
  })
})
