import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import { recoverAddress } from '../../../src-core/keys/keys';
import type { TransactionJson } from '../../../src-core/tx/types';
import { SignatureCheckError, validateSignatures, type RecoveredSignature } from '../../node/auth/permission-check';
import type { ActuatorRegistry } from '../../node/actuators/registry';
import { AdmissionError } from '../../node/chain/errors';
import { processTransaction, totalFee } from '../../node/chain/processor';
import { envelopeFromBytes, transactionBytes } from '../../node/chain/tx';
import { StateView, type AccountReader } from '../../node/state/view';
import type { DryRunStepOutcome, DryRunStep } from './embedded-node';

/**
 * STOPGAP: applies transactions, in order, to ONE throwaway copy-on-write view over the node's
 * pending state (head plus the pool), with the node's own signature check and processTransaction,
 * and drops the view afterwards. Nothing is admitted, stored or broadcast. Runs synchronously, so
 * no block can be produced in between. The permission editor needs the chaining (apply the update,
 * then check a follow-up transfer against the updated account); `node.dryRun(tx)` (branch
 * feat/node3) runs one transaction per copy. It reaches into the node's internals (pool, chain),
 * which is why it lives in exactly this file and goes away once the node can chain steps itself.
 */
export interface NodeInternals {
  readonly pool: { readonly view: StateView };
  readonly chain: {
    readonly actuators: ActuatorRegistry;
    readonly headSlot: number;
    readonly props: { readonly headTimestamp: number; readonly headNumber: number; readonly totalSignNum: number; readonly activeDefaultOperations: string };
  };
}

export function hasNodeInternals(node: unknown): node is NodeInternals {
  const n = node as Partial<NodeInternals> | null;
  return typeof n === 'object' && n !== null && typeof n.pool === 'object' && n.pool !== null && 'view' in n.pool && typeof n.chain === 'object' && n.chain !== null;
}

function recover(id: Uint8Array, signature: Uint8Array): RecoveredSignature {
  try {
    const hex = recoverAddress(id, signature);
    return { ok: true, address: hexToBytes(hex), addressHex: hex };
  } catch {
    return { ok: false, kind: 'compute', message: 'Signature error' };
  }
}

export function throwawayDryRun(node: NodeInternals, steps: readonly DryRunStep[]): { headBlock: number; outcomes: DryRunStepOutcome[] } {
  const base = node.pool.view;
  const view = new StateView(base, base.props);
  Object.assign(view.mutable, base.mutable);
  const chain = node.chain;
  const activeOps = hexToBytes(chain.props.activeDefaultOperations);
  const outcomes: DryRunStepOutcome[] = [];
  // Balances as of the previous step, for every account a step touched.
  const seen = new Map<string, bigint>();
  for (const step of steps) {
    const outcome = runStep(step, view, base, chain, activeOps, seen);
    outcomes.push(outcome);
    if (!outcome.accepted) break;
  }
  return { headBlock: chain.props.headNumber, outcomes };
}

function runStep(step: DryRunStep, view: StateView, base: AccountReader, chain: NodeInternals['chain'], activeOps: Uint8Array, seen: Map<string, bigint>): DryRunStepOutcome {
  const json: TransactionJson = step.transaction;
  const signatures = (json.signature ?? []).map((s) => hexToBytes(s));
  if (!step.checkSignatures && step.placeholderSignatures !== undefined) {
    signatures.length = 0;
    for (let i = 0; i < step.placeholderSignatures; i++) signatures.push(new Uint8Array(PROTOCOL_CONSTANTS.SIGNATURE_LENGTH).fill(i + 1));
  }
  const tx = envelopeFromBytes(transactionBytes(hexToBytes(json.raw_data_hex), signatures));
  if (step.checkSignatures) {
    try {
      validateSignatures({
        reader: view,
        contractCount: tx.contractCount,
        ...(tx.contract ? { contract: tx.contract } : {}),
        signatures: tx.signatures,
        recovered: tx.signatures.map((s) => recover(tx.id, s)),
        totalSignNum: chain.props.totalSignNum,
        activeDefaultOperations: activeOps,
      });
    } catch (error) {
      if (error instanceof SignatureCheckError) return { accepted: false, stage: 'signature', code: 'SIGERROR', message: `Validate signature error: ${error.message}`, balanceChanges: [], feeSun: 0n };
      throw error;
    }
  }
  let fee: bigint;
  try {
    const outcome = processTransaction(tx, { view, actuators: chain.actuators, headTimestamp: chain.props.headTimestamp, headSlot: chain.headSlot });
    if (outcome instanceof Promise) {
      // A smart-contract transaction executes asynchronously: only the node's dryRunSequence runs it.
      outcome.catch(() => undefined);
      return { accepted: false, stage: 'apply', code: 'OTHER_ERROR', message: 'Smart-contract transactions need the node\'s own dry run (dryRunSequence).', balanceChanges: [], feeSun: 0n };
    }
    fee = totalFee(outcome);
  } catch (error) {
    if (error instanceof AdmissionError) return { accepted: false, stage: 'apply', code: error.code, message: error.message, balanceChanges: [], feeSun: 0n };
    throw error;
  }
  const balanceChanges: { address: string; deltaSun: bigint }[] = [];
  for (const [hex, account] of view.changes) {
    const before = seen.get(hex) ?? base.getAccount(hex)?.balance ?? 0n;
    if (account.balance !== before) balanceChanges.push({ address: hex, deltaSun: account.balance - before });
    seen.set(hex, account.balance);
  }
  return { accepted: true, stage: 'apply', balanceChanges, feeSun: fee, txid: bytesToHex(tx.id) };
}
