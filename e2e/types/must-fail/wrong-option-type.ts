// expect: TS2322
// Harness control: this must NOT compile, or the checker is not checking.
import type { AuthConfig } from "@auth/core"

export const config: AuthConfig = { providers: [], session: { maxAge: "30d" } }
