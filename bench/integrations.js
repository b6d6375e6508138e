// `node integrations.js` (the second half of `npm run bench`, or `npm run bench:integrations`):
// the integration rows of issue "Integrations". Runs each integration script in its own child
// process, one after the other (never two at once: they would share the cores), and prints one
// summary table from the rows each script reports (integration-report.js).
//
//   BENCH_INTEGRATIONS  comma-separated subset of express,hono,fastify,next (default: all four)
//
// Every other BENCH_* variable is passed through to the scripts (BENCH_ROUNDS, BENCH_DURATION,
// BENCH_WARMUP, BENCH_EXPRESS, …). A script that fails is reported as FAILED in the table, the
// others still run, and the runner then exits with status 1.

import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { cpus, loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const here = fileURLToPath(new URL(".", import.meta.url))
const SCRIPTS = { express: "integration-express.js", hono: "integration-hono.js", fastify: "integration-fastify.js", next: "integration-next.js" }
const COUNTERPART_TARGET = 3
const BARE_TARGET = 0.5

/** Runs one script to its end with the report file named; resolves its exit status. */
function runScript(file, reportFile) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(here, file)], {
      cwd: here,
      env: { ...process.env, BENCH_INTEGRATION_REPORT: reportFile },
      stdio: "inherit",
    })
    child.once("error", (error) => {
      console.error(`${file}: ${error.message}`)
      resolve(1)
    })
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const loads = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")
const rate = (value) => (value == null ? "-" : Math.round(value).toLocaleString("en-US"))
const verdict = (value, target) => (value == null ? "n/a" : value >= target ? "MET" : "MISSED")

/** The summary table, one line per row (plus a FAILED line per script that reported nothing). */
function table(rows, failed) {
  const header = ["integration", "ours req/s", "bare req/s", "counterpart req/s", "ours/counterpart", "ours/bare", "≥3× counterpart", "≥50% bare"]
  const lines = rows.map((row) => [
    row.integration,
    rate(row.ours),
    rate(row.bare),
    row.counterpart == null ? "- (none)" : `${rate(row.counterpart)} (${row.counterpartName})`,
    row.oursOverCounterpart == null ? "-" : `${row.oursOverCounterpart.toFixed(2)}x`,
    `${(row.oursOverBare * 100).toFixed(0)}%`,
    verdict(row.oursOverCounterpart, COUNTERPART_TARGET),
    verdict(row.oursOverBare, BARE_TARGET),
  ])
  for (const name of failed) lines.push([name, "FAILED", "", "", "", "", "", ""])
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)))
  const format = (line) =>
    line
      .map((cell, column) => (column === 0 || column === 3 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join("  ")
      .trimEnd()
  return [format(header), ...lines.map(format)].join("\n")
}

const chosen = (process.env.BENCH_INTEGRATIONS ?? Object.keys(SCRIPTS).join(",")).split(",").map((name) => name.trim())
for (const name of chosen) if (!SCRIPTS[name]) throw new Error(`BENCH_INTEGRATIONS: unknown integration "${name}" (known: ${Object.keys(SCRIPTS).join(", ")})`)

const workDir = mkdtempSync(join(tmpdir(), "latchkey-bench-integrations-"))
const startLoad = loads()
console.log(`\n== Integration rows: GET /session with a JWT cookie over HTTP, 50 connections (${chosen.join(", ")})`)
console.log(`Node ${process.version}, ${cpus().length} cores, load average ${startLoad} at start`)

const rows = []
const failed = []
try {
  for (const name of chosen) {
    const reportFile = join(workDir, `${name}.jsonl`)
    writeFileSync(reportFile, "")
    console.log(`\n-- ${SCRIPTS[name]}`)
    const status = await runScript(SCRIPTS[name], reportFile)
    const reported = readFileSync(reportFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line))
    rows.push(...reported)
    if (status !== 0 || reported.length === 0) failed.push(`${name} (exit ${status})`)
  }
} finally {
  rmSync(workDir, { recursive: true, force: true })
}

const endLoad = loads()
console.log(`\nIntegration rows (req/s: median over rounds; ratios: median of per-round ratios; load average ${startLoad} at start, ${endLoad} at end)`)
console.log(table(rows, failed))

mkdirSync(join(here, "results"), { recursive: true })
writeFileSync(
  join(here, "results", "integrations.json"),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cores: cpus().length, loadAverage: { start: startLoad, end: endLoad }, targets: { counterpart: COUNTERPART_TARGET, bare: BARE_TARGET }, rows, failed }, null, 2)}\n`,
)
if (failed.length > 0) process.exitCode = 1
