import { envOriginOf } from "@latchkey/core"
import { describe, expect, it } from "vitest"
import { type NextAuthConfig, setEnvDefaults } from "../../src/config.js"

function configWith(env: Record<string, string>, config: NextAuthConfig = { providers: [] }): NextAuthConfig {
  setEnvDefaults(config, env)
  return config
}

describe("setEnvDefaults (next-auth 5's environment rules)", () => {
  it("defaults basePath to /api/auth, and takes it from AUTH_URL's path when it has one", () => {
    expect(configWith({}).basePath).toBe("/api/auth")
    expect(configWith({ AUTH_URL: "https://app.example" }).basePath).toBe("/api/auth")
    expect(configWith({ AUTH_URL: "https://app.example/custom/auth" }).basePath).toBe("/custom/auth")
    expect(configWith({ AUTH_URL: "https://app.example/custom/auth" }, { providers: [], basePath: "/mine" }).basePath).toBe("/mine")
  })

  it("reads next-auth 4's NEXTAUTH_URL and NEXTAUTH_SECRET when the AUTH_ names are absent", () => {
    const config = configWith({ NEXTAUTH_URL: "https://old.example/api/auth", NEXTAUTH_SECRET: "v4-secret" })
    expect(envOriginOf(config)).toBe("https://old.example")
    expect(config.trustHost).toBe(true)
    expect(config.secret).toBe("v4-secret")
  })

  it("leaves AUTH_SECRET and its rotation list to core, ahead of NEXTAUTH_SECRET", () => {
    expect(configWith({ AUTH_SECRET: "new", AUTH_SECRET_1: "old", NEXTAUTH_SECRET: "v4" }).secret).toEqual(["old", "new"])
    expect(configWith({ NEXTAUTH_SECRET: "v4" }, { providers: [], secret: "mine" }).secret).toBe("mine")
  })

  it("trusts the Host only when AUTH_TRUST_HOST, AUTH_URL or a non-production NODE_ENV says so", () => {
    expect(configWith({ NODE_ENV: "production" }).trustHost).toBe(false)
    expect(configWith({ NODE_ENV: "production", AUTH_TRUST_HOST: "true" }).trustHost).toBe(true)
    expect(configWith({ NODE_ENV: "development" }).trustHost).toBe(true)
  })
})
