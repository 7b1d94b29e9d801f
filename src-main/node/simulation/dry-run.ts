import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { decodeBase58Check } from '../../../src-core/bytes/base58';
import { protocol } from '../../../src-core/proto/runtime';
import type { TransactionJson } from '../../../src-core/tx/types';
import { stringifyJson } from '../../../src-core/json/lossless';
import type { RecoveredSignature } from '../permission-check/permission-check';
import { encodeInfo } from '../chain/transaction-info';
import { AdmissionError, RESPONSE_CODE } from '../errors';
import type { ResponseCode } from '../errors';
import type { TxOutcome } from '../chain/processor';
import { totalFee } from '../chain/processor';
import type { ParsedTransaction } from '../model/tx';
import { parseTransaction, parseRawTransaction } from '../model/tx';
import { transactionInfoJson } from '../java-json/transaction-info-json';
import { transactionFromJson } from '../java-json/tx-input';
import { internalTxMessage } from '../vm-host/receipt';
import type { ContractRuntime } from '../vm-host/runtime';
import { tokenBalancesOf } from '../vm-host/world-backend';
import type { StateReader } from '../state/view';
import { StateView } from '../state/view';
import type { RecoveryPool } from '../signatures/recovery-pool';
import type { ExecutionBlock } from '../model/execution';
import { admitTransaction } from '../pool/admission';
import type { TxPool } from '../pool/pool';
import type { Chain } from '../chain/chain';

/**
 * `node.dryRun(tx)`: validates and applies any transaction on a throw-away copy of the current
 * state, exactly as admission would (Manager.pushTransaction's checks, then processTransaction), and reports what would
 * happen – accepted or java-tron's refusal, the TransactionInfo it would get, and every balance
 * it would change. Nothing is written: the copy is a `StateView` that is dropped afterwards, the
 * pool and the chain are only read, and the run holds the pool's lock so no block commits under it.
 */
export interface DryRunOptions {
  /** Skip the signature and permission check (an unsigned draft). */
  readonly skipSignatureCheck?: boolean;
  /**
   * Check the permission as if these addresses (hex or base58) had signed, in this order: their
   * 65-byte signatures count in the transaction's size (bandwidth) and in the multi-signature fee.
   */
  readonly signers?: readonly string[];
  /** `head` (default): the state of the head block; `pending`: the head plus the pool. */
  readonly state?: 'head' | 'pending';
}

export interface BalanceChange {
  /** Hex address (41…). */
  readonly address: string;
  /** TRX change in sun (negative = spent). */
  readonly trx: bigint;
  /** TRC10 changes by token id. */
  readonly tokens: Readonly<Record<string, bigint>>;
  readonly created: boolean;
  readonly deleted: boolean;
}

export interface DryRunResult {
  readonly txId: string;
  readonly accepted: boolean;
  /** java-tron's broadcast code: SUCCESS when accepted, else the refusal (SIGERROR, CONTRACT_VALIDATE_ERROR, …). */
  readonly code: ResponseCode;
  /** java-tron's refusal text ('' when accepted). */
  readonly message: string;
  /** contractRet the transaction would be packed with (SUCCESS, REVERT, OUT_OF_ENERGY, …). */
  readonly contractRet?: string;
  /** Error(string) / Panic text of a REVERT. */
  readonly revertReason?: string;
  /** TransactionInfo.fee in sun (0 when refused). */
  readonly fee: bigint;
  /** The TransactionInfo JSON it would get in the next block, with every internal transaction. */
  readonly transactionInfo?: Record<string, unknown>;
  readonly balanceChanges: readonly BalanceChange[];
}

/** A transaction JSON (as TronWeb or src-core builds it), hex of a serialized Transaction, or its bytes. */
export type DryRunInput = TransactionJson | object | string | Uint8Array;

function parse(input: DryRunInput): ParsedTransaction {
  if (input instanceof Uint8Array) return parseTransaction(input);
  if (typeof input === 'string') return parseTransaction(hexToBytes(input.length % 2 ? `0${input}` : input));
  const json = input as Record<string, unknown>;
  return transactionFromJson(stringifyJson(json), json.visible === true);
}

function signerBytes(address: string): Uint8Array {
  let bytes: Uint8Array | undefined;
  try {
    bytes = /^41[0-9a-fA-F]{40}$/.test(address) ? hexToBytes(address) : decodeBase58Check(address);
  } catch {
    bytes = undefined;
  }
  if (!bytes || bytes.length !== 21 || bytes[0] !== 0x41)
    throw new RangeError(`The signer ${address} is not a TRON address (41… hex or T… base58).`);
  return bytes;
}

/** Stand-in 65-byte signatures, one per claimed signer, distinct so none counts as a duplicate. */
function placeholderSignatures(count: number): Uint8Array[] {
  return Array.from({ length: count }, (_, i) => {
    const signature = new Uint8Array(PROTOCOL_CONSTANTS.SIGNATURE_LENGTH).fill(i + 1);
    signature[64] = 27;
    return signature;
  });
}

/** What changed since the previous step (or the start) for every account the copy has touched. */
function balanceChanges(view: StateView, base: StateReader, seen: Seen): BalanceChange[] {
  const out: BalanceChange[] = [];
  for (const hex of new Set([...view.changes.keys(), ...view.deletedAccounts])) {
    const start = base.getAccount(hex);
    const before = seen.get(hex) ?? { balance: start?.balance ?? 0n, tokens: tokenBalancesOf(start), exists: !!start };
    const after = view.getAccount(hex);
    const now = { balance: after?.balance ?? 0n, tokens: tokenBalancesOf(after), exists: !!after };
    seen.set(hex, now);
    const tokens: Record<string, bigint> = {};
    for (const id of new Set([...before.tokens.keys(), ...now.tokens.keys()])) {
      const delta = (now.tokens.get(id) ?? 0n) - (before.tokens.get(id) ?? 0n);
      if (delta !== 0n) tokens[id] = delta;
    }
    const trx = now.balance - before.balance;
    const created = !before.exists && now.exists;
    const deleted = before.exists && !now.exists;
    if (trx !== 0n || Object.keys(tokens).length > 0 || created || deleted)
      out.push({ address: hex, trx, tokens, created, deleted });
  }
  return out;
}

/** One step of a sequence: a transaction and how to check it. */
export interface DryRunStep {
  readonly transaction: DryRunInput;
  readonly options?: DryRunStepOptions;
}

export type DryRunStepOptions = Omit<DryRunOptions, 'state'> & {
  /**
   * With `skipSignatureCheck`: count this many 65-byte signatures in the size (bandwidth) and the
   * multi-signature fee, as the signed transaction will carry them.
   */
  readonly placeholderSignatures?: number;
};

export interface DryRunSequenceResult {
  /** The head block the copy was taken at. */
  readonly headBlock: number;
  /** One result per step that ran; the sequence stops after the first refusal. */
  readonly results: readonly DryRunResult[];
}

interface PreparedStep {
  readonly tx: ParsedTransaction;
  readonly recovered: RecoveredSignature[];
  readonly skipSignatureCheck: boolean;
}

/** Balances as of the previous step, for every account a step changed (per-step balance changes). */
type Seen = Map<string, { balance: bigint; tokens: ReadonlyMap<string, bigint>; exists: boolean }>;

export class DryRunner {
  constructor(
    private readonly chain: Chain,
    private readonly pool: TxPool,
    private readonly runtime: ContractRuntime,
    private readonly recovery: RecoveryPool,
  ) {}

  async dryRun(input: DryRunInput, options: DryRunOptions = {}): Promise<DryRunResult> {
    const { results } = await this.dryRunSequence([{ transaction: input, options }], { state: options.state });
    return results[0]!;
  }

  /**
   * Applies the transactions in order to ONE throw-away copy, each seeing the ones before it (a
   * permission update, then a transfer under the new permissions). Stops after the first refusal.
   * Balance changes are per step.
   */
  async dryRunSequence(
    steps: readonly DryRunStep[],
    options: Pick<DryRunOptions, 'state'> = {},
  ): Promise<DryRunSequenceResult> {
    const prepared: PreparedStep[] = [];
    for (const step of steps) prepared.push(await this.prepare(step.transaction, step.options ?? {}));
    const { chain, pool } = this;
    return pool.exclusive(async () => {
      const pending = options.state === 'pending';
      const base: StateReader = pending ? pool.view : chain.state;
      const view = new StateView(base, chain.props, pending ? pool.view.mutable : undefined);
      const block = pool.nextBlock();
      const seen: Seen = new Map();
      const results: DryRunResult[] = [];
      for (const step of prepared) {
        const result = await this.step(step, view, base, block, seen);
        results.push(result);
        if (!result.accepted) break;
      }
      return { headBlock: chain.props.headNumber, results };
    });
  }

  /** Parses the transaction and recovers its signers (outside the lock: recovery runs on workers). */
  private async prepare(input: DryRunInput, options: DryRunStepOptions): Promise<PreparedStep> {
    let tx = parse(input);
    let recovered: RecoveredSignature[] = [];
    if (options.signers) {
      const addresses = options.signers.map(signerBytes);
      tx = parseRawTransaction(tx.raw, placeholderSignatures(addresses.length));
      recovered = addresses.map((address) => ({ ok: true, address, addressHex: bytesToHex(address) }));
    } else if (options.skipSignatureCheck && options.placeholderSignatures !== undefined) {
      tx = parseRawTransaction(tx.raw, placeholderSignatures(options.placeholderSignatures));
    } else if (
      !options.skipSignatureCheck &&
      tx.signatures.length > 0 &&
      tx.signatures.length <= this.chain.props.totalSignNum
    ) {
      const requests = [];
      for (const signature of tx.signatures) {
        if (signature.length < PROTOCOL_CONSTANTS.SIGNATURE_LENGTH) break;
        requests.push({ digest: tx.id, signature });
      }
      recovered = await this.recovery.recover(requests);
    }
    return { tx, recovered, skipSignatureCheck: options.skipSignatureCheck === true };
  }

  /**
   * Admission's checks in java-tron's order (Manager.validateCommon, validateTapos, validateDup), then the contract, on
   * `view`.
   */
  private async step(
    step: PreparedStep,
    view: StateView,
    base: StateReader,
    block: ExecutionBlock,
    seen: Seen,
  ): Promise<DryRunResult> {
    const { tx, recovered } = step;
    const { chain, pool } = this;
    try {
      if (tx.contractCount === 0)
        throw new AdmissionError(RESPONSE_CODE.CONTRACT_VALIDATE_ERROR, 'Contract validate error : No contract!');
      let outcome = admitTransaction(tx, {
        chain,
        context: chain.processContext(view, block),
        recovered: step.skipSignatureCheck ? null : recovered,
        inPool: (id) => pool.get(id) !== undefined,
      });
      if (outcome instanceof Promise) outcome = await outcome;
      return this.accepted(tx, outcome, view, base, block, seen);
    } catch (error) {
      if (!(error instanceof AdmissionError)) throw error;
      return { txId: tx.idHex, accepted: false, code: error.code, message: error.message, fee: 0n, balanceChanges: [] };
    }
  }

  private accepted(
    tx: ParsedTransaction,
    outcome: TxOutcome,
    view: StateView,
    base: StateReader,
    block: ExecutionBlock,
    seen: Seen,
  ): DryRunResult {
    const execution = outcome.result ? this.runtime.executions.get(outcome.result) : undefined;
    let infoOutcome = outcome;
    if (execution && outcome.result) {
      // A simulation shows every internal transaction, whatever the node stores.
      const info = { ...outcome.result.info };
      if (execution.internalTransactions.length)
        info.internal_transactions = execution.internalTransactions.map(internalTxMessage);
      infoOutcome = { ...outcome, result: { ...outcome.result, info } };
    }
    const infoBytes = encodeInfo(tx, infoOutcome, block);
    const contractRet = protocol.Transaction.Result.contractResult[outcome.result?.contractRet ?? 1];
    return {
      txId: tx.idHex,
      accepted: true,
      code: RESPONSE_CODE.SUCCESS,
      message: '',
      contractRet,
      ...(execution?.revertReason !== undefined ? { revertReason: execution.revertReason } : {}),
      fee: totalFee(outcome),
      transactionInfo: transactionInfoJson(infoBytes, false),
      balanceChanges: balanceChanges(view, base, seen),
    };
  }
}
