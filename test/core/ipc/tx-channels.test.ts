import { describe, expect, it } from 'vitest';
import { contractsChannels } from '../../../src-core/ipc/channels/contracts';
import { tokensChannels } from '../../../src-core/ipc/channels/tokens';
import {
  CONTRACT_KINDS,
  TX_KINDS,
  TX_KIND_NAMES,
  TxRequestSchema,
  TxStatusSchema,
  txChannels,
} from '../../../src-core/ipc/channels/tx';
import { CONTRACT_TYPE_IDS } from '../../../src-core/tx/contract-types';
import { vectors } from '../../fixtures/vectors';

const [first, second] = Object.values<{ hex: string; base58: string }>(vectors.keys);
const owner = first!.base58;
const to = second!.base58;

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): [string, string][] {
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('tx request schema', () => {
  it('maps every kind to a contract type the chain knows, and marks the three that run code', () => {
    for (const kind of TX_KIND_NAMES) expect(CONTRACT_TYPE_IDS[TX_KINDS[kind]]).toBeTypeOf('number');
    expect(CONTRACT_KINDS).toEqual(['trc20-transfer', 'deploy', 'call']);
  });

  it('takes amounts as decimal strings of sun and hands main a bigint', () => {
    const parsed = TxRequestSchema.parse({ kind: 'trx-transfer', owner, to, amountSun: '9223372036854775807' });
    expect(parsed).toMatchObject({ amountSun: 9_223_372_036_854_775_807n });
  });

  it.each([
    ['1.5', 'amountSun', 'must be a whole number of sun, written with digits only'],
    ['-1', 'amountSun', 'must be a whole number of sun, written with digits only'],
    ['0', 'amountSun', 'must be more than 0'],
    ['9223372036854775808', 'amountSun', 'is larger than a 64-bit amount'],
    ['1e6', 'amountSun', 'must be a whole number of sun, written with digits only'],
  ])('refuses the amount %s', (amountSun, path, message) => {
    expect(issues(TxRequestSchema.safeParse({ kind: 'trx-transfer', owner, to, amountSun }))).toContainEqual([
      path,
      message,
    ]);
  });

  it('refuses a number where a decimal string is expected (no float ever carries an amount)', () => {
    expect(
      issues(TxRequestSchema.safeParse({ kind: 'freeze', owner, amountSun: 1_000_000, resource: 'ENERGY' })),
    ).toContainEqual(['amountSun', 'must be a decimal number of sun']);
  });

  it('refuses a bad checksum in any address field', () => {
    const bad = `${to.slice(0, -1)}${to.endsWith('a') ? 'b' : 'a'}`;
    expect(issues(TxRequestSchema.safeParse({ kind: 'trx-transfer', owner, to: bad, amountSun: '1' }))).toEqual([
      ['to', 'must be a TRON address (T… or 41…) with a valid checksum'],
    ]);
  });

  it('refuses a fee_limit above 15,000 TRX', () => {
    const call = { kind: 'call', owner, contract: to, function: 'ping()', args: [] };
    expect(TxRequestSchema.safeParse({ ...call, feeLimitSun: '15000000000' }).success).toBe(true);
    expect(issues(TxRequestSchema.safeParse({ ...call, feeLimitSun: '15000000001' }))).toEqual([
      ['feeLimitSun', 'must be at most 15,000 TRX (15,000,000,000 sun)'],
    ]);
  });

  it('refuses an expiration window over 24 hours or under 10 seconds', () => {
    const base = { kind: 'withdraw-rewards', owner };
    expect(issues(TxRequestSchema.safeParse({ ...base, expirationMs: 86_400_001 }))).toEqual([
      ['expirationMs', 'must be at most 24 hours'],
    ]);
    expect(issues(TxRequestSchema.safeParse({ ...base, expirationMs: 5_000 }))).toEqual([
      ['expirationMs', 'must be at least 10 seconds'],
    ]);
  });

  it('refuses consume_user_resource_percent outside 0..100 and an origin_energy_limit of 0', () => {
    const deploy = {
      kind: 'deploy',
      owner,
      abi: '[]',
      bytecode: '6080',
      consumeUserResourcePercent: 101,
      originEnergyLimit: '0',
    };
    expect(issues(TxRequestSchema.safeParse(deploy))).toEqual([
      ['consumeUserResourcePercent', 'must be 0 to 100'],
      ['originEnergyLimit', 'must be more than 0'],
    ]);
  });

  it('refuses odd-length or non-hex bytecode and unknown fields', () => {
    const deploy = {
      kind: 'deploy',
      owner,
      abi: '[]',
      bytecode: '608',
      consumeUserResourcePercent: 100,
      originEnergyLimit: '1',
    };
    expect(issues(TxRequestSchema.safeParse(deploy))).toEqual([
      ['bytecode', 'must be hex digits (an even number of them)'],
    ]);
    expect(issues(TxRequestSchema.safeParse({ kind: 'withdraw-rewards', owner, extra: 1 }))[0]![1]).toMatch(
      /Unrecognized key/,
    );
  });

  it('refuses an unknown kind, a bad TRC10 id and an empty vote list', () => {
    expect(issues(TxRequestSchema.safeParse({ kind: 'mint', owner }))).toEqual([
      ['kind', 'kind must be a transaction kind the wallet builds'],
    ]);
    expect(
      issues(TxRequestSchema.safeParse({ kind: 'trc10-transfer', owner, to, tokenId: 'USDT', amount: '1' })),
    ).toEqual([['tokenId', 'must be a TRC10 token id such as 1000001']]);
    expect(issues(TxRequestSchema.safeParse({ kind: 'vote', owner, votes: [] }))).toEqual([
      ['votes', 'must name at least one representative'],
    ]);
  });

  it('takes TRC20 amounts up to uint256', () => {
    expect(
      TxRequestSchema.safeParse({
        kind: 'trc20-transfer',
        owner,
        token: to,
        to: owner,
        amount: (2n ** 256n - 1n).toString(),
      }).success,
    ).toBe(true);
    expect(
      issues(
        TxRequestSchema.safeParse({
          kind: 'trc20-transfer',
          owner,
          token: to,
          to: owner,
          amount: (2n ** 256n).toString(),
        }),
      ),
    ).toEqual([['amount', 'is larger than a uint256']]);
  });
});

describe('tx, contracts and tokens channels', () => {
  it('name built transactions by txid and normalise it', () => {
    expect(txChannels['tx:sign'].input.parse({ txid: `0x${'AB'.repeat(32)}` })).toEqual({ txid: 'ab'.repeat(32) });
    expect(issues(txChannels['tx:broadcast'].input.safeParse({ txid: 'abc' }))).toEqual([
      ['txid', 'must be a transaction id of 64 hex characters'],
    ]);
  });

  it('announce every lifecycle state', () => {
    for (const state of [
      'created',
      'signed',
      'cosigning',
      'pool',
      'packed',
      'confirmed',
      'failed',
      'expired',
      'rejected',
    ]) {
      expect(TxStatusSchema.safeParse({ txid: 'ab'.repeat(32), state }).success).toBe(true);
    }
    expect(TxStatusSchema.safeParse({ txid: 'ab'.repeat(32), state: 'lost' }).success).toBe(false);
  });

  it('refuse a contract call without a function and a bad TRC10 id for token facts', () => {
    expect(issues(contractsChannels['contracts:call'].input.safeParse({ address: to, function: '' }))).toEqual([
      ['function', 'must name a function'],
    ]);
    expect(issues(tokensChannels['tokens:trc10'].input.safeParse({ tokenId: '0' }))).toEqual([
      ['tokenId', 'must be a TRC10 token id such as 1000001'],
    ]);
  });
});
