import type { TransactionInfo } from '../../../../src-core/client/types';
import { BroadcastError } from '../../../../src-core/errors';
import type { TransactionJson } from '../../../../src-core/tx/types';

/** What a row's broadcast does on the fake node, by the row's txid and how often it was offered. */
export type Script = (txid: string, offered: number) => 'accept' | 'crash-after' | 'crash-before' | { code: string };

export class Crash extends Error {}

/** A node that holds what it accepted, refuses copies with DUP_TRANSACTION_ERROR, and counts everything. */
export class FakeNode {
  readonly held = new Map<string, TransactionJson>();
  readonly offered = new Map<string, number>();
  readonly accepted = new Map<string, number>();
  readonly starts: number[] = [];
  inFlight = 0;
  maxInFlight = 0;

  constructor(
    private script: Script = () => 'accept',
    private readonly clock: () => number = () => 0,
    /** Real time the node takes to answer, so rows overlap at the node. */
    private readonly latencyMs = 0,
  ) {}

  setScript(script: Script): void {
    this.script = script;
  }

  async broadcastTransaction(tx: TransactionJson): Promise<{ txid: never }> {
    const offered = (this.offered.get(tx.txID) ?? 0) + 1;
    this.offered.set(tx.txID, offered);
    this.starts.push(this.clock());
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
      else for (let i = 0; i < 3; i++) await Promise.resolve();
      const step = this.script(tx.txID, offered);
      if (step === 'crash-before') throw new Crash('the app closed');
      if (this.held.has(tx.txID))
        throw new BroadcastError('BROADCAST_FAILED', 'dup', { nodeCode: 'DUP_TRANSACTION_ERROR', txid: tx.txID });
      if (typeof step === 'object')
        throw new BroadcastError('BROADCAST_FAILED', `The node rejected the transaction with ${step.code}.`, {
          nodeCode: step.code,
        });
      this.held.set(tx.txID, tx);
      this.accepted.set(tx.txID, (this.accepted.get(tx.txID) ?? 0) + 1);
      if (step === 'crash-after') throw new Crash('the app closed after the node took it');
      return { txid: tx.txID as never };
    } finally {
      this.inFlight -= 1;
    }
  }

  async getTransactionById(txid: string): Promise<TransactionJson | null> {
    return this.held.get(txid) ?? null;
  }

  /** Every row the node took is in block 100 + its order, solidified, for a fee of 1,000 sun. */
  async getTransactionInfoById(txid: string): Promise<TransactionInfo | null> {
    const order = [...this.held.keys()].indexOf(txid);
    if (order === -1) return null;
    return {
      id: txid,
      fee: 1_000n,
      blockNumber: 100 + order,
      blockTimeStamp: 1_700_000_000_000 + order * 3000,
      receipt: {},
      result: 'SUCESS',
      resMessage: '',
      contractResult: [],
    } as unknown as TransactionInfo;
  }
}
