/**
 * No package of the workspace has an import circle in its `src/`, type-only imports included
 * ("no import circles, types flow one way"). `@latchkey/core` is checked with its floors as well
 * (packages/core/test/architecture.test.ts); the other packages have no floors, only this.
 */
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { describeCircles, findCircles, packagesWithSources, readImports } from "../packages/core/test/support/import-graph.js"

const root = fileURLToPath(new URL("..", import.meta.url))

describe("import circles", () => {
  it.each(packagesWithSources(root))("%s/src has none", (folder) => {
    const { imports } = readImports(`${root}/${folder}`)
    expect(describeCircles(findCircles(imports))).toBe("")
  })
})
