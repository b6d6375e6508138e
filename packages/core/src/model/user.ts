/**
 * Users: as a provider describes them, as the callbacks see them, and as an
 * adapter stores them (docs/adapters/writing-an-adapter.md).
 */

/** User information from an identity provider: the OpenID standard claims. */
export interface Profile {
  id?: string | null
  sub?: string | null
  name?: string | null
  given_name?: string | null
  family_name?: string | null
  middle_name?: string | null
  nickname?: string | null
  preferred_username?: string | null
  profile?: string | null
  picture?: any
  website?: string | null
  email?: string | null
  email_verified?: boolean | null
  gender?: string | null
  birthdate?: string | null
  zoneinfo?: string | null
  locale?: string | null
  phone_number?: string | null
  updated_at?: Date | string | number | null
  address?: {
    formatted?: string | null
    street_address?: string | null
    locality?: string | null
    region?: string | null
    postal_code?: string | null
    country?: string | null
  } | null
  [claim: string]: unknown
}

/** The fields of a user Latchkey itself reads and writes. */
export interface DefaultUser {
  id?: string
  name?: string | null
  email?: string | null
  image?: string | null
}

/**
 * The user shape returned by a provider's `profile()` or `authorize()` and
 * seen by the callbacks. Extend it by module augmentation of
 * `"@latchkey/core/types"` (docs/migration.md).
 */
export interface User extends DefaultUser {}

/** A user as stored by an adapter. */
export interface AdapterUser extends User {
  /** Unique identifier. */
  id: string
  email: string
  /** `null` until the first successful email sign-in; then that date. */
  emailVerified: Date | null
}
