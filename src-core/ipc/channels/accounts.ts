import { z } from 'zod';
import { defineChannels, defineEvents } from '../define';
import { BlockNumberSchema } from '../common';
import { VaultAccountSchema } from './vault';

/**
 * Vault accounts (watch-only included) with what the current network says about them: balance,
 * bandwidth and energy, permissions. Read through the node client; never any key material.
 */

export const PermissionViewSchema = z.object({
  type: z.enum(['Owner', 'Witness', 'Active']),
  id: z.number().int().nonnegative(),
  name: z.string(),
  threshold: z.bigint(),
  /** 64 hex digits for Active permissions, empty otherwise. */
  operations: z.string(),
  keys: z.array(z.object({ address: z.string(), weight: z.bigint() })),
});
export type PermissionView = z.infer<typeof PermissionViewSchema>;

export const ChainAccountSchema = z.object({
  /** False until the address has received TRX on this network. */
  exists: z.boolean(),
  balanceSun: z.bigint(),
  bandwidth: z.object({
    freeUsed: z.number().int().nonnegative(),
    freeLimit: z.number().int().nonnegative(),
    used: z.number().int().nonnegative(),
    limit: z.number().int().nonnegative(),
  }),
  energy: z.object({ used: z.number().int().nonnegative(), limit: z.number().int().nonnegative() }),
  /** TRX staked (Stake 2.0) per resource, TRX waiting to unstake, and what can be withdrawn now. */
  staked: z
    .object({
      bandwidthSun: z.bigint(),
      energySun: z.bigint(),
      unfreezingSun: z.bigint(),
      withdrawableSun: z.bigint(),
      delegatedOutSun: z.bigint(),
    })
    .optional(),
  /** TRC10 balances in the token's base units. */
  trc10: z.array(z.object({ tokenId: z.string(), amount: z.bigint() })).optional(),
  owner: PermissionViewSchema,
  witness: PermissionViewSchema.nullable(),
  actives: z.array(PermissionViewSchema),
});
export type ChainAccount = z.infer<typeof ChainAccountSchema>;

export const AccountViewSchema = VaultAccountSchema.extend({
  /** null until read, or when the network could not be reached (`error` says why). */
  chain: ChainAccountSchema.nullable(),
  error: z.string().optional(),
});
export type AccountView = z.infer<typeof AccountViewSchema>;

export const AccountsSnapshotSchema = z.object({
  /** Key of the network the figures come from. */
  network: z.string(),
  /** Head block the figures were read at, when known. */
  headBlock: BlockNumberSchema.optional(),
  /** Milliseconds since the epoch of the last complete read; null before the first. */
  updatedAt: z.number().int().nonnegative().nullable(),
  accounts: z.array(AccountViewSchema),
});
export type AccountsSnapshot = z.infer<typeof AccountsSnapshotSchema>;

export const accountsChannels = defineChannels('accounts', {
  list: {
    summary: 'The accounts with the latest balances and resources read from the current network.',
    input: z.undefined({ error: 'takes no argument' }),
    output: AccountsSnapshotSchema,
  },
  refresh: {
    summary: 'Reads every account from the network now.',
    input: z.undefined({ error: 'takes no argument' }),
    output: AccountsSnapshotSchema,
  },
});

export const accountsEvents = defineEvents('accounts', {
  updated: { summary: 'Balances, resources or the account list changed.', payload: AccountsSnapshotSchema },
});
