/**
 * `SessionProvider` during server-side rendering (React 19's
 * `renderToString`, no `window`): a `session` prop renders as
 * authenticated at once, none renders as loading, and nothing is fetched.
 */
import { createElement } from "react"
import { renderToString } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { SessionProvider, type SessionProviderProps, useSession } from "../src/react/index.js"

function Who() {
  const { data, status } = useSession()
  return createElement("p", null, `${status}:${data?.user?.name ?? ""}`)
}

// The casts: React's types want `children` among the props; here they come as createElement's third argument.
describe("SessionProvider rendered on the server", () => {
  it("renders the session it is given", () => {
    const session = { user: { name: "Bob" }, expires: "2030-01-01T00:00:00.000Z" }
    expect(renderToString(createElement(SessionProvider, { session } as SessionProviderProps, createElement(Who)))).toBe("<p>authenticated:Bob</p>")
    expect(renderToString(createElement(SessionProvider, { session: null } as SessionProviderProps, createElement(Who)))).toBe("<p>unauthenticated:</p>")
  })
  it("renders loading without one", () => {
    expect(renderToString(createElement(SessionProvider, {} as SessionProviderProps, createElement(Who)))).toBe("<p>loading:</p>")
  })
  it("useSession outside a SessionProvider is a clear error", () => {
    expect(() => renderToString(createElement(Who))).toThrow("[latchkey] `useSession` must be wrapped in a <SessionProvider />")
  })
})
