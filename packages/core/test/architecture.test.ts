/**
 * The floor rule of docs/architecture.md ("Floors"), checked on `src/`: every file sits on one
 * floor of the document's table, imports only from its own floor or below (type-only imports,
 * re-exports and `import()` included), and no imports go round in a circle. The table is read
 * from the document, so the document stays the one place the floors are written down; a new
 * folder fails here until it is placed there.
 */
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { floorViolationsAgainst, missingPaths, readFloorsTable } from "./support/floors.js"
import { readImports } from "./support/import-graph.js"

const core = fileURLToPath(new URL("..", import.meta.url))
const architecture = fileURLToPath(new URL("../../../docs/architecture.md", import.meta.url))
const fixture = fileURLToPath(new URL("./fixtures/floors", import.meta.url))

describe("the floors of docs/architecture.md", () => {
  it("hold in @latchkey/core: every file on a floor, no import from a floor above, no import circle", () => {
    expect(floorViolationsAgainst(core, architecture)).toEqual([])
  })

  it("are read from the document, top floor first", () => {
    const floors = readFloorsTable(readFileSync(architecture, "utf8"))
    expect(floors.map((floor) => floor.name)).toEqual(["entry", "actions", "flows", "account", "services", "runtime", "model"])
  })

  it("keep model/ a leaf: the data model imports nothing of Latchkey's outside it", () => {
    const { imports } = readImports(core)
    const outside = imports.filter(({ from, to }) => from.startsWith("src/model/") && to !== null && !to.startsWith("src/model/"))
    expect(outside.map(({ from, line, specifier }) => `${from}:${line} "${specifier}"`)).toEqual([])
  })

  it("name only files that exist in the map of where each feature lives", () => {
    expect(missingPaths(core, readFileSync(architecture, "utf8"), "## Where each feature lives")).toEqual([])
  })

  it("name every planted violation of a fixture package, with its file and line", () => {
    expect(floorViolationsAgainst(fixture, `${fixture}/architecture.md`)).toEqual([
      "the floors table lists `gone/` (runtime), which is not in src/",
      "src/stray.ts is on no floor: add it or its folder to the floors table",
      'src/actions/act.ts:2 (actions) imports types from "../index.js" (src/index.ts, entry): a file imports only from its own floor or below',
      'src/flows/dynamic.ts:3 (flows) imports types from "../actions/act.js" (src/actions/act.ts, actions): a file imports only from its own floor or below',
      "src/flows/dynamic.ts:5 imports a module named by an expression: name it with a string so that readers (and bundlers) can follow it",
      'src/flows/dynamic.ts:6 (flows) loads "../actions/act.js" (src/actions/act.ts, actions): a file imports only from its own floor or below',
      'src/flows/multi-line.ts:2 (flows) imports "../actions/act.js" (src/actions/act.ts, actions): a file imports only from its own floor or below',
      'src/util/aliases.ts:4 (runtime) imports "#act" (src/actions/act.ts, actions): a file imports only from its own floor or below',
      "import circle of 3 files: src/actions/act.ts → src/flows/multi-line.ts → src/actions/act.ts (all: src/actions/act.ts, src/flows/multi-line.ts, src/index.ts)",
      "import circle of 2 files: src/util/ping.ts → src/util/pong.ts → src/util/ping.ts",
    ])
    const map = readFileSync(`${fixture}/architecture.md`, "utf8")
    expect(missingPaths(fixture, map, "## Where each feature lives")).toEqual(["actions/gone.ts", "stale/", "runtime/high-*.ts"])
  })
})
