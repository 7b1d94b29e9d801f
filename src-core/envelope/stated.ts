import { z } from 'zod';

/**
 * What the proposer's wallet knew when it proposed: token symbols and decimals, and names for the
 * addresses the transaction and its permission mention. It is information, not authority: the
 * fingerprint, the txID and the summary never cover it, and readers show it marked as stated by
 * the proposer. Because anyone can write it, its size is bounded and its text kept to what a
 * label needs — no control or formatting characters, nothing a spreadsheet would run as a formula.
 */
export const STATED_LIMITS = {
  tokens: 16,
  names: 64,
  symbolLength: 16,
  nameLength: 64,
  decimals: 36,
} as const;

const hexAddress = z.string().regex(/^41[0-9a-fA-F]{40}$/, 'must be a 41… hex address');

// Letters, digits and the few marks symbols use; a leading letter or digit so no formula prefix.
const symbol = z
  .string()
  .max(STATED_LIMITS.symbolLength, `must be at most ${STATED_LIMITS.symbolLength} characters`)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._$-]*$/u, 'must be letters and digits (with . _ $ - and spaces inside)');

// \p{C}: control, format (bidi overrides, zero-width), unassigned and private-use characters.
const name = z
  .string()
  .min(1, 'must not be empty')
  .max(STATED_LIMITS.nameLength, `must be at most ${STATED_LIMITS.nameLength} characters`)
  .refine((text) => !/\p{C}/u.test(text), 'must not hold control or formatting characters')
  .refine((text) => text.trim() === text, 'must not start or end with spaces')
  .refine((text) => !/^[=+\-@]/.test(text), 'must not start with = + - or @');

const decimals = z.number().int().min(0).max(STATED_LIMITS.decimals);

const token = z.discriminatedUnion('asset', [
  z.strictObject({ asset: z.literal('TRC20'), contract: hexAddress, symbol, decimals }),
  z.strictObject({
    asset: z.literal('TRC10'),
    tokenId: z.string().regex(/^[1-9]\d{0,18}$/, 'must be a token id'),
    symbol,
    decimals,
  }),
]);

export const statedSchema = z
  .strictObject({
    tokens: z.array(token).max(STATED_LIMITS.tokens).optional(),
    names: z
      .array(z.strictObject({ address: hexAddress, name }))
      .max(STATED_LIMITS.names)
      .optional(),
  })
  .refine((s) => unique((s.tokens ?? []).map(tokenKey)), { message: 'states one token twice', path: ['tokens'] })
  .refine((s) => unique((s.names ?? []).map((n) => n.address.toLowerCase())), {
    message: 'names one address twice',
    path: ['names'],
  });

export type StatedToken = z.infer<typeof token>;
export type StatedName = { readonly address: string; readonly name: string };
export interface StatedFacts {
  readonly tokens?: readonly StatedToken[];
  readonly names?: readonly StatedName[];
}

function unique(keys: readonly string[]): boolean {
  return new Set(keys).size === keys.length;
}

function tokenKey(t: StatedToken): string {
  return t.asset === 'TRC20' ? t.contract.toLowerCase() : `trc10:${t.tokenId}`;
}

const byKey =
  <T>(key: (v: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/** The section in canonical form (lowercase hex, entries sorted), or undefined when it states nothing. */
export function normalizeStated(stated: StatedFacts | undefined): StatedFacts | undefined {
  if (!stated) return undefined;
  const tokens = (stated.tokens ?? [])
    .map((t) => (t.asset === 'TRC20' ? { ...t, contract: t.contract.toLowerCase() } : { ...t }))
    .sort(byKey(tokenKey));
  const names = (stated.names ?? [])
    .map((n) => ({ address: n.address.toLowerCase(), name: n.name }))
    .sort(byKey((n) => n.address));
  if (tokens.length === 0 && names.length === 0) return undefined;
  return { ...(tokens.length ? { tokens } : {}), ...(names.length ? { names } : {}) };
}

/** Whether one entry would pass the checks a reader makes (a writer leaves out those that would not). */
export function statedTokenFits(t: StatedToken): boolean {
  return token.safeParse(t).success;
}

export function statedNameFits(n: StatedName): boolean {
  return z.strictObject({ address: hexAddress, name }).safeParse(n).success;
}
