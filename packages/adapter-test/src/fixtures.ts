/**
 * Fresh records for each test. Every test writes its own user, account,
 * session, token and authenticator under random keys, so tests do not depend
 * on each other's order and can be skipped one by one.
 *
 * Dates carry milliseconds (not rounded to the second) so that a column that
 * loses precision is caught.
 *
 * @module fixtures
 */
import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "@latchkey/core/adapters"

/** A random identifier (UUID v4) from the platform's CSPRNG. */
export function randomId(): string {
  return crypto.randomUUID()
}

/** A date `offsetMs` from now, milliseconds kept. */
export function dateFromNow(offsetMs: number): Date {
  return new Date(Date.now() + offsetMs)
}

const DAY = 24 * 60 * 60 * 1000

/** A user as core hands it to `createUser` (with an id the adapter may replace). */
export function newUser(overrides: Partial<AdapterUser> = {}): AdapterUser {
  const key = randomId()
  return {
    id: randomId(),
    name: `User ${key.slice(0, 8)}`,
    email: `user-${key}@example.com`,
    image: `https://example.com/avatars/${key}.png`,
    emailVerified: new Date(Date.now() - 123_456),
    ...overrides,
  }
}

/**
 * A user as core hands it to `createUser` after a sign-in whose provider
 * returned no email address (X over OAuth 2.0 never does): `email` is
 * `null`. `AdapterUser` types `email` as a string, as `@auth/core` does;
 * the value core passes is `null` all the same.
 */
export function newUserWithoutEmail(overrides: Partial<AdapterUser> = {}): AdapterUser {
  return newUser({ email: null as unknown as string, emailVerified: null, ...overrides })
}

/** An OAuth account of `userId`, with every token column of the schema filled. */
export function newAccount(userId: string, overrides: Partial<AdapterAccount> = {}): AdapterAccount {
  const key = randomId()
  return {
    userId,
    type: "oauth",
    provider: "github",
    providerAccountId: `acct-${key}`,
    refresh_token: `refresh-${key}`,
    access_token: `access-${key}`,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: "bearer",
    scope: "read:user user:email",
    id_token: `header.${key}.signature`,
    session_state: `state-${key}`,
    ...overrides,
  }
}

/** A session of `userId` that expires in 30 days. */
export function newSession(userId: string, overrides: Partial<AdapterSession> = {}): AdapterSession {
  return { sessionToken: `session-${randomId()}`, userId, expires: dateFromNow(30 * DAY), ...overrides }
}

/** An email sign-in token that expires in a day. */
export function newVerificationToken(overrides: Partial<VerificationToken> = {}): VerificationToken {
  const key = randomId()
  return { identifier: `user-${key}@example.com`, token: `token-${key}`, expires: dateFromNow(DAY), ...overrides }
}

/** A passkey of `userId` (`providerAccountId` is the credential id, as core stores it). */
export function newAuthenticator(userId: string, overrides: Partial<AdapterAuthenticator> = {}): AdapterAuthenticator {
  const credentialID = Buffer.from(randomId()).toString("base64url")
  return {
    userId,
    credentialID,
    providerAccountId: credentialID,
    credentialPublicKey: Buffer.from(`public-key-${randomId()}`).toString("base64"),
    counter: 0,
    credentialDeviceType: "singleDevice",
    credentialBackedUp: false,
    transports: "internal,hybrid",
    ...overrides,
  }
}
