import { hexToBytes } from '../../../src-core/bytes/hex';
import type { RecoveredSignature } from '../permission-check/permission-check';
import { validateSignatures } from '../permission-check/permission-check';
import { AdmissionError, JavaError, RESPONSE_CODE, TransactionSignatureError } from '../errors';
import type { ProcessContext, TxOutcome } from './processor';
import { processTransaction } from './processor';
import type { ParsedTransaction } from '../model/tx';

/**
 * Validate the signatures, then apply one transaction: what admission, the pending state's
 * rebuild, block production and the dry run all do (java-tron Manager.processTransaction:
 * validateSignature, then the contract). Signers were recovered earlier (in worker threads);
 * here only the permission is checked against the state the transaction runs on.
 */
export interface ApplyContext extends ProcessContext {
  /** Recovered signers; `null` skips the signature check (a dry run "as if signed"). */
  readonly signers: readonly RecoveredSignature[] | null;
  /**
   * Checks that java-tron runs after the signature check and before the contract (admission's
   * steps 8–13); they throw AdmissionError.
   */
  readonly afterSignatureCheck?: () => void;
}

let operationsCache: { hex: string; bytes: Uint8Array } | undefined;

/** The default active permission's operations as bytes (parsed once per value of the property). */
function activeDefaultOperations(hex: string): Uint8Array {
  if (operationsCache?.hex !== hex) operationsCache = { hex, bytes: hexToBytes(hex) };
  return operationsCache.bytes;
}

/**
 * Throws AdmissionError SIGERROR with java-tron's "Validate signature error: …" text, OTHER_ERROR for an uncaught Java
 * exception.
 */
function checkSignatures(tx: ParsedTransaction, ctx: ApplyContext, signers: readonly RecoveredSignature[]): void {
  const props = ctx.view.props;
  try {
    validateSignatures({
      reader: ctx.view,
      contractCount: tx.contractCount,
      contract: tx.contract,
      signatures: tx.signatures,
      recovered: signers,
      totalSignNum: props.totalSignNum,
      activeDefaultOperations: activeDefaultOperations(props.activeDefaultOperations),
    });
  } catch (error) {
    if (error instanceof TransactionSignatureError)
      throw new AdmissionError(RESPONSE_CODE.SIGERROR, `Validate signature error: ${error.message}`);
    // Wallet.broadcastTransaction's last catch: an exception no check expects ("Invalid point compression").
    if (error instanceof JavaError) throw new AdmissionError(RESPONSE_CODE.OTHER_ERROR, `Error: ${error.message}`);
    throw error;
  }
}

/**
 * Checks the signatures on `ctx.view`, runs `afterSignatureCheck`, then applies `tx` in its own
 * journal (processor.ts). A refusal throws AdmissionError and leaves the view unchanged; a VM
 * contract answers with a promise, and the view is the transaction's until it settles.
 */
export function applyTransaction(tx: ParsedTransaction, ctx: ApplyContext): TxOutcome | Promise<TxOutcome> {
  // An impersonated owner (fork mode) passes as if its permission's keys had signed.
  if (ctx.signers && !(tx.contract && ctx.impersonated?.has(tx.contract.ownerHex)))
    checkSignatures(tx, ctx, ctx.signers);
  ctx.afterSignatureCheck?.();
  return processTransaction(tx, ctx);
}
