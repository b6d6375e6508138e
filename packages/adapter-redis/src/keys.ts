/**
 * The key layout of the Redis adapter, built so that it runs unchanged on
 * Redis Cluster: every command that names several keys names keys of one
 * user, and those all carry the same hash tag `{u:<user id>}`, so Redis
 * Cluster maps them to one slot (Redis Cluster specification, "Hash tags").
 * Lookups by email, account, session token, credential and verification
 * token are single keys that live wherever their own name hashes to.
 *
 * ```text
 * <prefix>{u:<id>}:user            hash    one field per user property
 * <prefix>{u:<id>}:accounts        hash    <provider>:<providerAccountId> → account
 * <prefix>{u:<id>}:sessions        zset    session tokens, scored by expiry (ms)
 * <prefix>{u:<id>}:authenticators  hash    credential ID → authenticator (without counter)
 * <prefix>{u:<id>}:counters        hash    credential ID → signature counter
 * <prefix>email:<email>                    string  → user id
 * <prefix>account:<provider>:<providerAccountId>  string  → user id
 * <prefix>authenticator:<credential ID>    string  → user id
 * <prefix>session:<session token>          hash    the session, expiring with it
 * <prefix>psid:<provider>:<sid>            set     session tokens of an OpenID Provider session (federated sign-out)
 * <prefix>psub:<provider>:<sub>            set     session tokens of an OpenID Provider subject (federated sign-out)
 * <prefix>verification:<identifier>:<token>  string  the token, expiring with it
 * ```
 *
 * @module keys
 */

/** The default key prefix. */
export const DEFAULT_PREFIX = "latchkey:"

// `%` (the escape character), the hash-tag braces, the separator, control
// characters, and UTF-16 halves without their partner (which UTF-8 cannot
// carry: two different lone halves would otherwise reach Redis as the same
// U+FFFD bytes and name the same key).
const UNSAFE = /[%{}:\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * Escapes one component of a key: every unsafe UTF-16 code unit becomes `%`
 * and four hex digits. Injective (two different strings never share an
 * escape), and the result holds neither `{`, `}` nor `:`, so a value cannot
 * open a hash tag or pose as a second component.
 */
export function escapeKeyPart(value: string): string {
  return value.replace(UNSAFE, (unit) => `%${unit.charCodeAt(0).toString(16).padStart(4, "0")}`)
}

/** The names of every key the adapter reads or writes, for one prefix. */
export interface KeyLayout {
  /** The prefix every key starts with. */
  readonly prefix: string
  /** The user's properties (hash). */
  user(userId: string): string
  /** The user's accounts (hash keyed by {@link KeyLayout.accountField}). */
  accounts(userId: string): string
  /** The tokens of the user's sessions, scored by expiry (sorted set). */
  sessions(userId: string): string
  /** The user's authenticators without their counters (hash keyed by credential ID). */
  authenticators(userId: string): string
  /** The signature counters of the user's authenticators (hash keyed by credential ID). */
  counters(userId: string): string
  /** Email → user id. */
  email(email: string): string
  /** The field of one account in the user's accounts hash. */
  accountField(provider: string, providerAccountId: string): string
  /** Account (as its {@link KeyLayout.accountField}) → user id. */
  account(field: string): string
  /** The field of one authenticator in the user's authenticators and counters hashes. */
  credentialField(credentialID: string): string
  /** Credential (as its {@link KeyLayout.credentialField}) → user id. */
  authenticator(field: string): string
  /** The member of one session in the user's sessions index. */
  sessionMember(sessionToken: string): string
  /** One session (by its {@link KeyLayout.sessionMember}), a hash. */
  session(member: string): string
  /** One verification token (string). */
  verification(identifier: string, token: string): string
  /**
   * The sessions (as {@link KeyLayout.sessionMember}s) that recorded this
   * `providerSessionId` or `providerSubject` (`"<provider>:<value>"`), a set
   * (federated sign-out, `deleteSessionsByProviderSession`).
   */
  providerSessions(kind: "psid" | "psub", value: string): string
}

/**
 * Checks a key prefix: a string without `{` or `}` (a brace in the prefix
 * would become the hash tag of every key and put all of them in one slot).
 *
 * @throws TypeError when the prefix is not such a string.
 */
export function checkPrefix(prefix: unknown): string {
  if (typeof prefix !== "string") throw new TypeError(`RedisAdapter: "prefix" must be a string, got ${typeof prefix}.`)
  if (/[{}]/.test(prefix)) {
    throw new TypeError(
      `RedisAdapter: "prefix" must not contain "{" or "}" (got ${JSON.stringify(prefix)}); the adapter sets the hash tags itself so that Redis Cluster keeps each user's keys in one slot.`,
    )
  }
  return prefix
}

/** The key layout for `prefix` (checked with {@link checkPrefix}). */
export function keyLayout(prefix: string): KeyLayout {
  const p = checkPrefix(prefix)
  const tag = (userId: string) => `${p}{u:${escapeKeyPart(userId)}}`
  return {
    prefix: p,
    user: (userId) => `${tag(userId)}:user`,
    accounts: (userId) => `${tag(userId)}:accounts`,
    sessions: (userId) => `${tag(userId)}:sessions`,
    authenticators: (userId) => `${tag(userId)}:authenticators`,
    counters: (userId) => `${tag(userId)}:counters`,
    email: (email) => `${p}email:${escapeKeyPart(email)}`,
    accountField: (provider, providerAccountId) => `${escapeKeyPart(provider)}:${escapeKeyPart(providerAccountId)}`,
    account: (field) => `${p}account:${field}`,
    credentialField: (credentialID) => escapeKeyPart(credentialID),
    authenticator: (field) => `${p}authenticator:${field}`,
    sessionMember: (sessionToken) => escapeKeyPart(sessionToken),
    session: (member) => `${p}session:${member}`,
    verification: (identifier, token) => `${p}verification:${escapeKeyPart(identifier)}:${escapeKeyPart(token)}`,
    providerSessions: (kind, value) => `${p}${kind}:${escapeKeyPart(value)}`,
  }
}
