import { toHexAddress } from '../../../src-core/address/address';
import { paymentOf, summarizeTransaction } from '../../../src-core/envelope';
import type { TransactionJson } from '../../../src-core/tx/types';

/** One account's change in one asset, as an audit entry holds it (`TRX`, a TRC-10 id, a TRC-20 contract). */
export interface AuditBalanceChange {
  readonly address: string;
  readonly asset: string;
  readonly delta: bigint;
}

/**
 * What a transaction moves, read from its own bytes: the one payment it makes (TRX, TRC-10, a
 * TRC-20 `transfer`; `envelope/payment.ts`) as the owner's loss and the recipient's gain. Other
 * kinds (swaps, internal calls) move nothing here: their changes are the simulation's to state.
 */
export function paymentChanges(transaction: TransactionJson): AuditBalanceChange[] {
  try {
    const summary = summarizeTransaction(transaction, { decoder: false });
    const payment = paymentOf(summary);
    if (!payment) return [];
    const asset =
      payment.asset === 'TRX' ? 'TRX' : payment.asset === 'TRC10' ? payment.tokenId : payment.contract.toLowerCase();
    const amount = BigInt(payment.amount);
    return [
      { address: summary.owner, asset, delta: -amount },
      { address: payment.recipient, asset, delta: amount },
    ];
  } catch {
    return [];
  }
}

/** The confirmed transaction's changes: its payment when it succeeded, and the TRX fee the owner paid. */
export function confirmedChanges(input: {
  readonly owner: string;
  readonly success: boolean;
  readonly feeSun: bigint;
  readonly payment: readonly AuditBalanceChange[];
}): AuditBalanceChange[] {
  const totals = new Map<string, AuditBalanceChange>();
  const add = (change: AuditBalanceChange) => {
    // Base58 and hex spell one account two ways; the total is per account.
    const address = toHexAddress(change.address).toLowerCase();
    const key = `${address}\n${change.asset}`;
    const known = totals.get(key);
    totals.set(key, { ...change, address, delta: (known?.delta ?? 0n) + change.delta });
  };
  if (input.success) input.payment.forEach(add);
  if (input.feeSun !== 0n) add({ address: input.owner, asset: 'TRX', delta: -input.feeSun });
  return [...totals.values()];
}
