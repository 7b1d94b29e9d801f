/**
 * Lenient reads of a node's JSON answers for the policy's counts: a field that is missing or of
 * another shape counts as nothing, since these answers feed a sum and are never echoed back.
 */
export type Json = Record<string, unknown>;

/** The value as an object, or an empty one. */
export const jsonObject = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/** A whole number given as a bigint, a safe integer or decimal digits (a uint256 at most); else 0. */
export function wholeNumber(value: unknown, signed = false): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && (signed ? /^-?\d{1,78}$/ : /^\d{1,78}$/).test(value)) return BigInt(value);
  return 0n;
}
