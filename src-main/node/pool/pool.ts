import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import { hexToBytes } from '../../../src-core/bytes/hex';
import type { NodeConfig } from '../config';
import type { Chain, BlockResult } from '../chain/chain';
import { processTransaction } from '../chain/processor';
import type { TxOutcome } from '../chain/processor';
import type { TxEnvelope } from '../chain/tx';
import type { RecoveredSignature } from '../auth/permission-check';
import type { RecoveryPool } from '../signatures/recovery-pool';
import type { StateView } from '../state/view';
import type { ExecutionBlock } from '../actuators/actuator';
import { validateSignatures } from '../auth/permission-check';
import { checkAdmission } from './admission';
import { AdmissionError, RESPONSE_CODE } from '../errors';

/**
 * The pending pool and admission (java-tron Wallet.broadcastTransaction → Manager.pushTransaction,
 * java-tron-http.md §5). Admitted transactions are applied, in arrival order, to a pending state
 * over the head, which is what /wallet reads see; block production re-applies them on the head and
 * the pending state is rebuilt from what is left.
 */
export class TxPool {
  private readonly entries = new Map<string, TxEnvelope>();
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

  get(idHex: string): TxEnvelope | undefined {
    return this.entries.get(idHex);
  }

  /** The state /wallet queries read: head plus pending transactions. */
  get view(): StateView {
    return this.pending;
  }

  private operationsCache: { hex: string; bytes: Uint8Array } | null = null;

  private activeOperations(): Uint8Array {
    const hex = this.chain.props.activeDefaultOperations;
    if (this.operationsCache?.hex !== hex) this.operationsCache = { hex, bytes: hexToBytes(hex) };
    return this.operationsCache.bytes;
  }

  /** Recovers signers (batched in worker threads), then runs the checks in java-tron's order. */
  async submit(tx: TxEnvelope): Promise<TxOutcome> {
    if (this.entries.size >= this.config.maxPendingTransactions)
      throw new AdmissionError(RESPONSE_CODE.SERVER_BUSY, 'Server busy.');
    if (tx.contractCount === 0)
      throw new AdmissionError(RESPONSE_CODE.CONTRACT_VALIDATE_ERROR, 'Contract validate error : No contract!');
    if (tx.expiration < this.chain.nextSlotTime())
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
    return { number: chain.props.headNumber + 1, ...chain.nextBlockSlot(Date.now()) };
  }

  private recoverSigners(tx: TxEnvelope): Promise<RecoveredSignature[]> {
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
  private admit(tx: TxEnvelope): TxOutcome | Promise<TxOutcome> {
    const chain = this.chain;
    const props = chain.props;
    checkAdmission(tx, {
      chain,
      reader: this.pending,
      recovered: tx.signers ?? [],
      activeDefaultOperations: this.activeOperations(),
      inPool: (id) => this.entries.has(id),
    });
    const outcome = processTransaction(tx, {
      view: this.pending,
      actuators: chain.actuators,
      headTimestamp: props.headTimestamp,
      headSlot: chain.headSlot,
      block: this.nextBlock(),
    });
    const keep = (done: TxOutcome): TxOutcome => {
      this.entries.set(tx.idHex, tx);
      this.outcomes.set(tx.idHex, done);
      return done;
    };
    return outcome instanceof Promise ? outcome.then(keep) : keep(outcome);
  }

  /** Produces one block from the pool (in arrival order), then rebuilds the pending state. */
  async produceBlock(wallNow: number): Promise<BlockResult> {
    return this.exclusive(async () => {
      const candidates = [...this.entries.values()];
      const result = await this.chain.produceBlock(candidates, wallNow, {
        view: this.pending,
        outcomes: this.outcomes,
      });
      for (const { tx } of result.packed) this.entries.delete(tx.idHex);
      for (const id of result.dropped) this.entries.delete(id);
      await this.rebuildPending();
      return result;
    });
  }

  /** Re-applies what is still pending on the new head; what no longer passes leaves the pool. */
  private async rebuildPending(): Promise<void> {
    this.pending = this.chain.newView();
    this.outcomes = new Map();
    const chain = this.chain;
    const props = chain.props;
    const activeOps = hexToBytes(props.activeDefaultOperations);
    for (const tx of [...this.entries.values()]) {
      try {
        if (tx.expiration <= props.headTimestamp) throw new Error('expired');
        validateSignatures({
          reader: this.pending,
          contractCount: tx.contractCount,
          contract: tx.contract,
          signatures: tx.signatures,
          recovered: tx.signers ?? [],
          totalSignNum: props.totalSignNum,
          activeDefaultOperations: activeOps,
        });
        const outcome = processTransaction(tx, {
          view: this.pending,
          actuators: chain.actuators,
          headTimestamp: props.headTimestamp,
          headSlot: chain.headSlot,
          block: this.nextBlock(),
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
