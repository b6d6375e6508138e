/** authConfigManager points @latchkey/client (its __NEXTAUTH endpoint settings) where @hono/auth-js code says. */
import { __NEXTAUTH } from "@latchkey/client/react"
import { afterEach, describe, expect, it } from "vitest"
import { authConfigManager } from "../../../src/react/index.js"

const original = { ...__NEXTAUTH }
afterEach(() => Object.assign(__NEXTAUTH, original))

describe("authConfigManager", () => {
  it("sets the client's basePath, keeping the page's origin", () => {
    authConfigManager.setConfig({ basePath: "/api/auth" })
    expect(__NEXTAUTH.basePath).toBe("/api/auth")
    expect(__NEXTAUTH.basePathServer).toBe("/api/auth")
    expect(authConfigManager.getConfig()).toEqual({ baseUrl: original.baseUrl, basePath: "/api/auth", credentials: "same-origin" })
  })

  it("splits a basePath given as a full URL into origin and path, as @hono/auth-js does", () => {
    authConfigManager.setConfig({ basePath: "https://api.example/v1/auth/", credentials: "include" })
    expect(__NEXTAUTH.baseUrl).toBe("https://api.example")
    expect(__NEXTAUTH.baseUrlServer).toBe("https://api.example")
    expect(__NEXTAUTH.basePath).toBe("/v1/auth")
    expect(authConfigManager.getConfig().credentials).toBe("include")
  })
})
