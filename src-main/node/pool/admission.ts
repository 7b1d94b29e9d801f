import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { RecoveredSignature } from '../permission-check/permission-check';
import type { Chain } from '../chain/chain';
import { applyTransaction } from '../chain/apply';
import { AdmissionError, RESPONSE_CODE } from '../errors';
import type { ProcessContext, TxOutcome } from '../chain/processor';
import type { ParsedTransaction } from '../model/tx';

export interface AdmissionInput {
  readonly chain: Chain;
  /** Where the transaction runs: the pending state, or a dry run's copy (the signature check reads it too). */
  readonly context: ProcessContext;
  /** Recovered signers; `null` skips the signature check (a dry run "as if signed"). */
  readonly recovered: readonly RecoveredSignature[] | null;
  /** Whether the pool already holds this transaction. */
  readonly inPool: (txIdHex: string) => boolean;
}

/**
 * Admission in java-tron's order (Manager.pushTransaction, Manager.validateCommon, processTransaction): expired for the
 * next slot, signatures and permission, exactly one contract, TAPOS, size with its result, the expiration
 * window, duplicates, then the contract on `input.context.view`. Throws AdmissionError with
 * java-tron's code and message. The pool and the dry run share it, so a dry run refuses what
 * admission would.
 */
export function admitTransaction(tx: ParsedTransaction, input: AdmissionInput): TxOutcome | Promise<TxOutcome> {
  const { chain } = input;
  if (tx.expiration < chain.clock.nextSlotTime())
    throw new AdmissionError(RESPONSE_CODE.TRANSACTION_EXPIRATION_ERROR, 'Transaction expired');
  return applyTransaction(tx, {
    ...input.context,
    signers: input.recovered,
    afterSignatureCheck: () => checkAfterSignatures(tx, input),
  });
}

/** Steps 8–13: what admission checks between the signatures and the contract. */
function checkAfterSignatures(tx: ParsedTransaction, input: AdmissionInput): void {
  const { chain } = input;
  const props = chain.props;
  if (tx.contractCount !== 1) {
    throw new AdmissionError(
      RESPONSE_CODE.CONTRACT_VALIDATE_ERROR,
      `Contract validate error : tx ${tx.idHex} contract size should be exactly 1, this is extend feature ,actual ` +
        `:${tx.contractCount}`,
    );
  }
  if (!chain.tapos(tx.refBlockBytes, tx.refBlockHash))
    throw new AdmissionError(RESPONSE_CODE.TAPOS_ERROR, 'Tapos check error.');
  // Manager.validateCommon: the size without ret plus twice MAX_RESULT_SIZE_IN_TX, and that sum is what it prints.
  const generalBytes = tx.bytes.length + 2 * PROTOCOL_CONSTANTS.MAX_RESULT_SIZE_IN_TX;
  if (generalBytes > PROTOCOL_CONSTANTS.MAX_TRANSACTION_SIZE) {
    throw new AdmissionError(
      RESPONSE_CODE.TOO_BIG_TRANSACTION_ERROR,
      `Too big transaction with result, TxId ${tx.idHex}, the size is ${generalBytes} bytes, maxTxSize ` +
        `${PROTOCOL_CONSTANTS.MAX_TRANSACTION_SIZE}`,
    );
  }
  if (
    tx.expiration <= props.headTimestamp ||
    tx.expiration > props.headTimestamp + PROTOCOL_CONSTANTS.MAX_EXPIRATION_MS
  ) {
    throw new AdmissionError(RESPONSE_CODE.TRANSACTION_EXPIRATION_ERROR, 'Transaction expired');
  }
  if (input.inPool(tx.idHex) || chain.isPackedAndUnexpired(tx.idHex))
    throw new AdmissionError(RESPONSE_CODE.DUP_TRANSACTION_ERROR, 'Dup transaction.');
}
