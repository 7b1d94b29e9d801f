import { z } from 'zod';
import { AddressSchema } from '../../address/address-schema';

/**
 * Field schemas shared by the transaction kinds' requests. Amounts travel as decimal strings of
 * base units into main (IPC carries no bigint) and come out of the schema as bigint.
 */
const INT64_MAX = 2n ** 63n - 1n;
const UINT256_MAX = 2n ** 256n - 1n;

/** A whole number of sun (or of a TRC10 token's base units) as decimal text; bigint in main. */
export const SunTextSchema = z
  .string({ error: 'must be a decimal number of sun' })
  .regex(/^\d{1,19}$/, 'must be a whole number of sun, written with digits only')
  .transform((text) => BigInt(text))
  .refine((value) => value <= INT64_MAX, 'is larger than a 64-bit amount');

/** A TRC20 amount in the token's base units (uint256). */
export const TokenUnitsTextSchema = z
  .string({ error: 'must be a decimal number' })
  .regex(/^\d{1,78}$/, 'must be a whole number of token units, written with digits only')
  .transform((text) => BigInt(text))
  .refine((value) => value <= UINT256_MAX, 'is larger than a uint256');

export const PositiveSunSchema = SunTextSchema.refine((value) => value > 0n, 'must be more than 0');

export const ResourceSchema = z.enum(['BANDWIDTH', 'ENERGY'], { error: 'must be BANDWIDTH or ENERGY' });
export const PercentSchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 to 100')
  .max(100, 'must be 0 to 100');
export const TokenIdSchema = z
  .string({ error: 'must be text' })
  .regex(/^[1-9]\d{0,18}$/, 'must be a TRC10 token id such as 1000001');
/** One hour of blocks = 1200; the chain's getMaxDelegateLockPeriod bounds it further. */
export const LockPeriodSchema = z
  .string({ error: 'must be a number of blocks' })
  .regex(/^\d{1,12}$/, 'must be a whole number of blocks')
  .transform((t) => BigInt(t));
const MemoSchema = z.string({ error: 'must be text' }).max(4096, 'is too long');
/** Signing window from the head block's time; the chain refuses more than 24 h. */
export const ExpirationSchema = z
  .number({ error: 'must be a number of milliseconds' })
  .int('must be a whole number of milliseconds')
  .min(10_000, 'must be at least 10 seconds')
  .max(86_400_000, 'must be at most 24 hours');
const PermissionIdSchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(2 ** 31 - 1, 'is too large');
/** fee_limit: the chain refuses more than getMaxFeeLimit (15,000 TRX on mainnet). */
export const FeeLimitTextSchema = SunTextSchema.refine(
  (value) => value <= 15_000_000_000n,
  'must be at most 15,000 TRX (15,000,000,000 sun)',
);
/** ABI JSON text: an array of entries, `{ "entrys": [...] }` or a compiler artifact with `abi`. */
export const AbiTextSchema = z
  .string({ error: 'must be text' })
  .min(2, 'must be ABI JSON')
  .max(1_000_000, 'is too long');
export const HexSchema = z
  .string({ error: 'must be hex' })
  .max(1_100_000, 'is too long')
  .regex(/^(0x)?([0-9a-fA-F]{2})*$/, 'must be hex digits (an even number of them)');
/** Typed arguments for a function or constructor: the form's JSON values (decimal strings for integers). */
export const AbiArgsSchema = z.array(z.json(), { error: 'must be a list of values' }).max(64, 'has too many arguments');
export const FunctionSchema = z
  .string({ error: 'must be text' })
  .min(1, 'must name a function')
  .max(1024, 'is too long');

/** Fields every request carries, whatever its kind. */
export const COMMON_FIELDS = {
  owner: AddressSchema,
  /** raw_data.data; burns the memo fee. */
  memo: MemoSchema.optional(),
  expirationMs: ExpirationSchema.optional(),
  /** Overrides the automatic choice of permission. */
  permissionId: PermissionIdSchema.optional(),
};

export { AddressSchema };

/** A kind's request: its literal `kind`, the common fields and its own, and nothing else. */
export function requestSchema<K extends string, F extends z.ZodRawShape>(kind: K, fields: F) {
  return z.strictObject({ kind: z.literal(kind), ...COMMON_FIELDS, ...fields });
}
