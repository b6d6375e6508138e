/**
 * What a finished sign-in hands to the session it starts (account/issue-session.ts).
 *
 * @module account/session-grant
 */
import type { AdapterUser } from "../adapters/contract.js"
import type { Account, Profile, User } from "../types.js"
import type { CurrentUser } from "./current-user.js"

/** What the new session is for. */
export interface SessionGrant {
  user: User | AdapterUser
  account: Account
  profile?: Profile
  /** Undefined for credentials (as `@auth/core`: the `jwt` callback then gets `isNewUser: false`). */
  isNewUser?: boolean
  /** The signed-in user before this sign-in, if any. */
  current?: CurrentUser
  /** The current session stays (the user linked an account to themselves). */
  sameSession?: boolean
}
