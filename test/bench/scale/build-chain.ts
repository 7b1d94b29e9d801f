import { protocol, bigintToLong } from '../../../src-core/proto/runtime';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { referenceFields } from '../../../src-core/tx/header';
import { parseRawTransaction, type ParsedTransaction } from '../../../src-main/node/model/tx';
import type { TronNode } from '../../../src-main/node';
import { benchKey, signId, type BenchKey } from '../libsecp-signer';

/**
 * Builds the scale bench's chain through the node's own path: signed TransferContracts submitted
 * to the pool (signers recovered on the node's workers, admission in java-tron's order), then
 * packed into blocks by the producer and persisted. First the funded genesis accounts create every
 * new account; the remaining transfers go between the new accounts.
 */
export interface ChainSize {
  readonly accounts: number;
  readonly transfers: number;
  readonly perBlock: number;
}

export interface BuiltChain {
  /** Hex addresses of the created accounts. */
  readonly addresses: readonly string[];
  /** Every `SAMPLE_EVERY`-th transaction id, for the read phase. */
  readonly sampleTxIds: readonly string[];
  readonly headNumber: number;
  readonly refused: number;
  readonly firstRefusal: string;
  readonly seconds: number;
}

const SAMPLE_EVERY = 50;
const TRANSFER_TYPE = 1;
const TRANSFER_URL = 'type.googleapis.com/protocol.TransferContract';
/** What each new account receives: enough to pay for the bandwidth of its own transfers. */
const FUNDING_SUN = 10_000_000n;

interface Reference {
  readonly bytes: Uint8Array;
  readonly hash: Uint8Array;
  readonly headTimestamp: number;
}

function reference(node: TronNode): Reference {
  const head = node.head();
  const fields = referenceFields({ number: head.number, blockId: head.id });
  return {
    bytes: hexToBytes(fields.ref_block_bytes),
    hash: hexToBytes(fields.ref_block_hash),
    headTimestamp: head.timestamp,
  };
}

function signedTransfer(
  from: BenchKey,
  to: Uint8Array,
  amount: bigint,
  ref: Reference,
  serial: number,
): ParsedTransaction {
  const value = protocol.TransferContract.encode({
    owner_address: from.address,
    to_address: to,
    amount: bigintToLong(amount),
  }).finish();
  const raw = {
    ref_block_bytes: ref.bytes,
    ref_block_hash: ref.hash,
    expiration: bigintToLong(BigInt(ref.headTimestamp + 3_600_000)),
    // A distinct timestamp per transaction keeps ids distinct even for equal transfers.
    timestamp: bigintToLong(BigInt(ref.headTimestamp + serial)),
    contract: [{ type: TRANSFER_TYPE, parameter: { type_url: TRANSFER_URL, value } }],
  };
  const unsigned = parseRawTransaction(raw, []);
  return parseRawTransaction(raw, [signId(unsigned.id, from.key)]);
}

export async function buildChain(
  node: TronNode,
  funded: readonly BenchKey[],
  size: ChainSize,
  progress: (line: string) => void,
): Promise<BuiltChain> {
  const started = performance.now();
  const keys: BenchKey[] = [];
  for (let i = 0; i < size.accounts; i++) keys.push(benchKey(i));
  const addresses = keys.map((k) => Buffer.from(k.address).toString('hex'));
  const sampleTxIds: string[] = [];
  let refused = 0;
  let firstRefusal = '';
  let serial = 0;
  let lastReport = performance.now();

  const runBlock = async (make: (ref: Reference) => ParsedTransaction[]): Promise<void> => {
    const txs = make(reference(node));
    const results = await Promise.allSettled(txs.map((tx) => node.pool.submit(tx)));
    results.forEach((r, i) => {
      if (r.status === 'rejected') {
        refused++;
        firstRefusal ||= String((r.reason as Error).message ?? r.reason);
      } else if ((serial - txs.length + i) % SAMPLE_EVERY === 0) sampleTxIds.push(txs[i]!.idHex);
    });
    await node.mine(1);
    if (performance.now() - lastReport > 30_000) {
      lastReport = performance.now();
      const rate = serial / ((lastReport - started) / 1000);
      progress(`  … ${serial} of ${size.transfers} transfers, block ${node.head().number}, ${Math.round(rate)} tx/s`);
    }
  };

  // Phase 1: the genesis accounts create the new ones.
  for (let next = 0; next < size.accounts;) {
    const end = Math.min(size.accounts, next + size.perBlock);
    const from = next;
    await runBlock((ref) => {
      const txs: ParsedTransaction[] = [];
      for (let i = from; i < end; i++)
        txs.push(signedTransfer(funded[i % funded.length]!, keys[i]!.address, FUNDING_SUN, ref, serial++));
      return txs;
    });
    next = end;
  }
  // Phase 2: transfers between the new accounts, each account sending in turn to a spread-out other one.
  const remaining = Math.max(0, size.transfers - size.accounts);
  for (let done = 0; done < remaining;) {
    const count = Math.min(size.perBlock, remaining - done);
    const first = done;
    await runBlock((ref) => {
      const txs: ParsedTransaction[] = [];
      for (let k = first; k < first + count; k++) {
        const sender = k % keys.length;
        const receiver = (sender + 1 + ((k * 7919) % (keys.length - 1))) % keys.length;
        txs.push(signedTransfer(keys[sender]!, keys[receiver]!.address, 1n, ref, serial++));
      }
      return txs;
    });
    done += count;
  }
  return {
    addresses,
    sampleTxIds,
    headNumber: node.head().number,
    refused,
    firstRefusal,
    seconds: (performance.now() - started) / 1000,
  };
}
