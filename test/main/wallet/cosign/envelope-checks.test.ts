import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../../../../src-core/bytes/hex';
import { createEnvelope, type Envelope } from '../../../../src-core/envelope';
import type { Permission } from '../../../../src-core/permission/model';
import { encodeOperations } from '../../../../src-core/permission/operations';
import { buildTransaction, transferContract } from '../../../../src-core/tx/builders';
import { transactionHeader } from '../../../../src-core/tx/header';
import { signTransaction } from '../../../../src-core/tx/sign';
import {
  expiryCheck,
  expiryView,
  operationsRefusal,
  strangerRefusal,
} from '../../../../src-main/wallet/cosign/envelope-checks';
import { Names } from '../../../../src-main/wallet/chain-knowledge/names';
import { K } from '../../../fixtures/permissions';
import { NILE, active } from '../../../core/envelope/helpers';

/** The chain-free half of envelope verification, shared by the inbox and the offline signer. */
const T0 = 1_700_000_000_000;
const HOUR = 3_600_000;

function transfer(signers: readonly ('K1' | 'K2' | 'K_ONE')[]): Envelope {
  let transaction = buildTransaction(transferContract({ owner: K.K_ONE.hex, to: K.K3.hex, amount: 1_000_000n }), {
    header: transactionHeader({
      refBlock: { number: 1, blockId: `0000000000000001${'cd'.repeat(24)}` },
      headTimestamp: T0,
      expirationMs: HOUR,
    }),
    permissionId: 2,
  });
  for (const signer of signers) transaction = signTransaction(transaction, hexToBytes(K[signer].private_key));
  return createEnvelope({ transaction, network: NILE, createdAt: T0 });
}

describe('chain-free envelope checks', () => {
  it('counts the expiry from the clock it is given and says whose clock it was', () => {
    const envelope = transfer([]);
    const open = expiryView(envelope, T0 + 10 * 60_000);
    expect(open).toMatchObject({ state: 'open', remainingMs: 50 * 60_000, headTime: T0 + 10 * 60_000 });
    expect(expiryCheck(open).message).toContain('head block');
    expect(expiryCheck(open, 'local').message).toContain('this computer’s clock');
    const past = expiryView(envelope, T0 + 2 * HOUR);
    expect(expiryCheck(past, 'local')).toMatchObject({ outcome: 'warning', title: 'Expired' });
    expect(expiryCheck(expiryView(envelope, null))).toMatchObject({ outcome: 'skipped' });
  });

  it('refuses a permission whose operations do not include the contract type, and lets one that does pass', () => {
    const envelope = transfer([]);
    const stakingOnly: Permission = { ...active, operations: encodeOperations(['FreezeBalanceV2Contract']) };
    expect(operationsRefusal(envelope, stakingOnly)).toMatchObject({
      id: 'permission',
      outcome: 'failed',
      title: 'Permission may not sign this',
    });
    expect(operationsRefusal(envelope, active)).toBeNull();
  });

  it('names every signer that is not a key of the permission', () => {
    const envelope = transfer(['K1', 'K_ONE']);
    const refusal = strangerRefusal(envelope, active, new Names([], null), 'in the envelope');
    expect(refusal).toMatchObject({ id: 'signatures', outcome: 'failed' });
    expect(refusal!.message).toContain(K.K_ONE.base58);
    expect(refusal!.message).not.toContain(K.K1.base58);
    expect(strangerRefusal(transfer(['K1', 'K2']), active, new Names([], null), 'in the envelope')).toBeNull();
  });
});
