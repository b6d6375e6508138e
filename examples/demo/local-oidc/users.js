// The people who can sign in at the Local OIDC provider. Fixed demo data: no
// passwords, each one signs in with one click on the login page. Their
// addresses use the reserved .test domain (RFC 6761), so no mail can reach a
// real person.

/**
 * The demo users, in the order the login page lists them. Each is the set of
 * OpenID Connect standard claims (OpenID Connect Core 1.0 §5.1) the provider
 * releases for it; `email_verified` is true for all of them, so Latchkey
 * counts their addresses as verified.
 */
export const DEMO_USERS = Object.freeze(
  [
    { sub: "ada", name: "Ada Lovelace", given_name: "Ada", family_name: "Lovelace", email: "ada@example.test" },
    { sub: "grace", name: "Grace Hopper", given_name: "Grace", family_name: "Hopper", email: "grace@example.test" },
    { sub: "alan", name: "Alan Turing", given_name: "Alan", family_name: "Turing", email: "alan@example.test" },
  ].map((user) => Object.freeze({ ...user, preferred_username: user.sub, email_verified: true })),
)

/** The demo user with this `sub`, or undefined. */
export function demoUser(sub) {
  return DEMO_USERS.find((user) => user.sub === sub)
}

/**
 * oidc-provider's `findAccount`: the account for `sub`, whose claims are the
 * demo user's (oidc-provider filters them by the granted scopes).
 */
export async function findDemoAccount(_ctx, sub) {
  const user = demoUser(sub)
  if (user === undefined) return undefined
  return { accountId: user.sub, claims: async () => ({ ...user }) }
}
