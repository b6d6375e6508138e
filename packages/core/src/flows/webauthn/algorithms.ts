/**
 * The public-key algorithms a passkey may be registered with.
 *
 * SimpleWebAuthn 14 offers ML-DSA-44 (COSE -48) first wherever the runtime's
 * WebCrypto can verify it (Node ≥ 24.7), and three classic algorithms
 * elsewhere. Following that default would make the runtime an app happens to
 * run on decide which keys its users' authenticators create: a passkey made
 * with ML-DSA-44 on Node 24 could not be verified after a move to Node 20 or
 * 22, Bun or Deno, nor by `@auth/core`. So registration offers, and its
 * verification accepts, the list `@auth/core` offers (SimpleWebAuthn 9's
 * default) on every runtime, unless the provider's `registrationOptions`
 * names its own `supportedAlgorithmIDs`.
 */

/** EdDSA (-8), ES256 (-7), RS256 (-257): COSE algorithm identifiers (RFC 9053 §2, RFC 8812 §2). */
export const PORTABLE_ALGORITHM_IDS: readonly number[] = Object.freeze([-8, -7, -257])

/** The algorithm list of a WebAuthn provider's registrations: its `registrationOptions.supportedAlgorithmIDs`, else {@link PORTABLE_ALGORITHM_IDS}. */
export function registrationAlgorithms(registrationOptions: Record<string, unknown> | undefined): number[] {
  const chosen = registrationOptions?.supportedAlgorithmIDs
  return Array.isArray(chosen) ? [...(chosen as number[])] : [...PORTABLE_ALGORITHM_IDS]
}
