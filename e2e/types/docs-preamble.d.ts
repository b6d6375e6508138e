/**
 * Placeholders for the application code that documentation examples call
 * ("your code": a user lookup, a password check, a database, a logger) and
 * for values an example takes as given (the incoming `request`). Every code
 * block of README.md, docs/ and packages/*\/README.md is type-checked with
 * these in scope; a block that declares the same name itself uses its own.
 *
 * Keep each declaration as loose as the examples need and no looser: an
 * example that misuses a Latchkey API must still fail to compile.
 */

/** A user row of "your database". */
interface ExampleUser {
  id: string
  name: string
  email: string
  passwordHash: string
  role: "admin" | "member"
}

/** The request a handler is answering. */
declare const request: Request
/** Your configuration, where an example only passes it on. */
declare const config: import("@latchkey/core").AuthConfig
/** Your providers, where an example shows other options. */
declare const providers: import("@latchkey/core").AuthConfig["providers"]

/** Your user lookup. */
declare function findUserByEmail(email: string): Promise<ExampleUser | null>
/** Your password check (argon2id or scrypt). */
declare function verifyPassword(hash: string | undefined, password: string): Promise<boolean>
/** Your combined lookup and check: the user, or null. */
declare function checkPassword(username: unknown, password: unknown): Promise<{ id: string; name: string; email: string } | null>
/** Your data layer. */
declare const db: {
  users: {
    findByEmail(email: string): Promise<ExampleUser | null>
  }
}
/** Your rate limiter. */
declare const limiter: {
  allow(key: string): Promise<boolean>
  isBlocked(key: string): Promise<boolean>
}
/** Your key for rate limiting a request (an IP address, an account). */
declare function clientKey(request: Request): string
/** Your structured logger. */
declare const myLog: {
  error(entry: unknown): void
  warn(message: string): void
  debug(message: string, metadata?: unknown): void
}

/** `argon2` (npm) is an example dependency, not one of this repository's. */
declare module "argon2" {
  const argon2: {
    argon2id: 2
    hash(password: string, options?: { type?: 0 | 1 | 2; memoryCost?: number; timeCost?: number; parallelism?: number }): Promise<string>
    verify(hash: string, password: string): Promise<boolean>
  }
  export default argon2
}

/** `@auth/prisma-adapter` (npm) is an example dependency, not one of this repository's. */
declare module "@auth/prisma-adapter" {
  export function PrismaAdapter(prisma: unknown): import("@latchkey/core/adapters").Adapter
}
