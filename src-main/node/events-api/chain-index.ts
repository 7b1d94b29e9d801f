import { bytesToHex } from '../../../src-core/bytes/hex';
import type { NodeReads, TransactionRecord } from '../jsonrpc/node-reads';
import type { Positioned } from './paging';

/**
 * What TronGrid keeps in its database, kept in memory from the node's blocks: every log with its
 * chain position, each account's transactions, and each account's TRC-20 transfers and approvals.
 * It catches up with the head before each answer (the first answer after a start reads the whole
 * chain once). This chain does not reorganize, so an indexed block never changes.
 */
export interface LogRow extends Positioned {
  /** Block timestamp, milliseconds. */
  readonly timestamp: number;
  readonly txId: string;
  /** 21-byte hex of the contract that emitted the log. */
  readonly contract: string;
  /** 21-byte hex of the contract the transaction called (or created). */
  readonly caller: string;
  readonly topics: readonly Uint8Array[];
  readonly data: Uint8Array;
}

export interface TransactionRow extends Positioned {
  readonly timestamp: number;
  readonly txId: string;
  /** owner_address of the transaction's contract. */
  readonly from: string;
  /** The receiving account or called contract, when the contract type has one. */
  readonly to: string | undefined;
}

export const TOKEN_EVENT = { transfer: 'Transfer', approval: 'Approval' } as const;
export type TokenEvent = (typeof TOKEN_EVENT)[keyof typeof TOKEN_EVENT];

export interface TokenRow extends Positioned {
  readonly timestamp: number;
  readonly txId: string;
  readonly token: string;
  readonly type: TokenEvent;
  readonly from: string;
  readonly to: string;
  readonly value: bigint;
}

/** keccak256 of the TRC-20 (ERC-20) event signatures, topic0 of their logs (TIP-20). */
const TOKEN_TOPICS: ReadonlyMap<string, TokenEvent> = new Map([
  ['ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', TOKEN_EVENT.transfer],
  ['8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925', TOKEN_EVENT.approval],
]);

/** Blocks read at once while catching up. */
const READ_AHEAD = 64;

/** Parameter fields that name the account a transaction goes to. */
const RECEIVER_FIELDS = ['to_address', 'receiver_address', 'contract_address'] as const;

export class ChainIndex {
  private indexed = -1;
  private catching: Promise<void> = Promise.resolve();
  readonly logs: LogRow[] = [];
  private readonly byContract = new Map<string, LogRow[]>();
  private readonly byTransaction = new Map<string, LogRow[]>();
  private readonly byBlock = new Map<number, LogRow[]>();
  private readonly transactionsByAccount = new Map<string, TransactionRow[]>();
  private readonly tokensByAccount = new Map<string, TokenRow[]>();

  constructor(private readonly reads: NodeReads) {}

  /** Indexes the blocks up to the head; concurrent callers share one pass, and a failed pass does not stop the next. */
  catchUp(): Promise<void> {
    this.catching = this.catching.catch(() => undefined).then(() => this.indexTo(this.reads.headNumber()));
    return this.catching;
  }

  contractLogs(address: string): readonly LogRow[] {
    return this.byContract.get(address) ?? [];
  }

  transactionLogs(txId: string): readonly LogRow[] {
    return this.byTransaction.get(txId) ?? [];
  }

  blockLogs(number: number): readonly LogRow[] {
    return this.byBlock.get(number) ?? [];
  }

  accountTransactions(address: string): readonly TransactionRow[] {
    return this.transactionsByAccount.get(address) ?? [];
  }

  accountTokenRows(address: string): readonly TokenRow[] {
    return this.tokensByAccount.get(address) ?? [];
  }

  private async indexTo(head: number): Promise<void> {
    while (this.indexed < head) {
      // Blocks are read ahead in batches (the store answers reads in parallel), then indexed in order.
      const first = this.indexed + 1;
      const count = Math.min(READ_AHEAD, head - this.indexed);
      const blocks = await Promise.all(Array.from({ length: count }, (_, i) => this.reads.block(first + i)));
      for (const block of blocks) {
        if (!block) return;
        // Block 0's genesis transfers are never stored as transactions (java-tron Manager.initGenesis
        // writes the block alone: no transaction, no TransactionInfo, no event), so no history lists them.
        if (block.number > 0)
          for (const [index, tx] of block.transactions.entries())
            await this.indexTransaction(block.number, block.timestamp, index, tx);
        this.indexed = block.number;
      }
    }
  }

  private async indexTransaction(
    block: number,
    timestamp: number,
    index: number,
    tx: TransactionRecord,
  ): Promise<void> {
    const txId = bytesToHex(tx.id);
    const from = tx.contract && tx.contract.owner.length === 21 ? bytesToHex(tx.contract.owner) : undefined;
    const to = receiverOf(tx.contract?.parameter);
    const row: TransactionRow = { position: { block, tx: index, item: 0 }, timestamp, txId, from: from ?? '', to };
    for (const account of new Set([from, to]))
      if (account !== undefined) push(this.transactionsByAccount, account, row);

    const info = await this.reads.transactionInfo(tx.id);
    if (!info) return;
    const called = info.contract_address?.length === 21 ? bytesToHex(info.contract_address) : undefined;
    info.log.forEach((log, item) => {
      const contract = `41${bytesToHex(log.address ?? new Uint8Array())}`;
      const entry: LogRow = {
        position: { block, tx: index, item },
        timestamp,
        txId,
        contract,
        caller: called ?? contract,
        topics: log.topics ?? [],
        data: log.data ?? new Uint8Array(),
      };
      this.logs.push(entry);
      push(this.byContract, contract, entry);
      push(this.byTransaction, txId, entry);
      push(this.byBlock, block, entry);
      const token = tokenRowOf(entry);
      if (token) for (const account of new Set([token.from, token.to])) push(this.tokensByAccount, account, token);
    });
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function receiverOf(parameter: unknown): string | undefined {
  if (parameter === null || typeof parameter !== 'object') return undefined;
  for (const field of RECEIVER_FIELDS) {
    const value = (parameter as Record<string, unknown>)[field];
    if (value instanceof Uint8Array && value.length === 21) return bytesToHex(value);
  }
  return undefined;
}

/** A TRC-20 Transfer or Approval: topic0, the two indexed addresses, the amount as the data word. */
function tokenRowOf(log: LogRow): TokenRow | undefined {
  const type = log.topics[0] && TOKEN_TOPICS.get(bytesToHex(log.topics[0]));
  if (!type || log.topics.length !== 3 || log.data.length !== 32) return undefined;
  return {
    position: log.position,
    timestamp: log.timestamp,
    txId: log.txId,
    token: log.contract,
    type,
    from: `41${bytesToHex(log.topics[1]!.subarray(12))}`,
    to: `41${bytesToHex(log.topics[2]!.subarray(12))}`,
    value: BigInt(`0x${bytesToHex(log.data)}`),
  };
}
