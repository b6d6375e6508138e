/**
 * Compares two strings in time that depends only on their length, so an
 * attacker timing CSRF-hash checks learns nothing about the expected value.
 */
export function timingSafeEqualStrings(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}
