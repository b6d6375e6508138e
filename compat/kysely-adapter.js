// @auth/kysely-adapter 1.11.2 with the copy of kysely it resolves, for the test that runs
// Latchkey's adapter conformance suite against the published adapter (imported by relative
// path; nothing shipped by Latchkey depends on it).
export { KyselyAdapter } from "@auth/kysely-adapter"
export { Kysely, SqliteDialect } from "kysely"
