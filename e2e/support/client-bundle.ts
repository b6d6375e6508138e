/**
 * Bundles e2e/support/client-page.js for the browser with rolldown, once per
 * client: `next-auth/react` 5 (installed in compat/, see compat/README.md) or
 * `@latchkey/client/react` (from its TypeScript sources, like every other e2e
 * test). Both bundles get the same React (compat's), so React is not a
 * difference between them.
 */
import { fileURLToPath } from "node:url"
import { rolldown } from "rolldown"

/** The two clients the parity test compares. */
export type ClientName = "next-auth" | "latchkey"

const fromRepo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))
const compatModules = fromRepo("compat/node_modules")

/** Where each client's React entry is. */
export const CLIENT_ENTRIES: Record<ClientName, string> = {
  "next-auth": `${compatModules}/next-auth/react.js`,
  latchkey: fromRepo("packages/client/src/react/index.ts"),
}

/** One copy of React for both pages. */
const REACT_ALIASES = {
  react: `${compatModules}/react/index.js`,
  "react/jsx-runtime": `${compatModules}/react/jsx-runtime.js`,
  "react-dom/client": `${compatModules}/react-dom/client.js`,
  "react-dom": `${compatModules}/react-dom/index.js`,
}

/**
 * `next-auth/react` reads `process.env.NEXTAUTH_URL` and friends, which Next.js
 * replaces at build time; unset here, so it uses its default base path
 * `/api/auth`. React reads `NODE_ENV`: the production build, as users ship.
 */
const BROWSER_DEFINES = {
  "process.env.NEXTAUTH_URL": "undefined",
  "process.env.NEXTAUTH_URL_INTERNAL": "undefined",
  "process.env.VERCEL_URL": "undefined",
  "process.env.NODE_ENV": JSON.stringify("production"),
}

/** The test page's script, as one ES module, with `client-under-test` = `client`. */
export async function bundleClientPage(client: ClientName): Promise<string> {
  const bundle = await rolldown({
    input: fromRepo("e2e/support/client-page.js"),
    platform: "browser",
    resolve: { alias: { "client-under-test": CLIENT_ENTRIES[client], ...REACT_ALIASES } },
    transform: { define: BROWSER_DEFINES },
    logLevel: "silent",
  })
  try {
    const { output } = await bundle.generate({ format: "esm" })
    return output[0].code
  } finally {
    await bundle.close()
  }
}

/** The HTML page that loads a bundle from `scriptPath`. */
export function clientPageHtml(title: string, scriptPath: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><div id="root"></div><script type="module" src="${scriptPath}"></script></body></html>`
}
