/**
 * A configuration object whose prototype carries enumerable properties (a
 * config built with `Object.create(defaults)`, or a polluted
 * `Object.prototype`) is prepared once, like any other: the inherited
 * properties are not the object's options, so they never make it look
 * changed on the next request.
 */
import { afterEach, describe, expect, it } from "vitest"
import { Auth, type AuthConfig } from "../src/index.js"

/** A config with no providers: each preparation logs the `no-providers` warning once. */
function configOver(prototype: object): { config: AuthConfig; preparations: () => number } {
  const warnings: string[] = []
  const config = Object.create(prototype) as AuthConfig
  Object.assign(config, {
    secret: "config-prototype-test-secret-0123456789",
    trustHost: true,
    providers: [],
    logger: { warn: (code: string) => void warnings.push(code), error: () => {}, debug: () => {} },
  })
  return { config, preparations: () => warnings.filter((code) => code === "no-providers").length }
}

const requests = async (config: AuthConfig, count: number) => {
  for (let i = 0; i < count; i++) expect((await Auth(new Request("http://localhost/auth/providers"), config)).status).toBe(200)
}

describe("a configuration whose prototype has enumerable properties", () => {
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).pollutedOption
  })

  it("is prepared once over a prototype of defaults", async () => {
    const { config, preparations } = configOver({ debug: false, basePath: "/auth" })
    await requests(config, 5)
    expect(preparations()).toBe(1)
  })

  it("is prepared once when Object.prototype itself has an enumerable property", async () => {
    const { config, preparations } = configOver({})
    ;(Object.prototype as Record<string, unknown>).pollutedOption = "x"
    await requests(config, 5)
    expect(preparations()).toBe(1)
  })

  it("is still prepared again when one of its own options is replaced", async () => {
    const { config, preparations } = configOver({ debug: false })
    await requests(config, 2)
    config.providers = []
    await requests(config, 2)
    expect(preparations()).toBe(2)
  })
})
