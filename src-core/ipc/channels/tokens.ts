import { z } from 'zod';
import { defineChannels } from '../define';
import { AddressSchema } from '../common';

/**
 * Tokens: the TRC20 contracts the person watches on this network (name, symbol and decimals read
 * from the contract), their balances for the vault's accounts, and TRC10 token facts.
 */

export const Trc20TokenSchema = z.object({
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int().min(0).max(255),
});
export type Trc20Token = z.infer<typeof Trc20TokenSchema>;

export const Trc10TokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  abbr: z.string(),
  precision: z.number().int().min(0).max(6),
});
export type Trc10Token = z.infer<typeof Trc10TokenSchema>;

export const TokenBalancesSchema = z.object({
  tokens: z.array(Trc20TokenSchema),
  /** One entry per vault account and watched token; `balance` null when the read failed (`error`). */
  balances: z.array(
    z.object({ account: z.string(), token: z.string(), balance: z.bigint().nullable(), error: z.string().optional() }),
  ),
});
export type TokenBalances = z.infer<typeof TokenBalancesSchema>;

const TokenAddressInput = z.strictObject({ address: AddressSchema });

export const tokensChannels = defineChannels('tokens', {
  list: {
    summary: 'The watched TRC20 tokens of the current network.',
    input: z.undefined({ error: 'takes no argument' }),
    output: z.array(Trc20TokenSchema),
  },
  inspect: {
    summary: "Reads a TRC20 contract's name, symbol and decimals without watching it.",
    input: TokenAddressInput,
    output: Trc20TokenSchema,
  },
  watch: {
    summary: 'Starts showing a TRC20 token: reads name, symbol and decimals from the contract.',
    input: TokenAddressInput,
    output: Trc20TokenSchema,
  },
  unwatch: {
    summary: 'Stops showing a TRC20 token.',
    input: TokenAddressInput,
    output: z.object({ address: z.string() }),
  },
  balances: {
    summary: 'Balances of the watched TRC20 tokens for every vault account.',
    input: z.undefined({ error: 'takes no argument' }),
    output: TokenBalancesSchema,
  },
  trc10: {
    summary: 'Name, abbreviation and precision of a TRC10 token.',
    input: z.strictObject({
      tokenId: z.string({ error: 'must be text' }).regex(/^[1-9]\d{0,18}$/, 'must be a TRC10 token id such as 1000001'),
    }),
    output: Trc10TokenSchema,
  },
});
