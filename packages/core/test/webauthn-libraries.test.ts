/**
 * A WebAuthn provider carries the libraries passkeys need
 * (providers/lib/webauthn-libraries.ts; docs/architecture.md, "Optional
 * libraries"): core loads `@simplewebauthn/server` and the sign-in page's
 * browser bundle from the provider, never by itself. A hand-made
 * `{ type: "webauthn" }` object is refused when the configuration is first
 * used; a server library that does not load leaves the page usable, says
 * why in the log, and never claims that an installed package is missing.
 */
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { MemoryAdapter } from "../src/adapters/memory.js"
import { Auth, type AuthConfig } from "../src/index.js"
import { webauthnLibraries, webauthnLibrariesOf } from "../src/providers/lib/webauthn-libraries.js"
import Passkey from "../src/providers/passkey.js"

const ORIGIN = "http://localhost:3000"
const FAILS_TO_LOAD = fileURLToPath(new URL("./fixtures/fails-to-load.mjs", import.meta.url))

function configWith(provider: unknown) {
  const errors: (Error & { type?: string })[] = []
  const config = {
    secret: "webauthn-libraries-secret-0123456789abcdef",
    trustHost: true,
    adapter: MemoryAdapter(),
    providers: [provider],
    logger: { error: (error: Error) => void errors.push(error), warn: () => {}, debug: () => {} },
  } as AuthConfig
  return { config, errors }
}

describe("the libraries of a WebAuthn provider", () => {
  it("refuses a hand-made WebAuthn provider when the configuration is first used, naming the factories", async () => {
    const { config, errors } = configWith({ id: "hand-made", name: "Hand made", type: "webauthn", formFields: { email: { label: "Email" } } })
    const response = await Auth(new Request(`${ORIGIN}/auth/session`), config)
    expect(response.status).toBe(500)
    expect(errors.map((error) => error.type)).toEqual(["InvalidProvider"])
    expect(errors[0]!.message).toContain('WebAuthn provider "hand-made" was not made by WebAuthn() or Passkey()')
  })

  it("keeps them on a provider spread into a new one, and inlines the browser library built into core", async () => {
    const { config, errors } = configWith({ ...Passkey(), id: "my-passkey", name: "My passkey" })
    const response = await Auth(new Request(`${ORIGIN}/auth/signin`), config)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('data-webauthn-provider="my-passkey"')
    expect(html).toContain("/* [@simplewebauthn/browser@14")
    expect(errors).toEqual([])
  })

  it("when @simplewebauthn/server fails to load: the page says passkeys are unavailable, the log says why, and nothing asks to install it", async () => {
    const passkey = Passkey()
    const broken = { ...passkey, [webauthnLibraries]: { ...webauthnLibrariesOf(passkey), server: () => import(FAILS_TO_LOAD) } }
    const { config, errors } = configWith(broken)

    const page = await Auth(new Request(`${ORIGIN}/auth/signin`), config)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain("Passkeys are not available: a package they need could not be loaded on this server.")
    const options = await Auth(new Request(`${ORIGIN}/auth/webauthn-options/passkey`), config)
    expect(options.status).not.toBe(200)

    expect(errors.length).toBe(2)
    for (const error of errors) {
      expect(error.message).toBe(
        "Passkeys need @simplewebauthn/server, which was found but failed to load: The module was compiled against a different Node.js version using NODE_MODULE_VERSION 115. (docs/providers/passkey.md).",
      )
    }
  })

  it("when a bundler stood an empty module in for a missing @simplewebauthn/server (Next.js under webpack): says it cannot be found and how to install it", async () => {
    const passkey = Passkey()
    const standIn = { ...passkey, [webauthnLibraries]: { ...webauthnLibrariesOf(passkey), server: async () => ({ default: {} }) as never } }
    const { config, errors } = configWith(standIn)
    const page = await Auth(new Request(`${ORIGIN}/auth/signin`), config)
    expect(await page.text()).toContain("Passkeys are not available")
    expect(errors.map((error) => error.message)).toEqual([
      "Passkeys need @simplewebauthn/server, which cannot be found: run `npm install @simplewebauthn/server@^14`. An app built by a bundler (Next.js, Vite, esbuild) must be built again after installing it (docs/providers/passkey.md).",
    ])
  })
})
