import { z } from 'zod';
import { AddressSchema } from '../address/address-schema';

/** Schemas shared by several domains. Error texts are shown to people: keep them plain. */

export const NetworkSchema = z.enum(['mainnet', 'nile', 'shasta'], {
  error: 'must be one of mainnet, nile or shasta',
});
export type Network = z.infer<typeof NetworkSchema>;

export const TxIdSchema = z
  .string({ error: 'must be a text value' })
  .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a transaction id of 64 hex characters')
  .transform((text) => text.replace(/^0x/, '').toLowerCase());

export { AddressSchema };

export const BlockNumberSchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .nonnegative('must not be negative')
  .max(Number.MAX_SAFE_INTEGER, 'is too large');

export const BlockIdSchema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a block id of 64 lowercase hex characters');
