import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { NodeConfig } from '../config';
import type { Chain } from '../chain/chain';
import { AdmissionError, RESPONSE_CODE } from '../errors';
import { applyTransaction } from '../chain/apply';
import type { TxOutcome } from '../chain/processor';
import type { ParsedTransaction } from '../model/tx';
import type { RecoveredSignature } from '../permission-check/permission-check';
import type { RecoveryPool } from '../signatures/recovery-pool';
import type { StateView } from '../state/view';
import type { ExecutionBlock } from '../model/execution';
import type { VmPoolPort } from '../vm-host/ports';
import { admitTransaction } from './admission';

/**
 * The pending pool and admission (java-tron Wallet.broadcastTransaction → Manager.pushTransaction,
 * Wallet.broadcastTransaction, Manager.pushTransaction). Admitted transactions are applied, in arrival order, to a
 * pending state over the head, which is what /wallet reads see; block production (producer/) packs them, and the
 * pending state is rebuilt from what is left.
 */
/** The pending transactions in arrival order, the state they were applied to, and each one's outcome. */
export interface PendingState {
  readonly transactions: readonly ParsedTransaction[];
  readonly view: StateView;
  readonly outcomes: ReadonlyMap<string, TxOutcome>;
}

export class TxPool implements VmPoolPort {
  private readonly entries = new Map<string, ParsedTransaction>();
  private outcomes = new Map<string, TxOutcome>();
  private pending: StateView;
  /** Set while a block is being produced and persisted; admission waits for it. */
  private busy: Promise<unknown> | null = null;

  constructor(
    private readonly chain: Chain,
    private readonly recovery: RecoveryPool,
    private readonly config: NodeConfig,
  ) {
    this.pending = chain.newView();
  }

  get size(): number {
    return this.entries.size;
  }

  get(idHex: string): ParsedTransaction | undefined {
    return this.entries.get(idHex);
  }

  /** The state /wallet queries read: head plus pending transactions. */
  get view(): StateView {
    return this.pending;
  }

  /** Recovers signers (batched in worker threads), then runs the checks in java-tron's order. */
  async submit(tx: ParsedTransaction): Promise<TxOutcome> {
    if (this.entries.size >= this.config.maxPendingTransactions)
      throw new AdmissionError(RESPONSE_CODE.SERVER_BUSY, 'Server busy.');
    if (tx.contractCount === 0)
      throw new AdmissionError(RESPONSE_CODE.CONTRACT_VALIDATE_ERROR, 'Contract validate error : No contract!');
    if (tx.expiration < this.chain.clock.nextSlotTime())
      throw new AdmissionError(RESPONSE_CODE.TRANSACTION_EXPIRATION_ERROR, 'Transaction expired');
    if (!tx.signers) tx.signers = await this.recoverSigners(tx);
    return this.exclusive(() => this.admit(tx));
  }

  /**
   * Runs `job` while nothing else uses the pending state: admissions, block production, and the
   * VM's constant calls and dry runs (a VM transaction keeps the state open while it executes).
   */
  async exclusive<T>(job: () => T | Promise<T>): Promise<T> {
    // The check and the start of `job` happen in one synchronous step.
    while (this.busy) await this.busy.catch(() => undefined);
    const result = job();
    if (!(result instanceof Promise)) return result;
    this.busy = result;
    try {
      return await result;
    } finally {
      if (this.busy === result) this.busy = null;
    }
  }

  /** The block a pending transaction is expected to land in (what VM executions see). */
  nextBlock(): ExecutionBlock {
    const chain = this.chain;
    return { number: chain.props.headNumber + 1, ...chain.clock.nextBlockSlot(Date.now()) };
  }

  private recoverSigners(tx: ParsedTransaction): Promise<RecoveredSignature[]> {
    // Nothing to recover when the signature check fails before recovery anyway.
    if (tx.signatures.length === 0 || tx.signatures.length > this.chain.props.totalSignNum) return Promise.resolve([]);
    const requests = [];
    for (const signature of tx.signatures) {
      if (signature.length < PROTOCOL_CONSTANTS.SIGNATURE_LENGTH) break;
      requests.push({ digest: tx.id, signature });
    }
    return this.recovery.recover(requests);
  }

  /** Runs under `exclusive`: no other admission or block can interleave with it. */
  private admit(tx: ParsedTransaction): TxOutcome | Promise<TxOutcome> {
    const outcome = admitTransaction(tx, {
      chain: this.chain,
      context: this.chain.processContext(this.pending, this.nextBlock()),
      recovered: tx.signers ?? [],
      inPool: (id) => this.entries.has(id),
    });
    const keep = (done: TxOutcome): TxOutcome => {
      this.entries.set(tx.idHex, tx);
      this.outcomes.set(tx.idHex, done);
      return done;
    };
    return outcome instanceof Promise ? outcome.then(keep) : keep(outcome);
  }

  /** What the pool holds, for the next block (under `exclusive`). */
  pendingState(): PendingState {
    return { transactions: [...this.entries.values()], view: this.pending, outcomes: this.outcomes };
  }

  /**
   * After a block (under `exclusive`): what it packed or dropped leaves the pool, and the rest is
   * applied again on the new head.
   */
  async blockCommitted(removed: Iterable<string>): Promise<void> {
    for (const id of removed) this.entries.delete(id);
    await this.rebuildPending();
  }

  /** Re-applies what is still pending on the new head; what no longer passes leaves the pool. */
  private async rebuildPending(): Promise<void> {
    this.pending = this.chain.newView();
    this.outcomes = new Map();
    const headTimestamp = this.chain.props.headTimestamp;
    for (const tx of [...this.entries.values()]) {
      try {
        if (tx.expiration <= headTimestamp) throw new Error('expired');
        const outcome = applyTransaction(tx, {
          ...this.chain.processContext(this.pending, this.nextBlock()),
          signers: tx.signers ?? [],
        });
        this.outcomes.set(tx.idHex, outcome instanceof Promise ? await outcome : outcome);
      } catch {
        this.entries.delete(tx.idHex);
      }
    }
  }

  async idle(): Promise<void> {
    while (this.busy) await this.busy.catch(() => undefined);
  }
}
