/**
 * A workload that calls every operation of the adapter, including the
 * conflict and compensation paths (a taken email or account, a stale index
 * entry replaced, an email moved), with ids and keys that hold `{`, `}` and
 * `:` — the characters that could break the hash-tag layout. The slot tests
 * watch the commands it sends; the Cluster test runs it on a real cluster.
 */
import type { Adapter, AdapterUser } from "@latchkey/core/adapters"
import { expect } from "vitest"

const HOUR = 60 * 60 * 1000

/** Runs every operation of a full (everything in Redis) adapter, checking the answers as it goes. */
export async function exerciseAdapter(adapter: Adapter, tag: string): Promise<void> {
  const a = adapter as Required<Adapter>
  const later = () => new Date(Date.now() + HOUR)

  const user: AdapterUser = await a.createUser({
    id: `user}{:${tag}`,
    email: `{odd}:${tag}@example.com`,
    emailVerified: new Date(),
    name: "Ada {Lovelace}",
  })
  const other = await a.createUser({ id: "", email: `other-${tag}@example.com`, emailVerified: null })
  await expect(a.createUser({ id: "", email: user.email, emailVerified: null })).rejects.toMatchObject({
    reason: "duplicate",
    message: expect.stringMatching(/email address/),
  })
  expect(await a.getUser(user.id)).toMatchObject({ id: user.id })
  expect(await a.getUserByEmail(user.email)).toMatchObject({ id: user.id })

  const account = { userId: user.id, type: "oauth" as const, provider: "{git}:hub", providerAccountId: `}${tag}{`, access_token: "t" }
  await a.linkAccount(account)
  await expect(a.linkAccount({ ...account, userId: other.id })).rejects.toMatchObject({ reason: "duplicate", message: expect.stringMatching(/already linked/) })
  expect(await a.getUserByAccount(account)).toMatchObject({ id: user.id })
  expect(await a.getAccount(account.providerAccountId, account.provider)).toMatchObject(account)

  // Moving the email: the new entry is claimed, the old one released; then a
  // move to a taken email is refused and undone.
  await a.updateUser({ id: user.id, email: `moved:{${tag}}@example.com`, name: "Ada" })
  expect(await a.getUserByEmail(`moved:{${tag}}@example.com`)).toMatchObject({ id: user.id })
  await expect(a.updateUser({ id: user.id, email: other.email })).rejects.toMatchObject({
    reason: "duplicate",
    message: expect.stringMatching(/email address/),
  })
  // A user created with the email the first one gave up takes over its (released) entry.
  const third = await a.createUser({ id: "", email: `{odd}:${tag}@example.com`, emailVerified: null })

  const sessionToken = `{session}:${tag}`
  await a.createSession({ sessionToken, userId: user.id, expires: later() })
  expect(await a.getSessionAndUser(sessionToken)).toMatchObject({ user: { id: user.id } })
  await a.updateSession({ sessionToken, expires: later() })
  await a.createSession({ sessionToken: `${sessionToken}:2`, userId: user.id, expires: later() })
  expect(await a.deleteSession(sessionToken)).toMatchObject({ sessionToken })

  const token = { identifier: `{id}:${tag}`, token: `{tok}:${tag}`, expires: later() }
  await a.createVerificationToken(token)
  expect(await a.useVerificationToken(token)).toEqual(token)

  const credentialID = `{cred}:${tag}`
  await a.createAuthenticator({
    userId: user.id,
    credentialID,
    providerAccountId: credentialID,
    credentialPublicKey: "key",
    counter: 1,
    credentialDeviceType: "singleDevice",
    credentialBackedUp: false,
  })
  await expect(
    a.createAuthenticator({
      userId: other.id,
      credentialID,
      providerAccountId: credentialID,
      credentialPublicKey: "key",
      counter: 1,
      credentialDeviceType: "singleDevice",
      credentialBackedUp: false,
    }),
  ).rejects.toMatchObject({ reason: "duplicate", message: expect.stringMatching(/already registered/) })
  expect(await a.getAuthenticator(credentialID)).toMatchObject({ userId: user.id, counter: 1 })
  expect(await a.updateAuthenticatorCounter(credentialID, 5)).toMatchObject({ counter: 5 })
  expect(await a.listAuthenticatorsByUserId(user.id)).toHaveLength(1)

  expect(await a.unlinkAccount(account)).toMatchObject(account)
  expect(await a.deleteUser(user.id)).toMatchObject({ id: user.id })
  expect(await a.getSessionAndUser(`${sessionToken}:2`)).toBeNull()
  await a.deleteUser(other.id)
  await a.deleteUser(third.id)
}
