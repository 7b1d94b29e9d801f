import { z } from 'zod';
import { isValidAddress } from '../address/address';

/**
 * The proof-of-control file. `format` names this shape (a reader refuses any other). Addresses are
 * Base58 so a person can read them; amounts (sun for TRX, base units for tokens) and weights are
 * decimal strings in the file so int64 and uint256 values stay exact, and bigint in memory.
 */
export const CONTROL_FORMAT = 'tron-proof-of-control/1' as const;

/** Long enough for a nonce and a sentence from an auditor; short enough to read on a Ledger's screen in turns. */
export const CHALLENGE_MAX_CHARS = 512;
/** More signatures than any permission has keys (java-tron allows at most 5 keys per permission). */
export const SIGNATURES_MAX = 16;

const Base58Schema = z
  .string({ error: 'must be text' })
  .refine((text) => text.startsWith('T') && isValidAddress(text), 'must be a T… address with a valid checksum');

const UnitsSchema = z
  .union([z.bigint(), z.string().regex(/^(0|[1-9][0-9]{0,77})$/, 'must be a whole number')])
  .transform((value) => (typeof value === 'bigint' ? value : BigInt(value)))
  .refine((value) => value >= 0n, 'must not be negative');

const Hex64Schema = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits');

export const ControlPermissionSchema = z.strictObject({
  /** 0 the owner, 2 and up an active permission; the witness permission (1) signs blocks only. */
  id: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .refine((id) => id !== 1, 'must be 0 (owner) or 2 and up (active); 1 is the witness permission'),
  type: z.enum(['Owner', 'Active']),
  name: z.string().max(64),
  threshold: UnitsSchema,
  /** 64 hex digits on an active permission; absent on the owner. */
  operations: Hex64Schema.optional(),
  keys: z
    .array(z.strictObject({ address: Base58Schema, weight: UnitsSchema }))
    .min(1)
    .max(16),
});

export const ControlBalancesSchema = z.strictObject({
  trx: UnitsSchema,
  /** Every TRC-10 token the account held, by token id. */
  trc10: z
    .array(z.strictObject({ id: z.string().regex(/^[0-9]{1,19}$/, 'must be a TRC-10 token id'), amount: UnitsSchema }))
    .max(1000),
  /** The TRC-20 tokens the maker watched, by contract. */
  trc20: z.array(z.strictObject({ contract: Base58Schema, amount: UnitsSchema })).max(1000),
});

export const ProofOfControlSchema = z.strictObject({
  format: z.literal(CONTROL_FORMAT, { error: `must be "${CONTROL_FORMAT}"` }),
  account: Base58Schema,
  challenge: z
    .string()
    .min(1, 'must not be empty')
    .max(CHALLENGE_MAX_CHARS, `must be at most ${CHALLENGE_MAX_CHARS} characters`),
  /** The block everything below was read at: the head when the proof was started. */
  block: z.strictObject({
    number: z.number().int().min(0),
    id: Hex64Schema,
    /** Block time, ms since the epoch. */
    timestamp: z.number().int().min(0),
  }),
  permission: ControlPermissionSchema,
  balances: ControlBalancesSchema,
  /** r‖s‖v, 65 bytes as 130 lowercase hex digits, one per key that signed. */
  signatures: z.array(z.string().regex(/^[0-9a-f]{130}$/, 'must be 65 bytes as lowercase hex')).max(SIGNATURES_MAX),
});

export type ProofOfControl = z.output<typeof ProofOfControlSchema>;
export type ProofOfControlInput = z.input<typeof ProofOfControlSchema>;
export type ControlPermission = ProofOfControl['permission'];
export type ControlBalances = ProofOfControl['balances'];
