// An in-memory chain the scanner reads through its ChainSource interface, for the cases a real
// node cannot produce on demand: a block replaced at a height, a node that goes away and comes
// back, a different genesis. Transactions are real signed TRON transactions (src-core builders).
import { createHash } from 'node:crypto';
import type { HexAddress, TxId } from '../../../src-core/brand';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import type { Account, TransactionInfo } from '../../../src-core/client/types';
import { NetworkError } from '../../../src-core/errors';
import { signDigest } from '../../../src-core/keys/keys';
import { buildTransaction, type ContractSpec } from '../../../src-core/tx/builders';
import { transactionHeader } from '../../../src-core/tx/header';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { ScannedBlock } from '../../../src-main/watchtower/block-facts';
import type { ChainSource } from '../../../src-main/watchtower/chain-source';
import { newKey, type Key } from '../node/helpers';

export const GENESIS_TIME = 1_700_000_000_000;
const SLOT = 3000;

export interface TestKey extends Key {
  readonly hex: HexAddress;
}

export function testKey(): TestKey {
  const { key, hex } = newKey();
  return { key, hex: hex as HexAddress };
}

let nonce = 0;

/** A signed transaction of `spec`, signed by `signers`; it expires `expiresInMs` after GENESIS_TIME. */
export function signedTx(
  spec: ContractSpec,
  signers: readonly TestKey[],
  options: { permissionId?: number; expiresInMs?: number } = {},
): TransactionJson {
  const header = transactionHeader({
    refBlock: { number: 1n, blockId: '00'.repeat(32) },
    headTimestamp: GENESIS_TIME,
    expirationMs: options.expiresInMs ?? 3_600_000,
    // A distinct timestamp keeps otherwise equal transactions apart (distinct txIDs).
    timestamp: GENESIS_TIME + ++nonce,
  });
  const tx = buildTransaction(spec, {
    header,
    ...(options.permissionId !== undefined ? { permissionId: options.permissionId } : {}),
  });
  return {
    ...tx,
    signature: signers.map((s) => bytesToHex(signDigest(hexToBytes(tx.txID), s.key))),
    ret: [{ contractRet: 'SUCCESS' }],
  };
}

function blockId(number: number, parent: string, salt: string): string {
  const hash = createHash('sha256').update(`${number}:${parent}:${salt}`).digest('hex');
  return number.toString(16).padStart(16, '0') + hash.slice(16);
}

export interface FakeAccount {
  balance?: bigint;
  assetV2?: { key: string; value: bigint }[];
  /** getaccount JSON permission fields (hex addresses). */
  raw?: Record<string, unknown>;
}

/** A chain in memory; `offline` makes every read fail as an unreachable node does. */
export class FakeChain implements ChainSource {
  readonly chain: { block: ScannedBlock; infos: TransactionInfo[] }[] = [];
  solid = 0;
  offline = false;
  genesisSalt = 'genesis';
  readonly accounts = new Map<string, FakeAccount>();
  readonly tokenBalances = new Map<string, bigint>();
  /** Transactions packed before the chain shown here (isOnChain says yes). */
  readonly packedEarlier = new Set<string>();
  readonly reads: string[] = [];

  constructor() {
    this.push([], [], 'genesis');
  }

  private push(transactions: TransactionJson[], infos: TransactionInfo[], salt: string): ScannedBlock {
    const number = this.chain.length;
    const parentId = this.chain.at(-1)?.block.id ?? '0'.repeat(64);
    const block: ScannedBlock = {
      number,
      id: blockId(number, parentId, salt),
      parentId,
      timestamp: GENESIS_TIME + number * SLOT,
      transactions,
    };
    this.chain.push({ block, infos });
    return block;
  }

  /** Appends a block with `transactions` (and their infos) and `count − 1` empty ones after it. */
  mine(transactions: TransactionJson[] = [], infos: TransactionInfo[] = [], count = 1, salt = 'a'): ScannedBlock {
    const first = this.push(transactions, infos, salt);
    for (let i = 1; i < count; i++) this.push([], [], salt);
    return first;
  }

  /** Drops every block from `height` on (they are replaced by whatever is mined next with another salt). */
  cutFrom(height: number): void {
    this.chain.length = height;
  }

  get headNumber(): number {
    return this.chain.length - 1;
  }

  private online(what: string): void {
    this.reads.push(what);
    if (this.offline)
      throw new NetworkError('NETWORK_UNREACHABLE', 'The node at fake could not be reached (ECONNREFUSED).');
  }

  async genesisId(): Promise<string> {
    this.online('genesis');
    return blockId(0, '0'.repeat(64), this.genesisSalt);
  }

  async head() {
    this.online('head');
    const { number, id, timestamp } = this.chain.at(-1)!.block;
    return { number, id, timestamp };
  }

  async solidNumber(): Promise<number> {
    this.online('solid');
    return Math.min(this.solid, this.headNumber);
  }

  async blocks(from: number, to: number): Promise<ScannedBlock[]> {
    this.online(`blocks ${from}-${to}`);
    return this.chain.slice(from, to + 1).map((entry) => entry.block);
  }

  async infos(number: number): Promise<TransactionInfo[]> {
    this.online(`infos ${number}`);
    return this.chain[number]?.infos ?? [];
  }

  async account(address: HexAddress): Promise<Account | null> {
    this.online(`account ${address}`);
    const a = this.accounts.get(address);
    if (!a) return null;
    return {
      address,
      balance: a.balance ?? 0n,
      assetV2: a.assetV2 ?? [],
      raw: { address, ...(a.raw ?? {}) },
    } as unknown as Account;
  }

  async trc20Balance(token: HexAddress, owner: HexAddress): Promise<bigint> {
    this.online(`balanceOf ${token}`);
    return this.tokenBalances.get(`${token}:${owner}`) ?? 0n;
  }

  async isOnChain(txid: TxId): Promise<boolean> {
    this.online(`info ${txid}`);
    return (
      this.packedEarlier.has(txid) ||
      this.chain.some((entry) => entry.block.transactions.some((tx) => tx.txID === txid))
    );
  }
}

/** The TransactionInfo of a TRC-20 transfer (Transfer(from, to, amount) emitted by `token`). */
export function transferInfo(txid: string, token: string, from: string, to: string, amount: bigint): TransactionInfo {
  const word = (hex: string): string => hex.slice(2).padStart(64, '0');
  return {
    id: txid,
    result: 'SUCESS',
    log: [
      {
        address: token.slice(2),
        topics: ['ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', word(from), word(to)],
        data: amount.toString(16).padStart(64, '0'),
      },
    ],
  } as unknown as TransactionInfo;
}
