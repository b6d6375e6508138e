/**
 * Hostile input in every string field: stored and read back verbatim, or —
 * for NUL and 10,000-character values only — refused with an `Error` that
 * says something, leaving nothing half-written, and with lookups of the
 * refused value answering "not found" rather than throwing. Lookups match
 * exactly: a key that merely looks like a stored one (other case, other
 * unicode form, a trailing space, a `LIKE` wildcard) finds nothing.
 *
 * @module groups/hostile
 */
import { describe, expect } from "vitest"
import { expectFailure, expectNull, expectRecord, settle } from "../assertions.js"
import type { SuiteContext } from "../context.js"
import { newAccount, newAuthenticator, newSession, newUser, newVerificationToken, randomId } from "../fixtures.js"
import { type HostileValue, hostileValues, lookalikeBase, lookalikes } from "../hostile-values.js"

const surrogate = ["id"]

/** A fresh unique prefix for a hostile value. */
const unique = () => `h${randomId().slice(0, 8)}-`

/**
 * Writes `value` with `write`. If the write succeeds, `verify` checks the
 * read-back; if it fails, the value must be one a storage may refuse, the
 * error must be a real `Error`, and `absent` checks that nothing was stored.
 */
async function storeOrRefuse(
  hostile: HostileValue,
  field: string,
  write: () => unknown,
  verify: () => Promise<void>,
  absent: () => Promise<void>,
): Promise<void> {
  const outcome = await settle(write)
  if (outcome.ok) {
    await verify()
    return
  }
  expect(hostile.mayRefuse, `${field} with ${hostile.label} was refused, but must be stored verbatim: ${String(outcome.error)}`).toBe(true)
  await expectFailure(() => Promise.reject(outcome.error), `${field} with ${hostile.label}: the refusal`)
  await absent()
}

/** Runs `lookup` and requires it to answer null without throwing. */
async function expectNotFound(lookup: () => unknown, label: string): Promise<void> {
  const outcome = await settle(lookup)
  expect(outcome.ok, `${label} threw instead of answering null: ${outcome.ok ? "" : String(outcome.error)}`).toBe(true)
  expectNull((outcome as { value: unknown }).value, label)
}

/** Registers the `hostile` group. */
export function hostileGroup(ctx: SuiteContext): void {
  describe("hostile", () => {
    ctx.test("hostile", "user email: stored verbatim and found by exactly that email", ["createUser", "getUser", "getUserByEmail"], async () => {
      for (const hostile of hostileValues) {
        const email = hostile.make(unique())
        let id = ""
        await storeOrRefuse(
          hostile,
          "createUser({ email })",
          async () => (id = (await ctx.adapter().createUser(newUser({ email }))).id),
          async () => {
            expect((await ctx.adapter().getUser(id))?.email, `getUser().email with ${hostile.label}`).toBe(email)
            expect((await ctx.adapter().getUserByEmail(email))?.id, `getUserByEmail() with ${hostile.label}`).toBe(id)
            expect((await ctx.db.user(id))?.email, `db.user().email with ${hostile.label}`).toBe(email)
          },
          () => expectNotFound(() => ctx.adapter().getUserByEmail(email), `getUserByEmail() of a refused ${hostile.label} email`),
        )
      }
    })

    ctx.test("hostile", "user name: stored verbatim", ["createUser", "getUser", "updateUser"], async () => {
      for (const hostile of hostileValues) {
        const name = hostile.make(unique())
        const input = newUser({ name })
        let id = ""
        await storeOrRefuse(
          hostile,
          "createUser({ name })",
          async () => (id = (await ctx.adapter().createUser(input)).id),
          async () => {
            expect((await ctx.adapter().getUser(id))?.name, `getUser().name with ${hostile.label}`).toBe(name)
            const renamed = `${name}!`
            expect((await ctx.adapter().updateUser({ id, name: renamed })).name, `updateUser().name with ${hostile.label}`).toBe(renamed)
          },
          () => expectNotFound(() => ctx.adapter().getUserByEmail(input.email), `getUserByEmail() after a refused ${hostile.label} name`),
        )
      }
    })

    ctx.test(
      "hostile",
      "account provider, providerAccountId and tokens: stored verbatim and found by exactly that key",
      ["createUser", "linkAccount", "getUserByAccount"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        for (const hostile of hostileValues) {
          const value = hostile.make(unique())
          const account = newAccount(user.id, {
            provider: `p-${value}`,
            providerAccountId: value,
            access_token: value,
            refresh_token: value,
            id_token: value,
            scope: value,
            session_state: value,
          })
          const key = { provider: account.provider, providerAccountId: account.providerAccountId }
          await storeOrRefuse(
            hostile,
            "linkAccount()",
            () => ctx.adapter().linkAccount(account),
            async () => {
              expect((await ctx.adapter().getUserByAccount(key))?.id, `getUserByAccount() with ${hostile.label}`).toBe(user.id)
              expectRecord(await ctx.db.account(key), account, { label: `db.account() with ${hostile.label}`, allow: surrogate })
            },
            () => expectNotFound(() => ctx.adapter().getUserByAccount(key), `getUserByAccount() of a refused ${hostile.label} account`),
          )
        }
      },
    )

    ctx.test(
      "hostile",
      "session token: stored verbatim and found by exactly that token",
      ["createUser", "createSession", "getSessionAndUser", "deleteSession"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        for (const hostile of hostileValues) {
          const sessionToken = hostile.make(unique())
          await storeOrRefuse(
            hostile,
            "createSession({ sessionToken })",
            () => ctx.adapter().createSession(newSession(user.id, { sessionToken })),
            async () => {
              const found = await ctx.adapter().getSessionAndUser(sessionToken)
              expect(found?.session.sessionToken, `getSessionAndUser() with ${hostile.label}`).toBe(sessionToken)
              expect(found?.user.id, `getSessionAndUser().user with ${hostile.label}`).toBe(user.id)
              await ctx.adapter().deleteSession(sessionToken)
              expectNull(await ctx.adapter().getSessionAndUser(sessionToken), `getSessionAndUser() after deleteSession() with ${hostile.label}`)
            },
            () => expectNotFound(() => ctx.adapter().getSessionAndUser(sessionToken), `getSessionAndUser() of a refused ${hostile.label} token`),
          )
        }
      },
    )

    ctx.test(
      "hostile",
      "verification identifier and token: stored verbatim and used by exactly that pair",
      ["createVerificationToken", "useVerificationToken"],
      async () => {
        for (const hostile of hostileValues) {
          const value = hostile.make(unique())
          const token = newVerificationToken({ identifier: value, token: `t-${value}` })
          await storeOrRefuse(
            hostile,
            "createVerificationToken()",
            () => ctx.adapter().createVerificationToken(token),
            async () => {
              expectRecord(await ctx.adapter().useVerificationToken({ identifier: token.identifier, token: token.token }), token, {
                label: `useVerificationToken() with ${hostile.label}`,
                allow: surrogate,
              })
            },
            () =>
              expectNotFound(
                () => ctx.adapter().useVerificationToken({ identifier: token.identifier, token: token.token }),
                `useVerificationToken() of a refused ${hostile.label} token`,
              ),
          )
        }
      },
    )

    ctx.test(
      "hostile",
      "authenticator credential id: stored verbatim and found by exactly that id",
      ["createUser", "createAuthenticator", "getAuthenticator"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        for (const hostile of hostileValues) {
          const credentialID = hostile.make(unique())
          const authenticator = newAuthenticator(user.id, { credentialID, providerAccountId: credentialID, transports: hostile.make("") })
          await storeOrRefuse(
            hostile,
            "createAuthenticator({ credentialID })",
            () => ctx.adapter().createAuthenticator(authenticator),
            async () => {
              expectRecord(await ctx.adapter().getAuthenticator(credentialID), authenticator, {
                label: `getAuthenticator() with ${hostile.label}`,
                allow: surrogate,
              })
            },
            () => expectNotFound(() => ctx.adapter().getAuthenticator(credentialID), `getAuthenticator() of a refused ${hostile.label} credential`),
          )
        }
      },
    )

    ctx.test("hostile", "getUserByEmail: a lookalike email finds nothing", ["createUser", "getUserByEmail"], async () => {
      const email = `${lookalikeBase(randomId().slice(0, 8))}@Example.com`
      const user = await ctx.adapter().createUser(newUser({ email }))
      for (const { label, value } of lookalikes(email)) {
        await expectNotFound(() => ctx.adapter().getUserByEmail(value), `getUserByEmail() with the ${label} of a stored email`)
      }
      expect((await ctx.adapter().getUserByEmail(email))?.id).toBe(user.id)
    })

    ctx.test(
      "hostile",
      "getUserByAccount: a lookalike providerAccountId or provider finds nothing",
      ["createUser", "linkAccount", "getUserByAccount"],
      async () => {
        const user = await ctx.adapter().createUser(newUser())
        const account = newAccount(user.id, { provider: lookalikeBase("provider"), providerAccountId: lookalikeBase(randomId().slice(0, 8)) })
        await ctx.adapter().linkAccount(account)
        for (const { label, value } of lookalikes(account.providerAccountId)) {
          await expectNotFound(
            () => ctx.adapter().getUserByAccount({ provider: account.provider, providerAccountId: value }),
            `getUserByAccount() with the ${label} of a providerAccountId`,
          )
        }
        for (const { label, value } of lookalikes(account.provider)) {
          await expectNotFound(
            () => ctx.adapter().getUserByAccount({ provider: value, providerAccountId: account.providerAccountId }),
            `getUserByAccount() with the ${label} of a provider`,
          )
        }
        expect((await ctx.adapter().getUserByAccount(account))?.id).toBe(user.id)
      },
    )

    ctx.test("hostile", "getSessionAndUser: a lookalike session token finds nothing", ["createUser", "createSession", "getSessionAndUser"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      const session = newSession(user.id, { sessionToken: lookalikeBase(randomId()) })
      await ctx.adapter().createSession(session)
      for (const { label, value } of lookalikes(session.sessionToken)) {
        await expectNotFound(() => ctx.adapter().getSessionAndUser(value), `getSessionAndUser() with the ${label} of a session token`)
      }
      expect((await ctx.adapter().getSessionAndUser(session.sessionToken))?.user.id).toBe(user.id)
    })

    ctx.test(
      "hostile",
      "useVerificationToken: a lookalike identifier or token neither finds nor consumes the token",
      ["createVerificationToken", "useVerificationToken"],
      async () => {
        const token = newVerificationToken({ identifier: `${lookalikeBase(randomId().slice(0, 8))}@Example.com`, token: lookalikeBase(randomId()) })
        await ctx.adapter().createVerificationToken(token)
        for (const { label, value } of lookalikes(token.identifier)) {
          await expectNotFound(
            () => ctx.adapter().useVerificationToken({ identifier: value, token: token.token }),
            `useVerificationToken() with the ${label} of the identifier`,
          )
        }
        for (const { label, value } of lookalikes(token.token)) {
          await expectNotFound(
            () => ctx.adapter().useVerificationToken({ identifier: token.identifier, token: value }),
            `useVerificationToken() with the ${label} of the token`,
          )
        }
        expectRecord(await ctx.adapter().useVerificationToken(token), token, {
          label: "useVerificationToken() with the real pair, after the lookalikes",
          allow: surrogate,
        })
      },
    )

    ctx.test("hostile", "getAuthenticator: a lookalike credential id finds nothing", ["createUser", "createAuthenticator", "getAuthenticator"], async () => {
      const user = await ctx.adapter().createUser(newUser())
      const credentialID = lookalikeBase(randomId())
      await ctx.adapter().createAuthenticator(newAuthenticator(user.id, { credentialID, providerAccountId: credentialID }))
      for (const { label, value } of lookalikes(credentialID)) {
        await expectNotFound(() => ctx.adapter().getAuthenticator(value), `getAuthenticator() with the ${label} of a credential id`)
      }
      expect((await ctx.adapter().getAuthenticator(credentialID))?.credentialID).toBe(credentialID)
    })
  })
}
