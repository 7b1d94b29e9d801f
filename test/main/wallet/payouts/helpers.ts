import { hexToBytes } from '../../../../src-core/bytes/hex';
import { addBundleSignatures, createBundle, type EnvelopeBundle } from '../../../../src-core/envelope';
import type { Permission } from '../../../../src-core/permission/model';
import { buildTransaction, transferContract } from '../../../../src-core/tx/builders';
import { transactionHeader } from '../../../../src-core/tx/header';
import { signTransaction } from '../../../../src-core/tx/sign';
import type { TransactionJson } from '../../../../src-core/tx/types';
import { K } from '../../../fixtures/permissions';
import { NILE, active } from '../../../core/envelope/helpers';

export const T0 = 1_700_000_000_000;
export const HOUR = 3_600_000;
export const OWNER = K.K_ONE.hex;

/** Recipient i: a distinct 41… address. */
export const recipient = (i: number) => `41${(i + 1).toString(16).padStart(40, '0')}`;

/** Every row's header: a reference block at T0, expiring an hour later. */
export const HEADER = transactionHeader({
  refBlock: { number: 1, blockId: `0000000000000001${'cd'.repeat(24)}` },
  headTimestamp: T0,
  expirationMs: HOUR,
});

/** Row i pays (i + 1) TRX from the treasury under its 2-of-3 active permission. */
export function payout(i: number, amountSun = BigInt(i + 1) * 1_000_000n): TransactionJson {
  return buildTransaction(transferContract({ owner: OWNER, to: recipient(i), amount: amountSun }), {
    header: HEADER,
    permissionId: 2,
  });
}

export function proposedBundle(count: number, permission: Permission = active): EnvelopeBundle {
  return createBundle({
    network: NILE,
    permission,
    createdAt: T0,
    rows: Array.from({ length: count }, (_, i) => ({
      transaction: payout(i),
      statedPayment: {
        asset: 'TRX' as const,
        recipient: recipient(i),
        amount: String((i + 1) * 1_000_000),
        reference: `inv-${i + 1}`,
      },
    })),
  });
}

/** Every row signed by `keys` (private keys in hex). */
export function signedBy(bundle: EnvelopeBundle, ...keys: string[]): EnvelopeBundle {
  return keys.reduce(
    (b, key) =>
      addBundleSignatures(
        b,
        b.rows.map((r) => {
          const signed = signTransaction(r.transaction, hexToBytes(key));
          return signed.signature!.at(-1)!;
        }),
      ),
    bundle,
  );
}

/** A bundle at its threshold on every row (K2 and K3 of the 2-of-3). */
export function readyBundle(count: number): EnvelopeBundle {
  return signedBy(proposedBundle(count), K.K2.private_key, K.K3.private_key);
}
