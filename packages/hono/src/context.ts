/**
 * What {@link initAuthConfig} leaves on a Hono context for the other helpers:
 * the origin options, under a key of its own (the user's `authConfig` stays
 * exactly what their handler returned, as with `@hono/auth-js`).
 */
import type { Context } from "hono"
import type { HonoAuthOptions } from "./types.js"

/** The context variable holding the options; not part of the public variable map. */
const OPTIONS_VARIABLE = "latchkey.hono.options"

/** Records `options` for the rest of the request. */
export function setAuthOptions(c: Context, options: HonoAuthOptions): void {
  ;(c.set as (key: string, value: unknown) => void)(OPTIONS_VARIABLE, options)
}

/** The options recorded by {@link setAuthOptions}, or none. */
export function authOptionsOf(c: Context): HonoAuthOptions {
  return ((c.get as (key: string) => unknown)(OPTIONS_VARIABLE) as HonoAuthOptions | undefined) ?? {}
}
