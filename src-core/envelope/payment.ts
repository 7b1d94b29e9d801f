import type { StatedPayment } from './bundle';
import type { EnvelopeSummary } from './summary';

/**
 * The one payment a transaction makes, read from its recomputed summary: a TRX or TRC-10 send, or a
 * TRC-20 `transfer(address,uint256)` with no TRX attached. The TRC-20 call is read from the call
 * data itself when no ABI decoded it (selector a9059cbb, then the address and amount words of the
 * Solidity ABI encoding), so a co-signer without the token's ABI sees the same payment.
 */
export type Payment = StatedPayment;

const TRANSFER_SELECTOR = 'a9059cbb';

export function paymentOf(summary: EnvelopeSummary): Payment | null {
  if (summary.contractType === 'TransferContract' || summary.contractType === 'TransferAssetContract') {
    const line = summary.amounts[0];
    const recipient = summary.recipients[0];
    if (!line || line.role !== 'send' || !recipient) return null;
    if (line.asset === 'TRX') return { asset: 'TRX', recipient, amount: line.sun };
    if (line.asset === 'TRC10') return { asset: 'TRC10', tokenId: line.tokenId, recipient, amount: line.amount };
    return null;
  }
  if (summary.contractType !== 'TriggerSmartContract' || !summary.call) return null;
  const call = summary.call;
  if (BigInt(call.callValueSun || '0') !== 0n) return null;
  const data = call.data.toLowerCase();
  // 4-byte selector + two 32-byte words, nothing more.
  if (call.selector.toLowerCase() !== TRANSFER_SELECTOR || data.length !== 8 + 128) return null;
  const addressWord = data.slice(8, 72);
  if (!/^0{24}/.test(addressWord)) return null;
  return {
    asset: 'TRC20',
    contract: call.contract,
    recipient: `41${addressWord.slice(24)}`,
    amount: BigInt(`0x${data.slice(72, 136)}`).toString(),
  };
}

/** "TRX", "TRC10:1002000" or "TRC20:41…": payments of one asset share a key. */
export function assetKey(payment: Pick<Payment, 'asset'> & { tokenId?: string; contract?: string }): string {
  if (payment.asset === 'TRX') return 'TRX';
  if (payment.asset === 'TRC10') return `TRC10:${payment.tokenId}`;
  return `TRC20:${payment.contract?.toLowerCase()}`;
}

/** Whether a stated payment says exactly what the transaction pays (asset, token, recipient, amount). */
export function samePayment(stated: StatedPayment, actual: Payment | null): boolean {
  if (!actual) return false;
  return (
    assetKey(stated) === assetKey(actual) &&
    stated.recipient.toLowerCase() === actual.recipient.toLowerCase() &&
    BigInt(stated.amount) === BigInt(actual.amount)
  );
}
