import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../../../../src-core/bytes/hex';
import { createEnvelope } from '../../../../src-core/envelope';
import type { Permission } from '../../../../src-core/permission/model';
import { encodeOperations } from '../../../../src-core/permission/operations';
import { buildTransaction, transferContract } from '../../../../src-core/tx/builders';
import { transactionHeader } from '../../../../src-core/tx/header';
import { signTransaction } from '../../../../src-core/tx/sign';
import { Names } from '../../../../src-main/wallet/chain-knowledge/names';
import { inspectOffline } from '../../../../src-main/wallet/offline/offline-checks';
import { K } from '../../../fixtures/permissions';
import { NILE, active } from '../../../core/envelope/helpers';

const T0 = 1_700_000_000_000;
const HOUR = 3_600_000;

function proposal(permission: Permission | null) {
  const transaction = signTransaction(
    buildTransaction(transferContract({ owner: K.K_ONE.hex, to: K.K3.hex, amount: 1_000_000n }), {
      header: transactionHeader({
        refBlock: { number: 1, blockId: `0000000000000001${'cd'.repeat(24)}` },
        headTimestamp: T0,
        expirationMs: HOUR,
      }),
      permissionId: 2,
    }),
    hexToBytes(K.K1.private_key),
  );
  return createEnvelope({ transaction, network: NILE, ...(permission ? { permission } : {}), createdAt: T0 });
}

describe('an envelope checked with no chain', () => {
  it('passes integrity, the carried permission, the signatures and the expiry by this clock, and lists the three chain checks it cannot do', () => {
    const inspection = inspectOffline(proposal(active), new Names([], null), T0 + 60_000);
    expect(inspection.checks.map((c) => [c.id, c.outcome])).toEqual([
      ['integrity', 'passed'],
      ['permission', 'passed'],
      ['signatures', 'passed'],
      ['expiry', 'passed'],
    ]);
    expect(inspection.checks.find((c) => c.id === 'permission')!.message).toContain('Not compared with the chain');
    expect(inspection.notCheckable.map((n) => n.title)).toEqual([
      'The permission as it is on chain',
      'The reference block',
      'The network',
    ]);
    expect(inspection.progress).toMatchObject({ basis: 'envelope', currentWeight: 1n, threshold: 2n });
    expect(inspection.refusal).toBeNull();
  });

  it('refuses an envelope without a permission, and one whose permission may not sign its contract', () => {
    const bare = inspectOffline(proposal(null), new Names([], null), T0);
    expect(bare.refusal?.code).toBe('ENVELOPE_UNKNOWN_PERMISSION');
    expect(bare.progress).toBeNull();
    const staking = inspectOffline(
      proposal({ ...active, operations: encodeOperations(['FreezeBalanceV2Contract']) }),
      new Names([], null),
      T0,
    );
    expect(staking.refusal?.message).toContain('Permission may not sign this');
  });

  it('warns, without refusing, when this computer’s clock is past the expiration', () => {
    const late = inspectOffline(proposal(active), new Names([], null), T0 + 2 * HOUR);
    expect(late.expiry.state).toBe('expired');
    expect(late.checks.at(-1)).toMatchObject({ id: 'expiry', outcome: 'warning' });
    expect(late.refusal).toBeNull();
  });
});
