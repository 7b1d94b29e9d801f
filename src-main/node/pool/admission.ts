import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { RecoveredSignature } from '../auth/permission-check';
import { validateSignatures } from '../auth/permission-check';
import type { Chain } from '../chain/chain';
import type { TxEnvelope } from '../chain/tx';
import type { AccountReader } from '../state/view';
import { AdmissionError, JavaError, RESPONSE_CODE, TransactionSignatureError } from '../errors';

export interface AdmissionCheckInput {
  readonly chain: Chain;
  /** The state the signature check reads the owner's permissions from (pending state, or a dry run's copy). */
  readonly reader: AccountReader;
  /** Recovered signers; `null` skips the signature check (a dry run "as if signed"). */
  readonly recovered: readonly RecoveredSignature[] | null;
  readonly activeDefaultOperations: Uint8Array;
  /** Whether the pool already holds this transaction. */
  readonly inPool: (txIdHex: string) => boolean;
}

/**
 * Admission's checks before the contract runs, in java-tron's order (java-tron-http.md §5 steps
 * 6–13): expired for the next slot, signatures and permission, exactly one contract, TAPOS, size
 * with its result, the expiration window, duplicates. Throws AdmissionError with java-tron's
 * code and message. The pool and the dry run share it, so a dry run refuses what admission would.
 */
export function checkAdmission(tx: TxEnvelope, input: AdmissionCheckInput): void {
  const { chain } = input;
  const props = chain.props;
  if (tx.expiration < chain.nextSlotTime())
    throw new AdmissionError(RESPONSE_CODE.TRANSACTION_EXPIRATION_ERROR, 'Transaction expired');
  if (input.recovered) {
    try {
      validateSignatures({
        reader: input.reader,
        contractCount: tx.contractCount,
        contract: tx.contract,
        signatures: tx.signatures,
        recovered: input.recovered,
        totalSignNum: props.totalSignNum,
        activeDefaultOperations: input.activeDefaultOperations,
      });
    } catch (error) {
      if (error instanceof TransactionSignatureError)
        throw new AdmissionError(RESPONSE_CODE.SIGERROR, `Validate signature error: ${error.message}`);
      // Wallet.broadcastTransaction's last catch: an exception no check expects.
      if (error instanceof JavaError) throw new AdmissionError(RESPONSE_CODE.OTHER_ERROR, `Error: ${error.message}`);
      throw error;
    }
  }
  if (tx.contractCount !== 1) {
    throw new AdmissionError(
      RESPONSE_CODE.CONTRACT_VALIDATE_ERROR,
      `Contract validate error : tx ${tx.idHex} contract size should be exactly 1, this is extend feature ,actual :${tx.contractCount}`,
    );
  }
  if (!chain.tapos(tx.refBlockBytes, tx.refBlockHash))
    throw new AdmissionError(RESPONSE_CODE.TAPOS_ERROR, 'Tapos check error.');
  // Manager.validateCommon: the size without ret plus twice MAX_RESULT_SIZE_IN_TX, and that sum is what it prints.
  const generalBytes = tx.bytes.length + 2 * PROTOCOL_CONSTANTS.MAX_RESULT_SIZE_IN_TX;
  if (generalBytes > PROTOCOL_CONSTANTS.MAX_TRANSACTION_SIZE) {
    throw new AdmissionError(
      RESPONSE_CODE.TOO_BIG_TRANSACTION_ERROR,
      `Too big transaction with result, TxId ${tx.idHex}, the size is ${generalBytes} bytes, maxTxSize ${PROTOCOL_CONSTANTS.MAX_TRANSACTION_SIZE}`,
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
