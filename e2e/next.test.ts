/**
 * @latchkey/next in a real Next.js 16 app (e2e/next-app) built with
 * `next build` and served by `next start`: route handlers, auth() in server
 * components and route handlers, the proxy (middleware) redirect, the
 * origin rule, and in Chromium: server-action sign-in with a password and
 * with a local OpenID Provider, server-action sign-out, and useSession
 * (@latchkey/next/react) next to server actions.
 */
import { LATCHKEY_APP } from "./support/next-app.js"
import { fixtureScenarios, serveFixtureForFile } from "./support/next-scenarios.js"

fixtureScenarios(serveFixtureForFile(LATCHKEY_APP), { renderAfterUpdate: "new" })
