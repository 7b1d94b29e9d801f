import { describe, expect, it } from 'vitest';
import { toBase58Address } from '@core/address/address';
import { hexToBytes } from '@core/bytes/hex';
import type { ChainAccount } from '@core/ipc/channels/accounts';
import { addressFromPrivateKey } from '@core/keys/keys';
import { checkForm } from '@renderer/forms/tx-form';
import { aboveHolding, feeReserve, FEE_FIGURES, holdingFor } from '@renderer/forms/holdings';

const TRX = 1_000_000n;
const address = (n: number) => toBase58Address(addressFromPrivateKey(hexToBytes(n.toString(16).padStart(64, '0'))));
const OWNER = address(1);
const TO = address(2);

function account(balanceSun: bigint, staked?: Partial<NonNullable<ChainAccount['staked']>>): ChainAccount {
  const permission = { type: 'Owner' as const, id: 0, name: 'owner', threshold: 1n, operations: '', keys: [] };
  return {
    exists: true,
    balanceSun,
    bandwidth: { freeUsed: 0, freeLimit: 600, used: 0, limit: 0 },
    energy: { used: 0, limit: 0 },
    staked: {
      bandwidthSun: 0n,
      energySun: 0n,
      unfreezingSun: 0n,
      withdrawableSun: 0n,
      delegatedOutSun: 0n,
      ...staked,
    },
    trc10: [],
    owner: permission,
    witness: null,
    actives: [],
  };
}

describe('what an amount field may spend', () => {
  it('keeps bandwidth and a possible activation aside when Max fills a TRX payment, and says how much', () => {
    const holding = holdingFor('trx-transfer', account(999_900n * TRX))!;
    const bandwidth = (FEE_FIGURES.baseBytes + FEE_FIGURES.bytesPerSignature) * FEE_FIGURES.sunPerByte;
    expect(holding.keptAsideSun).toBe(bandwidth + 1_100_000n);
    expect(holding.max).toBe(999_900n * TRX - 1_367_000n);
    expect(holding.keptAsideNote).toBe(
      'Max keeps 1.367 TRX aside for fees: 0.267 TRX bandwidth (267 bytes), 1.1 TRX activation if the recipient is new.',
    );
  });

  it('adds the memo fee and the memo bytes, and the multi-signature fee for more than one signature', () => {
    const reserve = feeReserve({ kind: 'trx-transfer', memo: 'rent', signatures: 2 });
    expect(reserve.sun).toBe((200n + 4n + 134n) * 1_000n + 1_100_000n + 1_000_000n + 1_000_000n);
    expect(reserve.note).toContain('1 TRX the memo fee');
    expect(reserve.note).toContain('1 TRX the multi-signature fee');
  });

  it('never offers a negative Max when the balance is smaller than the fees', () => {
    expect(holdingFor('trx-transfer', account(1_000n))!.max).toBe(0n);
  });

  it('offers the stake of the chosen resource for unstaking, with nothing kept aside', () => {
    const holding = holdingFor('unfreeze', account(5n * TRX, { energySun: 700n * TRX, bandwidthSun: 3n * TRX }), {
      resource: 'ENERGY',
    })!;
    expect({ amount: holding.amount, max: holding.max, has: holding.has }).toEqual({
      amount: 700n * TRX,
      max: 700n * TRX,
      has: 'has staked for energy',
    });
  });

  it('offers a token balance in its decimals when it was read, and nothing when it was not', () => {
    const token = { decimals: 6, symbol: 'USDT', balance: 250_500_000n };
    expect(holdingFor('trc20-transfer', account(TRX), { token })).toMatchObject({
      amount: 250_500_000n,
      max: 250_500_000n,
    });
    expect(holdingFor('trc20-transfer', account(TRX), { token: { ...token, balance: null } })).toBeNull();
  });

  it("refuses an amount above the balance in the app's own sentence", () => {
    const holding = holdingFor('trx-transfer', account(999_900n * TRX))!;
    expect(aboveHolding(2_000_000n * TRX, holding)).toBe(
      'The account holds 999,900 TRX; this is 1,000,100 TRX more than it has.',
    );
    expect(aboveHolding(999_900n * TRX, holding)).toBeNull();
  });

  it('marks the amount field as the person types an amount above the balance, and builds no request', () => {
    const holdings = { amount: holdingFor('trx-transfer', account(999_900n * TRX))! };
    const over = checkForm('trx-transfer', OWNER, { to: TO, amount: '2000000', memo: '' }, { holdings });
    expect(over.errors.amount).toBe('The account holds 999,900 TRX; this is 1,000,100 TRX more than it has.');
    expect(over.request).toBeNull();
    const within = checkForm('trx-transfer', OWNER, { to: TO, amount: '999000', memo: '' }, { holdings });
    expect(within.errors.amount).toBeUndefined();
    expect(within.request).not.toBeNull();
  });
});
