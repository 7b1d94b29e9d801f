import type { HexAddress } from '../../src-core/brand';
import { encodeEventTopics } from '../../src-core/abi/logs';
import { toHexAddress } from '../../src-core/address/address';
import type { LogEntry } from '../../src-core/client/types';

/** A TRC-20 `Transfer(address,address,uint256)` event found in a transaction's logs (TIP-20). */
export interface Trc20Transfer {
  /** The token contract that emitted it. */
  readonly token: HexAddress;
  readonly from: HexAddress;
  readonly to: HexAddress;
  readonly amount: bigint;
}

const TRANSFER_TOPIC = encodeEventTopics('Transfer(address,address,uint256)')[0]!.toLowerCase();
const WORD = 64;

function addressFromWord(word: string): HexAddress | undefined {
  // An ABI address word is 12 zero bytes then the 20-byte address.
  if (word.length !== WORD || !/^0{24}[0-9a-f]{40}$/.test(word)) return undefined;
  return `41${word.slice(24)}` as HexAddress;
}

function logAddress(address: string): HexAddress | undefined {
  // java-tron prints the emitting contract as 20 bytes without the 41 prefix (visible: Base58).
  try {
    return /^[0-9a-fA-F]{40}$/.test(address) ? toHexAddress(`41${address}`) : toHexAddress(address);
  } catch {
    return undefined;
  }
}

function strip(hex: string): string {
  return hex.replace(/^0x/i, '').toLowerCase();
}

/**
 * The Transfer events of one transaction. Standard tokens index `from` and `to` (three topics);
 * some early tokens index nothing and put all three words in `data`. Anything else is not a
 * TRC-20 transfer and is skipped.
 */
export function trc20Transfers(logs: readonly LogEntry[]): Trc20Transfer[] {
  const out: Trc20Transfer[] = [];
  for (const log of logs) {
    const topics = log.topics.map(strip);
    if (topics[0] !== TRANSFER_TOPIC) continue;
    const token = logAddress(log.address);
    const data = strip(log.data);
    let words: string[];
    if (topics.length === 3 && data.length === WORD) words = [topics[1]!, topics[2]!, data];
    else if (topics.length === 1 && data.length === 3 * WORD)
      words = [data.slice(0, WORD), data.slice(WORD, 2 * WORD), data.slice(2 * WORD)];
    else continue;
    const from = addressFromWord(words[0]!);
    const to = addressFromWord(words[1]!);
    if (!token || !from || !to || !/^[0-9a-f]{64}$/.test(words[2]!)) continue;
    out.push({ token, from, to, amount: BigInt(`0x${words[2]}`) });
  }
  return out;
}
