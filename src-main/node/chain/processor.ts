import { encodeBase58Check } from '../../../src-core/bytes/base58';
import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { ActuatorRegistry } from '../actuators/registry';
import type { ActuatorContext, ActuatorResult, ExecutionBlock } from '../model/execution';
import { bandwidthBytesOf } from '../../../src-core/fee/bandwidth';
import { tokenIdText } from '../trc10/assets';
import { consumeBandwidth } from '../resources/bandwidth';
import type { StateView } from '../state/view';
import {
  AdmissionError,
  BandwidthInsufficient,
  ContractExeError,
  ContractValidateError,
  RESPONSE_CODE,
  UnknownAssetForBandwidth,
} from '../errors';
import type { ParsedTransaction } from '../model/tx';

/**
 * Steps 14–18 of java-tron's Manager.processTransaction (and BandwidthProcessor.consume): bandwidth, the
 * multi-signature and memo fees, the new-account size limit, then the actuator. All of it runs in
 * one journal on `view`, so a refusal leaves no trace.
 */
export interface TxOutcome {
  /** Fee charged by the actuator (ret.fee): activation, account creation, permission update. */
  readonly actuatorFee: bigint;
  /** Anything else the actuator reported (the VM: contractRet, energy, logs…). */
  readonly result?: ActuatorResult;
  readonly netUsage: bigint;
  readonly netFee: bigint;
  readonly multiSignFee: bigint;
  readonly memoFee: bigint;
}

/**
 * TransactionInfo.fee: actuator fee + energy fee + net fee + multi-signature fee + memo fee (TransactionInfo in
 * Tron.proto).
 */
export function totalFee(o: TxOutcome): bigint {
  return o.actuatorFee + (o.result?.energyFee ?? 0n) + o.netFee + o.multiSignFee + o.memoFee;
}

export interface ProcessContext {
  readonly view: StateView;
  readonly actuators: ActuatorRegistry;
  readonly headTimestamp: number;
  readonly headSlot: number;
  /** The block the transaction runs in (the predicted next block for the pending state). */
  readonly block?: ExecutionBlock;
  /** Owners whose transactions need no signatures (a fork's impersonation), hex. */
  readonly impersonated?: ReadonlySet<string>;
}

const TRANSFER_ASSET = 2;

const insufficient = (): AdmissionError =>
  new AdmissionError(RESPONSE_CODE.BANDWITH_ERROR, 'Account resource insufficient error.');

function validateError(error: ContractValidateError): AdmissionError {
  return new AdmissionError(RESPONSE_CODE.CONTRACT_VALIDATE_ERROR, `Contract validate error : ${error.message}`);
}

function executeError(error: unknown): unknown {
  if (error instanceof ContractExeError)
    return new AdmissionError(RESPONSE_CODE.CONTRACT_EXE_ERROR, `Contract execute error : ${error.message}`);
  if (error instanceof ContractValidateError) return validateError(error);
  return error;
}

/**
 * Applies `tx` to `ctx.view` in its own journal. System contracts finish synchronously; a VM
 * contract answers with a promise, and the view must not be used by anyone else until it settles.
 */
export function processTransaction(tx: ParsedTransaction, ctx: ProcessContext): TxOutcome | Promise<TxOutcome> {
  const { view } = ctx;
  const contract = tx.contract!;
  const p = view.props.parameters;
  view.begin();
  try {
    const owner = contract.owner.length ? view.mutableAccount(contract.ownerHex) : undefined;
    if (!owner) {
      throw new AdmissionError(
        RESPONSE_CODE.CONTRACT_VALIDATE_ERROR,
        `Contract validate error : account [${encodeBase58Check(contract.owner)}] does not exist`,
      );
    }
    const actuator = ctx.actuators.get(contract.type);
    const actuatorCtx: ActuatorContext = { view, headTimestamp: ctx.headTimestamp, block: ctx.block, tx };
    const createsAccount = actuator?.createsAccount(contract, actuatorCtx) ?? false;
    const bytes = bandwidthBytesOf({
      rawDataLength: tx.rawBytes.length,
      signatureLengths: tx.signatures.map((s) => s.length),
      contracts: tx.contractCount,
    });
    // TransferAssetContract may use the token issuer's bandwidth (java-tron useAssetAccountNet).
    const assetName =
      contract.type === TRANSFER_ASSET
        ? ((contract.message?.asset_name as Uint8Array | undefined) ?? new Uint8Array())
        : undefined;
    let bill;
    try {
      bill = consumeBandwidth({
        view,
        owner,
        bytes,
        createsAccount,
        nowSlot: ctx.headSlot,
        headTimestamp: ctx.headTimestamp,
        transferAssetId: assetName ? tokenIdText(assetName) : undefined,
      });
    } catch (error) {
      if (error instanceof BandwidthInsufficient) throw insufficient();
      if (error instanceof UnknownAssetForBandwidth)
        throw new AdmissionError(RESPONSE_CODE.CONTRACT_VALIDATE_ERROR, `Contract validate error : ${error.message}`);
      throw error;
    }
    let multiSignFee = 0n;
    if (tx.signatures.length > 1) {
      multiSignFee = p.getMultiSignFee;
      if (owner.balance < multiSignFee) throw insufficient();
      owner.balance -= multiSignFee;
      view.mutable.burnedSun += multiSignFee;
    }
    let memoFee = 0n;
    if (tx.memo.length > 0) {
      memoFee = p.getMemoFee;
      if (owner.balance < memoFee) throw insufficient();
      owner.balance -= memoFee;
      view.mutable.burnedSun += memoFee;
    }
    if (createsAccount) {
      const size = tx.bytes.length - PROTOCOL_CONSTANTS.SIGNATURE_LENGTH * tx.signatures.length;
      if (BigInt(size) > p.getMaxCreateAccountTxSize) {
        throw new AdmissionError(
          RESPONSE_CODE.TOO_BIG_TRANSACTION_ERROR,
          `Too big new account transaction, TxId ${tx.idHex}, the size is ${size} bytes, maxTxSize ` +
            `${p.getMaxCreateAccountTxSize}`,
        );
      }
    }
    if (!actuator) {
      throw new AdmissionError(
        RESPONSE_CODE.CONTRACT_VALIDATE_ERROR,
        `Contract validate error : ${contract.typeName ?? contract.type} is not supported by this node yet`,
      );
    }
    let executed: bigint | ActuatorResult | Promise<ActuatorResult>;
    try {
      actuator.validate(contract, actuatorCtx);
    } catch (error) {
      if (error instanceof ContractValidateError) throw validateError(error);
      throw error;
    }
    try {
      executed = actuator.execute(contract, actuatorCtx);
    } catch (error) {
      throw executeError(error);
    }
    const finish = (done: bigint | ActuatorResult): TxOutcome => {
      view.commitTx();
      const result = typeof done === 'bigint' ? undefined : done;
      const actuatorFee = typeof done === 'bigint' ? done : done.fee;
      return { actuatorFee, result, netUsage: bill.netUsage, netFee: bill.netFee, multiSignFee, memoFee };
    };
    if (!(executed instanceof Promise)) return finish(executed);
    return executed.then(finish, (error: unknown) => {
      view.rollback();
      throw executeError(error);
    });
  } catch (error) {
    view.rollback();
    throw error;
  }
}
