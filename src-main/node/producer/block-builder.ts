import { hexToBytes } from '../../../src-core/bytes/hex';
import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { ExecutionBlock } from '../model/execution';
import { applyTransaction } from '../chain/apply';
import type { SealedBlock } from '../model/block';
import { sealBlock } from '../model/block';
import type { Chain } from '../chain/chain';
import type { PackedTx } from '../chain/commit';
import { encodeWithResult } from '../model/tx';
import type { PendingState } from '../pool/pool';

/**
 * Builds the next block (java-tron Manager.generateBlock): the first slot this node can sign, the
 * pool's transactions in arrival order, sealed and handed to the chain. When the pool's pending
 * state holds exactly those transactions applied on this head and is still right for this slot,
 * it is the block's state as is; otherwise each transaction is applied again on the head, and the
 * ones that expired or no longer pass are dropped, as java-tron drops them.
 */
const BLOCK_SIZE_LIMIT = 2_000_000;
const CONTRACT_RET_SUCCESS = 1;

export interface BlockResult {
  readonly block: SealedBlock;
  readonly packed: readonly PackedTx[];
  /** Ids refused while packing (expired, or no longer valid on the new state). */
  readonly dropped: readonly string[];
}

export async function buildBlock(chain: Chain, pending: PendingState, wallNow: number): Promise<BlockResult> {
  const head = chain.props;
  const { timestamp, witnessHex, witnessKey } = chain.clock.producibleSlot(chain.clock.nextBlockTimestamp(wallNow));
  const slot: ExecutionBlock = { number: head.headNumber + 1, timestamp, witnessHex };
  const packed: PackedTx[] = [];
  const dropped: string[] = [];
  const encoded: Uint8Array[] = [];
  let view = pending.view;
  if (view.props === head && fitsAsApplied(pending, timestamp)) {
    for (const tx of pending.transactions) {
      const outcome = pending.outcomes.get(tx.idHex)!;
      encoded.push(encodeWithResult(tx, outcome.result?.contractRet ?? CONTRACT_RET_SUCCESS));
      packed.push({ tx, outcome });
    }
  } else {
    view = chain.newView();
    let size = 0;
    for (const tx of pending.transactions) {
      if (tx.expiration < timestamp || tx.expiration > head.headTimestamp + PROTOCOL_CONSTANTS.MAX_EXPIRATION_MS) {
        dropped.push(tx.idHex);
        continue;
      }
      if (size + tx.bytes.length + 8 > BLOCK_SIZE_LIMIT) break;
      try {
        // Signers were recovered at admission; only the permission is checked again on this state.
        let outcome = applyTransaction(tx, { ...chain.processContext(view, slot), signers: tx.signers ?? [] });
        if (outcome instanceof Promise) outcome = await outcome;
        const bytes = encodeWithResult(tx, outcome.result?.contractRet ?? CONTRACT_RET_SUCCESS);
        encoded.push(bytes);
        size += bytes.length;
        packed.push({ tx, outcome });
      } catch {
        dropped.push(tx.idHex);
      }
    }
  }
  const block = sealBlock(
    {
      number: slot.number,
      timestamp,
      parentHash: hexToBytes(head.headId),
      witnessAddress: hexToBytes(witnessHex),
      transactions: encoded,
    },
    witnessKey,
  );
  await chain.commitBlock({ block, view, packed, encoded, witnessHex });
  return { block, packed, dropped };
}

/**
 * Whether the pending state can be the block's: nothing expired by `timestamp`, all fit, no VM run assumed another
 * time.
 */
function fitsAsApplied(pending: PendingState, timestamp: number): boolean {
  let size = 0;
  for (const tx of pending.transactions) {
    const outcome = pending.outcomes.get(tx.idHex);
    if (tx.expiration < timestamp || !outcome) return false;
    // A VM execution saw the block it expected; another timestamp means executing it again.
    const assumed = outcome.result?.blockTimestamp;
    if (assumed !== undefined && assumed !== timestamp) return false;
    size += tx.bytes.length + 8;
    if (size > BLOCK_SIZE_LIMIT) return false;
  }
  return true;
}
