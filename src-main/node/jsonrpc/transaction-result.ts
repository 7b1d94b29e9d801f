import { JavaRuntimeFailure } from './errors';
import { amountNeedsInfo, amountOf, callDataOf, receiverOf } from './contract-facts';
import { quantity, toJsonHex, toJsonHexAddress } from './java-hex';
import type { BlockRecord, NodeReads, TransactionRecord } from './node-reads';

/**
 * java-tron's TransactionResult (types/TransactionResult.java): a TRON transaction in Ethereum's
 * transaction-object shape. Fields in Jackson's alphabetical order. TRON specifics: `gas` is the
 * energy the transaction used (energy_usage_total), `gasPrice` the energy price in sun, `value`
 * the contract's amount in sun (or vote count, token amount), `nonce` eight zero bytes, `type` 0.
 */
export type TransactionResultJson = {
  readonly blockHash: string;
  readonly blockNumber: string;
  readonly from: string | null;
  readonly gas: string;
  readonly gasPrice: string;
  readonly hash: string;
  readonly input: string;
  readonly nonce: string;
  readonly r: string;
  readonly s: string;
  readonly to: string | null;
  readonly transactionIndex: string;
  readonly type: string;
  readonly v: string;
  readonly value: string;
};

const ZERO_ADDRESS = toJsonHex(new Uint8Array(20));
export const EMPTY_NONCE = toJsonHex(new Uint8Array(8));

export interface TransactionPlace {
  readonly block: BlockRecord;
  readonly index: number;
  /** energy_usage_total of its TransactionInfo (0 without one). */
  readonly energyUsageTotal: bigint;
  readonly energyFee: bigint;
}

export async function transactionResult(reads: NodeReads, place: TransactionPlace): Promise<TransactionResultJson> {
  const tx = place.block.transactions[place.index]!;
  const contract = tx.contract;
  const info = amountNeedsInfo(contract) ? await reads.transactionInfo(tx.id) : undefined;
  let from: string | null = ZERO_ADDRESS;
  let to: string | null = ZERO_ADDRESS;
  let value = '0x0';
  if (contract) {
    // The genesis block's transactions come from nobody.
    from = place.block.number === 0 ? ZERO_ADDRESS : toJsonHexAddress(contract.owner);
    to = toJsonHexAddress(receiverOf(contract));
    value = quantity(amountOf(contract, info, reads));
  }
  const signature = signatureParts(tx);
  return {
    blockHash: toJsonHex(place.block.id),
    blockNumber: quantity(place.block.number),
    from,
    gas: quantity(place.energyUsageTotal),
    gasPrice: quantity(place.energyFee),
    hash: toJsonHex(tx.id),
    input: toJsonHex(callDataOf(contract)),
    nonce: EMPTY_NONCE,
    r: signature.r,
    s: signature.s,
    to,
    transactionIndex: quantity(place.index),
    type: '0x0',
    v: signature.v,
    value,
  };
}

/** r ‖ s ‖ v of the first signature; v below 27 gets 27 added (on Java's signed byte). */
function signatureParts(tx: TransactionRecord): { r: string; s: string; v: string } {
  const signature = tx.signatures[0];
  if (!signature)
    return { r: toJsonHex(new Uint8Array(32)), s: toJsonHex(new Uint8Array(32)), v: toJsonHex(new Uint8Array(1)) };
  if (signature.length < 65) throw new JavaRuntimeFailure('java.lang.ArrayIndexOutOfBoundsException', '64');
  let v = (signature[64]! << 24) >> 24;
  if (v < 27) v = ((v + 27) << 24) >> 24;
  return { r: toJsonHex(signature.subarray(0, 32)), s: toJsonHex(signature.subarray(32, 64)), v: quantity(v) };
}
