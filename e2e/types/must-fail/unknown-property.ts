// expect: TS2339
// Harness control: reading a property that no type declares.
import type { Session } from "@auth/core/types"

export const expiry = (session: Session) => session.user?.roles
