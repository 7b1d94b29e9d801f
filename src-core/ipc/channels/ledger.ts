import { z } from 'zod';
import { defineChannels } from '../define';
import { LedgerPathSchemeSchema, VaultAccountSchema } from './vault';

/**
 * Ledger accounts over IPC. USB stays in main: the renderer names a path scheme and indexes, main
 * reads addresses from the device and balances from its own node, and adds only addresses it read
 * itself. Nothing here carries a key.
 */

/** At most this many addresses are read from the device per request. */
export const LEDGER_LIST_MAX = 20;

const IndexSchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(2 ** 31 - 1, 'is too large');

export const LedgerSupportSchema = z.discriminatedUnion('available', [
  z.object({ available: z.literal(true) }),
  /** `reason`: why USB HID cannot be used (node-hid missing or not loadable), in a sentence. */
  z.object({ available: z.literal(false), reason: z.string() }),
]);
export type LedgerSupportView = z.infer<typeof LedgerSupportSchema>;

export const LedgerAddressRowSchema = z.object({
  index: z.number().int().nonnegative(),
  path: z.string(),
  address: z.string(),
  /** null: the account does not exist on this network yet. */
  balanceSun: z.bigint().nullable(),
  /** The vault already has this address (as any kind of account). */
  added: z.boolean(),
});
export type LedgerAddressRow = z.infer<typeof LedgerAddressRowSchema>;

export const ledgerChannels = defineChannels('ledger', {
  support: {
    summary: 'Whether Ledger devices can be used on this system, and why not (the USB HID module).',
    input: z.undefined({ error: 'takes no argument' }),
    output: LedgerSupportSchema,
  },
  listAddresses: {
    summary: "Reads addresses from the connected Ledger's Tron app, with balances from this wallet's node.",
    input: z.strictObject({
      scheme: LedgerPathSchemeSchema,
      from: IndexSchema,
      count: z
        .number({ error: 'must be a number' })
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(LEDGER_LIST_MAX, `must be at most ${LEDGER_LIST_MAX}`),
    }),
    output: z.array(LedgerAddressRowSchema),
  },
  verifyAddress: {
    summary: 'Shows an address on the Ledger screen; resolves once the person confirms it there.',
    input: z.strictObject({ scheme: LedgerPathSchemeSchema, index: IndexSchema }),
    output: z.object({ path: z.string(), address: z.string(), confirmed: z.literal(true) }),
  },
  addAccounts: {
    summary: 'Adds Ledger accounts to the vault by path; main reads each address from the device itself.',
    input: z.strictObject({
      scheme: LedgerPathSchemeSchema,
      indexes: z.array(IndexSchema).min(1, 'choose at least one address').max(LEDGER_LIST_MAX),
      label: z.string({ error: 'must be text' }).max(200, 'is too long').optional(),
    }),
    output: z.array(VaultAccountSchema),
  },
});
