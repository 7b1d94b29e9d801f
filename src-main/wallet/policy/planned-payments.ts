import { toBase58Address } from '../../../src-core/address/address';
import type { Permission } from '../../../src-core/permission/model';
import type { AssetKey, OutflowRecord, PolicyContact, PolicyInput } from '../../../src-core/policy';

/** transfer(address,uint256): how a TRC-20 payment of a plan will call its token. */
const TRANSFER_SELECTOR = 'a9059cbb';

/** One payment a plan would make (a payout row), before any transaction exists. */
export interface PlannedPayment {
  readonly asset: AssetKey;
  readonly amount: bigint;
  readonly recipient: string;
}

/**
 * The policy input of a payment a plan would make, as its transaction will state it: TRX by
 * TransferContract, TRC-10 by TransferAssetContract, TRC-20 by a `transfer` call. No simulation
 * runs for a transaction not built yet, and no one has signed it, so a tier reads as the
 * co-signatures it will need.
 */
export function paymentInput(parts: {
  readonly account: string;
  readonly permission: Permission;
  readonly payment: PlannedPayment;
  readonly time: number;
  readonly history: readonly OutflowRecord[];
  readonly addressBook: readonly PolicyContact[];
}): PolicyInput {
  const { payment, account } = parts;
  const token = payment.asset.startsWith('TRC20:') ? payment.asset.slice('TRC20:'.length) : null;
  return {
    owner: account,
    permissionId: parts.permission.id,
    permissionName: parts.permission.name,
    contractType: token
      ? 'TriggerSmartContract'
      : payment.asset === 'TRX'
        ? 'TransferContract'
        : 'TransferAssetContract',
    transfer: { asset: payment.asset, amount: payment.amount, recipient: toBase58Address(payment.recipient) },
    ...(token ? { call: { contract: token, selector: TRANSFER_SELECTOR } } : {}),
    balanceChanges: [],
    approvedSigners: [],
    signer: account,
    time: parts.time,
    addressBook: parts.addressBook,
    history: [...parts.history],
  };
}
