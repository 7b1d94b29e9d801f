import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import {
  consumeStakedEnergy,
  energyLeft,
  energyLimit,
  energyUsed,
  payEnergyBill,
  useEnergy,
} from '@main/node/resources/energy';
import { energyUsageAt } from '@main/node/resources/account-usage';
import { startNode, type Key } from '../helpers';
import { b, fundedKey, send, TRX } from '../staking/helpers';
import { ContractExeError } from '@main/node/errors';

/**
 * The energy processor (java-tron EnergyProcessor + ReceiptCapsule.payEnergyBill): limits from
 * stake including delegated energy, usage recovering in the account's window, staked energy used
 * before anything is burned. TotalEnergyCurrentLimit is lowered to 50,000 so the figures stay small.
 */
describe('energy processor', () => {
  let node: TronNode;
  let d: Key;
  let e: Key;

  beforeAll(async () => {
    node = await startNode({
      witnessCount: 1,
      chainParameters: { getTotalEnergyCurrentLimit: 50_000n, getTotalEnergyLimit: 50_000n },
    });
    [d, e] = [fundedKey(node, 0), fundedKey(node, 1)];
    await send(node, b.freezeBalanceV2Contract({ owner: d.hex, amount: 10n * TRX, resource: 'ENERGY' }), d);
    await send(node, b.freezeBalanceV2Contract({ owner: e.hex, amount: 40n * TRX, resource: 'ENERGY' }), e);
    await node.mine(1);
  });
  afterAll(async () => node?.stop());

  it('gives each staker its share: 10 / 50 × 50,000 = 10,000 energy', () => {
    const view = node.chain.newView();
    expect(energyLimit(view, view.getAccount(d.hex)!)).toBe(10_000n);
    expect(energyLimit(view, view.getAccount(e.hex)!)).toBe(40_000n);
    expect(energyLeft(view, d.hex)).toBe(10_000n);
  });

  it('uses staked energy first and reports what must be burned at getEnergyFee (210 sun)', () => {
    const view = node.chain.newView();
    expect(consumeStakedEnergy(view, d.hex, 4_000n)).toEqual({ fromStake: 4_000n, uncovered: 0n, burnSun: 0n });
    expect(energyUsed(view, view.getAccount(d.hex)!)).toBe(4_000n);
    const balance = view.getAccount(d.hex)!.balance;
    const burned = view.mutable.burnedSun;
    // 6,000 left from stake; 1,000 more are burned: 1,000 × 210 = 210,000 sun.
    expect(payEnergyBill(view, d.hex, 7_000n)).toEqual({ fromStake: 6_000n, uncovered: 1_000n, burnSun: 210_000n });
    expect(view.getAccount(d.hex)!.balance).toBe(balance - 210_000n);
    expect(view.mutable.burnedSun - burned).toBe(210_000n);
    expect(energyLeft(view, d.hex)).toBe(0n);
    // The head state is untouched: the view is a private overlay.
    expect(node.chain.state.getAccount(d.hex)!.energyUsage).toBe(0n);
  });

  it('measures "available" once, before execution, as java-tron does', () => {
    const view = node.chain.newView();
    expect(consumeStakedEnergy(view, d.hex, 5_000n, { available: 2_000n })).toEqual({
      fromStake: 2_000n,
      uncovered: 3_000n,
      burnSun: 630_000n,
    });
  });

  it('refuses a bill the balance cannot pay (BalanceInsufficientException)', () => {
    const view = node.chain.newView();
    view.mutableAccount(d.hex)!.balance = 100n;
    expect(() => payEnergyBill(view, d.hex, 20_000n)).toThrow(ContractExeError);
    expect(() => payEnergyBill(view, d.hex, 20_000n)).toThrow(`${d.hex} insufficient balance`);
  });

  it('recovers linearly over 24 h, in the window of the account', () => {
    const view = node.chain.newView();
    useEnergy(view, d.hex, 2_880n);
    const account = view.getAccount(d.hex)!;
    const slot = account.latestConsumeTimeForEnergy;
    // ceil(2,880e6 / 28,800) = 100,000 per-slot average; after 14,400 slots half of it is left.
    expect(energyUsageAt(account, slot + 14_400)).toBe(1_440n);
    expect(energyUsageAt(account, slot + 28_800)).toBe(0n);
    expect([account.energyWindowSize, account.energyWindowOptimized]).toEqual([28_800_000n, true]);
  });

  it('counts delegated energy for the receiver', async () => {
    const f = fundedKey(node, 2);
    await send(
      node,
      b.delegateResourceContract({ owner: e.hex, receiver: f.hex, amount: 20n * TRX, resource: 'ENERGY' }),
      e,
    );
    await node.mine(1);
    const view = node.chain.newView();
    // Weight stays 50: f gets 20 / 50 × 50,000 = 20,000, e keeps 20 / 50 × 50,000.
    expect(energyLimit(view, view.getAccount(f.hex)!)).toBe(20_000n);
    expect(energyLimit(view, view.getAccount(e.hex)!)).toBe(20_000n);
  });
});
