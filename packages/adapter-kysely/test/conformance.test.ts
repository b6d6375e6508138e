/**
 * @latchkey/adapter-test against KyselyAdapter: SQLite always, PostgreSQL
 * and MariaDB when their servers answer (and required with CI=true).
 */
import { kyselyConformance } from "./support/conformance.js"
import { forEachFamily } from "./support/server-tests.js"

await forEachFamily(kyselyConformance)
