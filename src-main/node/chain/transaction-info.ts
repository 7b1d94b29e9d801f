import { bigintToLong, protocol } from '../../../src-core/proto/runtime';
import type { SealedBlock } from '../model/block';
import type { TxOutcome } from './processor';
import { totalFee } from './processor';
import type { ParsedTransaction } from '../model/tx';

/** TransactionInfo of a system contract (java-tron TransactionUtil.buildTransactionInfoInstance). */
export function encodeInfo(
  tx: ParsedTransaction,
  outcome: TxOutcome,
  block: Pick<SealedBlock, 'number' | 'timestamp'>,
): Uint8Array {
  const info: Record<string, unknown> = {
    id: tx.id,
    blockNumber: bigintToLong(BigInt(block.number)),
    blockTimeStamp: bigintToLong(BigInt(block.timestamp)),
    contractResult: [new Uint8Array()],
  };
  const fee = totalFee(outcome);
  if (fee) info.fee = bigintToLong(fee);
  const receipt: Record<string, unknown> = { ...outcome.result?.receipt };
  if (outcome.result?.energyFee) receipt.energy_fee = bigintToLong(outcome.result.energyFee);
  if (outcome.netUsage) receipt.net_usage = bigintToLong(outcome.netUsage);
  if (outcome.netFee) receipt.net_fee = bigintToLong(outcome.netFee);
  Object.assign(info, outcome.result?.info);
  info.receipt = receipt;
  return protocol.TransactionInfo.encode(info as protocol.ITransactionInfo).finish();
}
