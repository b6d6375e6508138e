/**
 * When two sessions are "the same" to a page: equal as JSON values, ignoring
 * the top-level `expires`, which a rolling session moves forward on every
 * request. A focus refetch that only moved `expires` therefore changes
 * nothing the page renders.
 */
import type { Session } from "./types.js"

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  return keysA.every((key) => Object.hasOwn(b, key) && jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}

/** Whether `a` and `b` are the same session (or both signed out), `expires` aside. */
export function sameSession(a: Session | null | undefined, b: Session | null | undefined): boolean {
  if (a === b) return true
  if (!a || !b) return false
  const { expires: _a, ...restA } = a
  const { expires: _b, ...restB } = b
  return jsonEqual(restA, restB)
}
