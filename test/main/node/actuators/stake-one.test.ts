import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { newKey, startNode, type Key } from '../helpers';
import { call, expectRefused, fundedKey, TRX } from '../staking/helpers';

/**
 * Stake 1.0 (java-tron FreezeBalanceActuator, UnfreezeBalanceActuator) on a chain with Stake 2.0
 * on: every check in java-tron's order, freezing ends in "freeze v2 is open, old freeze is
 * closed", unfreezing in java-tron's refusal for an account without Stake 1.0 stake.
 */
describe('Stake 1.0 refusals', () => {
  let node: TronNode;
  let alice: Key;
  let bob: Key;

  beforeAll(async () => {
    node = await startNode({ witnessCount: 1 });
    alice = fundedKey(node, 0);
    bob = fundedKey(node, 1);
  });
  afterAll(async () => node?.stop());

  const freeze = (extra: Record<string, unknown> = {}) => ({
    owner_address: alice.hex,
    frozen_balance: Number(TRX),
    frozen_duration: 3,
    ...extra,
  });

  it('freezebalance: the field checks first, then the closed door', async () => {
    const stranger = newKey();
    await expectRefused(node, 'freezebalance', freeze({ owner_address: '4100' }), 'Invalid address');
    await expectRefused(
      node,
      'freezebalance',
      freeze({ owner_address: stranger.hex }),
      `Account[${stranger.hex}] not exists`,
    );
    await expectRefused(node, 'freezebalance', freeze({ frozen_balance: 0 }), 'frozenBalance must be positive');
    await expectRefused(
      node,
      'freezebalance',
      freeze({ frozen_balance: 999_999 }),
      'frozenBalance must be greater than or equal to 1 TRX',
    );
    await expectRefused(
      node,
      'freezebalance',
      freeze({ frozen_balance: 1e17 }),
      'frozenBalance must be less than or equal to accountBalance',
    );
    await expectRefused(
      node,
      'freezebalance',
      freeze({ frozen_duration: 4 }),
      'frozenDuration must be less than 3 days and more than 3 days',
    );
    await expectRefused(
      node,
      'freezebalance',
      freeze({ resource: 'TRON_POWER' }),
      'ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]',
    );
    await expectRefused(
      node,
      'freezebalance',
      freeze({ receiver_address: alice.hex }),
      'receiverAddress must not be the same as ownerAddress',
    );
    await expectRefused(
      node,
      'freezebalance',
      freeze({ receiver_address: stranger.hex }),
      `Account[${stranger.hex}] not exists`,
    );
    await expectRefused(node, 'freezebalance', freeze(), 'freeze v2 is open, old freeze is closed');
    await expectRefused(
      node,
      'freezebalance',
      freeze({ resource: 'ENERGY', receiver_address: bob.hex }),
      'freeze v2 is open, old freeze is closed',
    );
    expect((await call(node, '/wallet/freezebalance')).status).toBe(405);
  });

  it('unfreezebalance: nothing was ever frozen under Stake 1.0', async () => {
    const body = (extra: Record<string, unknown> = {}) => ({ owner_address: alice.hex, ...extra });
    const stranger = newKey();
    await expectRefused(node, 'unfreezebalance', body({ owner_address: '4100' }), 'Invalid address');
    await expectRefused(
      node,
      'unfreezebalance',
      body({ owner_address: stranger.hex }),
      `Account[${stranger.hex}] does not exist`,
    );
    await expectRefused(node, 'unfreezebalance', body(), 'no frozenBalance(BANDWIDTH)');
    await expectRefused(node, 'unfreezebalance', body({ resource: 'ENERGY' }), 'no frozenBalance(Energy)');
    await expectRefused(
      node,
      'unfreezebalance',
      body({ resource: 'TRON_POWER' }),
      'ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]',
    );
    await expectRefused(
      node,
      'unfreezebalance',
      body({ receiver_address: alice.hex }),
      'receiverAddress must not be the same as ownerAddress',
    );
    await expectRefused(
      node,
      'unfreezebalance',
      body({ receiver_address: bob.hex }),
      'delegated Resource does not exist',
    );
    expect((await call(node, '/wallet/unfreezebalance')).text).toBe('');
  });

  it('with the new resource model, TRON_POWER is a resource of its own', async () => {
    const modern = await (
      await import('../helpers')
    ).startNode({
      witnessCount: 1,
      chainParameters: { getAllowNewResourceModel: 1n },
    });
    try {
      const owner = fundedKey(modern, 0);
      await expectRefused(
        modern,
        'freezebalance',
        {
          owner_address: owner.hex,
          frozen_balance: Number(TRX),
          frozen_duration: 3,
          resource: 'TRON_POWER',
          receiver_address: bob.hex,
        },
        'TRON_POWER is not allowed to delegate to other accounts.',
      );
      await expectRefused(
        modern,
        'unfreezebalance',
        { owner_address: owner.hex, resource: 'TRON_POWER' },
        'no frozenBalance(TronPower)',
      );
    } finally {
      await modern.stop();
    }
  });
});
