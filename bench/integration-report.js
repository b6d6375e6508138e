// How an integration script hands its rows to bench/integrations.js. Each script still prints its
// own lines when run alone; when the runner starts it, the runner names a file in
// BENCH_INTEGRATION_REPORT and the script appends one JSON line per row to it, so the runner
// never has to parse human-readable output.

import { appendFileSync } from "node:fs"

/**
 * One measured row: medians over the rounds (req/s) and the medians of the per-round ratios.
 * `counterpart` and `oursOverCounterpart` are null where Auth.js has no integration.
 *
 * @typedef {{ integration: string, ours: number, bare: number, counterpart: number | null,
 *   counterpartName: string | null, oursOverCounterpart: number | null, oursOverBare: number,
 *   rounds: number, seconds: number, connections: number }} IntegrationRow
 */

/** Appends `row` to the runner's report file; does nothing when the script runs alone. */
export function reportIntegrationRow(row) {
  const file = process.env.BENCH_INTEGRATION_REPORT
  if (file) appendFileSync(file, `${JSON.stringify(row)}\n`)
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
