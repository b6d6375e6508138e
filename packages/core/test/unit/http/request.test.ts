/** parseActionPath: the route matcher integrations share with Auth(). */
import { describe, expect, it } from "vitest"
import { toInternalRequest } from "../../../src/http/request.js"
import { Auth, parseActionPath } from "../../../src/index.js"

describe("parseActionPath", () => {
  it.each([
    ["/auth/session", "/auth", { action: "session", providerId: undefined }],
    ["/auth/signin/github", "/auth", { action: "signin", providerId: "github" }],
    ["/auth/callback/credentials", "/auth/", { action: "callback", providerId: "credentials" }],
    ["/auth//csrf/", "/auth", { action: "csrf", providerId: undefined }],
    ["/session", "/", { action: "session", providerId: undefined }],
    ["/api/auth/webauthn-options/passkey", "/api/auth", { action: "webauthn-options", providerId: "passkey" }],
    ["/api/auth/backchannel-logout/keycloak", "/api/auth", { action: "backchannel-logout", providerId: "keycloak" }],
    ["/auth/signout-return", "/auth", { action: "signout-return", providerId: undefined }],
  ])("%s below %s names an action", (path, base, expected) => {
    expect(parseActionPath(path, base)).toEqual(expected)
  })

  it.each([
    ["/auth", "/auth"],
    ["/auth/", "/auth"],
    ["/authx/session", "/auth"],
    ["/auth/unknown", "/auth"],
    ["/auth/session/extra", "/auth"],
    ["/auth/signin/github/extra", "/auth"],
    ["/other/session", "/auth"],
    ["/auth/__proto__", "/auth"],
    ["/auth/signout-return/op", "/auth"],
    ["/auth/signout/op", "/auth"],
  ])("%s below %s names none", (path, base) => {
    expect(parseActionPath(path, base)).toBeUndefined()
  })

  it("agrees with Auth(): a path it refuses is a 400 there, one it accepts is routed", async () => {
    const config = { secret: "parse-action-path-secret-0123456789", trustHost: true, providers: [], logger: { error: () => {} } }
    for (const path of ["/auth/session/extra", "/auth/unknown", "/authx/session"]) {
      expect(parseActionPath(path, "/auth")).toBeUndefined()
      expect((await Auth(new Request(`http://localhost:3000${path}`), config)).status).toBe(400)
    }
    expect(parseActionPath("/auth/providers", "/auth")).toBeDefined()
    expect((await Auth(new Request("http://localhost:3000/auth/providers"), config)).status).toBe(200)
  })
})

describe("toInternalRequest bodies", () => {
  const post = (body: string, type: string) =>
    toInternalRequest(new Request("http://localhost:3000/auth/callback/op", { method: "POST", headers: { "content-type": type }, body }), "/auth")

  it("keeps a form body as sent beside its flattened fields: the first value of a repeated name wins in `body`, `form` has both", async () => {
    const request = await post("state=first&state=second&code=c", "application/x-www-form-urlencoded")
    expect(request.body).toEqual({ state: "first", code: "c" })
    expect(request.form?.getAll("state")).toEqual(["first", "second"])
  })

  it("has no `form` for a JSON body", async () => {
    const request = await post(JSON.stringify({ state: "s" }), "application/json")
    expect(request.body).toEqual({ state: "s" })
    expect(request.form).toBeUndefined()
  })
})
