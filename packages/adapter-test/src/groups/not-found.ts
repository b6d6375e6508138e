/**
 * The "not found" rules: every `get…` answers `null`, and
 * `listAuthenticatorsByUserId` answers `[]` — also for keys that do not even
 * have the column's format (`"invalid-user-id"` against a `uuid` column, an
 * empty string), which some databases refuse with an error rather than
 * finding nothing. Core calls these with whatever a cookie or a request
 * carried, so a thrown driver error here would be a 500.
 *
 * @module groups/not-found
 */
import { describe, expect } from "vitest"
import { expectNull, settle } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { randomId } from "../fixtures.js"

/** Keys that exist nowhere: well-formed, malformed, empty. */
function unknownKeys(): string[] {
  return [randomId(), "invalid-user-id", "", "12345", "00000000-0000-0000-0000-00000000000g"]
}

/** Registers the `notFound` group. */
export function notFoundGroup(ctx: SuiteContext): void {
  describe("notFound", () => {
    const each = (name: string, operation: Parameters<SuiteContext["test"]>[2][number], call: (key: string) => unknown, expected: null | []) => {
      ctx.test("notFound", name, [operation], async () => {
        for (const key of unknownKeys()) {
          const outcome = await settle(() => call(key))
          expect(
            outcome.ok,
            `${operation}(${JSON.stringify(key)}) threw instead of answering ${JSON.stringify(expected)}: ${outcome.ok ? "" : String(outcome.error)}`,
          ).toBe(true)
          if (expected === null) expectNull((outcome as { value: unknown }).value, `${operation}(${JSON.stringify(key)})`)
          else expect((outcome as { value: unknown }).value, `${operation}(${JSON.stringify(key)})`).toStrictEqual([])
        }
      })
    }
    each("getUser of an unknown or malformed id is null", "getUser", (key) => ctx.adapter().getUser(key), null)
    each("getUserByEmail of an unknown email is null", "getUserByEmail", (key) => ctx.adapter().getUserByEmail(key ? `${key}@example.com` : key), null)
    each(
      "getUserByAccount of an unknown account is null",
      "getUserByAccount",
      (key) => ctx.adapter().getUserByAccount({ provider: "github", providerAccountId: key }),
      null,
    )
    each("getAccount of an unknown account is null", "getAccount", (key) => ctx.adapter().getAccount(key, "github"), null)
    each("getSessionAndUser of an unknown token is null", "getSessionAndUser", (key) => ctx.adapter().getSessionAndUser(key), null)
    each(
      "useVerificationToken of an unknown token is null",
      "useVerificationToken",
      (key) => ctx.adapter().useVerificationToken({ identifier: `${key}@example.com`, token: key }),
      null,
    )
    each("getAuthenticator of an unknown credential is null", "getAuthenticator", (key) => ctx.adapter().getAuthenticator(key), null)
    each(
      "listAuthenticatorsByUserId of an unknown or malformed user id is []",
      "listAuthenticatorsByUserId",
      (key) => ctx.adapter().listAuthenticatorsByUserId(key),
      [],
    )
  })
}
