import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isValidAddress, toBase58Address } from '../../../src-core/address/address';

/** Pieces shared by the store schemas. */

export const timeSchema = z.number().int().nonnegative();

/** An amount in sun: a bare JSON integer in the file (bigint when large), a bigint in memory. */
export const sunSchema = z
  .union([z.bigint(), z.number().int()])
  .transform((value) => BigInt(value))
  .pipe(z.bigint().nonnegative());

export const base58AddressSchema = z
  .string()
  .refine((text) => isValidAddress(text) && text.startsWith('T'), 'must be a Base58 TRON address (T…)');

/** Any checked address form → Base58, as stored. */
export function toStoredAddress(text: string): string {
  return toBase58Address(text.trim());
}

export const entryIdSchema = z.string().regex(/^[a-z]{2,8}_[0-9a-f]{16}$/, 'must be an entry id');

export function newEntryId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

/** Opaque JSON kept as given: the stores persist drafts and envelopes; their own modules check the shape. */
export const opaqueJsonSchema = z.json();
