import { EVMError, type Log, Message } from '@ethereumjs/evm';
import { Address } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { HexAddress } from '../../../src-core/brand';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { ENERGY_FACTOR_DECIMAL, Energy } from './energy-costs';
import { TvmException, TvmMessages, isTvmException } from './tvm-exceptions';
import type { VmFlags } from './flags';
import { toInternalTransaction } from './internal-transactions';
import type { ExecutionRequest, VmExecutionResult } from './requests';
import { decodeRevertReason } from './revert-reason';
import type { StakingHooks } from './staking-hooks';
import { clockFor, type TimeBudget } from './time-budget';
import { ContractResult, type VmLog } from './types';
import type { TronWorldState } from './world-state';
import { ethAddressOf } from './evm/addresses';
import type { FrameContext, TxContext } from './evm/frames';
import type { TronEvm } from './evm/tron-evm';

/** Settings that hold for every execution of one `TronVm`. */
export interface ExecutionSettings {
  readonly parameters: ChainParameters;
  readonly flags: VmFlags;
  readonly staking: StakingHooks;
  readonly blackHole: HexAddress;
  readonly cpuTimeLimitMs: number | undefined;
  readonly saveCancelAllUnfreezeV2Details: boolean;
}

/** One root frame to run: a trigger, a deploy, or their constant variants. */
export interface RootExecution {
  readonly request: ExecutionRequest;
  readonly contractAddress: HexAddress;
  readonly isCreate: boolean;
  /** Init code for a deploy; call data for a trigger. */
  readonly input: Uint8Array;
  readonly energyLimit: bigint;
  readonly version: number;
  readonly isConstant: boolean;
  /** Runs inside the transaction's checkpoint before the VM (account creation, TRC10 transfer). */
  readonly prepare: (world: TronWorldState) => void;
  /** This run's time limit and pauses; undefined = the VM's `cpuTimeLimitMs`, without pauses. */
  readonly budget?: TimeBudget;
}

const EMPTY = new Uint8Array(0);

function energyFeeOf(parameters: ChainParameters): bigint {
  return (parameters as unknown as Partial<Record<string, bigint>>)['getEnergyFee'] ?? 0n;
}

function createTxContext(settings: ExecutionSettings, run: RootExecution): TxContext {
  const { request } = run;
  const rootFrame: FrameContext = {
    address: run.contractAddress,
    itxHash: request.txId,
    itxIndex: -1,
    version: run.version,
    tokenId: request.tokenId ?? 0n,
    tokenValue: request.tokenValue ?? 0n,
    createNonce: undefined,
    isCreate2: false,
    factor: ENERGY_FACTOR_DECIMAL,
    baseUsage: 0n,
    callPenalty: 0n,
    energyLimit: run.energyLimit,
  };
  return {
    rootTxId: request.txId,
    nonce: 0n,
    itxs: [],
    frames: [rootFrame],
    penaltyTotal: 0n,
    deletedContracts: new Set(),
    pendingToken: undefined,
    rootLogsOnFailure: undefined,
    world: request.world,
    block: request.block,
    parameters: settings.parameters,
    flags: settings.flags,
    staking: settings.staking,
    stakingContext: { world: request.world, block: request.block, parameters: settings.parameters },
    energyFee: energyFeeOf(settings.parameters),
    blackHole: settings.blackHole,
    isConstant: run.isConstant,
    saveCancelAllUnfreezeV2Details: settings.saveCancelAllUnfreezeV2Details,
    clock: clockFor(
      run.budget ?? (settings.cpuTimeLimitMs === undefined ? undefined : { limitMs: settings.cpuTimeLimitMs }),
    ),
  };
}

function blockFor(
  request: ExecutionRequest,
  energyFee: bigint,
): NonNullable<Parameters<TronEvm['setExecutionEnvironment']>[0]> {
  const block = request.block;
  return {
    header: {
      number: block.number,
      coinbase: new Address(hexToBytes(block.witness.slice(2))),
      timestamp: block.timestampMs / 1000n,
      difficulty: 0n,
      prevRandao: new Uint8Array(32),
      gasLimit: 0n,
      baseFeePerGas: energyFee,
      getBlobGasPrice: () => 0n,
    },
  };
}

function toLogs(logs: readonly Log[] | undefined): VmLog[] {
  return (logs ?? []).map(([address, topics, data]) => ({ address, topics, data }));
}

interface Failure {
  readonly exception: TvmException | undefined;
  readonly reverted: boolean;
}

/**
 * Runs a root frame on the TRON EVM against the request's world and assembles java-tron's
 * result (VMActuator.execute + RuntimeImpl.setResultCode). State changes stay in the world only
 * when the transaction succeeded and is not a constant call.
 */
export async function executeRoot(
  evm: TronEvm,
  settings: ExecutionSettings,
  run: RootExecution,
): Promise<VmExecutionResult> {
  const { request } = run;
  const world = request.world;
  const tx = createTxContext(settings, run);
  evm.tronState.world = world;
  const startDepth = world.depth;
  world.checkpoint();
  try {
    run.prepare(world);
    evm.tx = tx;
    evm.setExecutionEnvironment(blockFor(request, tx.energyFee), ethAddressOf(request.owner), 0n);
    const message = new Message({
      caller: ethAddressOf(request.owner),
      to: ethAddressOf(run.contractAddress),
      value: request.callValue ?? 0n,
      data: run.isCreate ? EMPTY : run.input,
      ...(run.isCreate ? { code: run.input } : {}),
      gasLimit: run.energyLimit,
      depth: 0,
    });
    const outcome = (await evm.runCall({ message, skipNonceIncrement: true })).execResult;
    let used = outcome.executionGasUsed;
    let returnData = outcome.returnValue;
    const error = outcome.exceptionError as EVMError | TvmException | undefined;
    let failure: Failure | undefined =
      error === undefined
        ? undefined
        : {
            exception: isTvmException(error)
              ? error
              : error.error === EVMError.errorMessages.REVERT
                ? undefined
                : new TvmException('BytecodeExecution', error.error),
            reverted: error.error === EVMError.errorMessages.REVERT,
          };
    if (failure === undefined && run.isCreate) {
      const deposit = depositCode(world, settings.flags, run, returnData, used);
      used = deposit.used;
      if (deposit.exception !== undefined) failure = { exception: deposit.exception, reverted: false };
    }
    if (failure?.exception !== undefined && failure.exception.kind !== 'Transfer') used = run.energyLimit;
    const itxs = tx.itxs;
    if (failure !== undefined && (!run.isConstant || failure.exception !== undefined))
      for (const record of itxs) record.rejected = true;

    let logs: VmLog[] = [];
    if (failure === undefined) logs = toLogs(outcome.logs);
    else if (run.isConstant && failure.reverted) logs = toLogs(tx.rootLogsOnFailure);
    if (failure !== undefined && failure.exception !== undefined) returnData = EMPTY;

    if (failure === undefined && !run.isConstant) {
      world.commit();
      for (const address of tx.deletedContracts) {
        world.deleteContract(address);
        world.deleteAccount(address);
      }
    } else {
      world.revert();
    }

    const penalty = tx.penaltyTotal;
    return {
      result:
        failure === undefined
          ? ContractResult.SUCCESS
          : failure.reverted
            ? ContractResult.REVERT
            : failure.exception!.result,
      resMessage: failure === undefined ? '' : failure.reverted ? TvmMessages.revert : failure.exception!.message,
      exceptionClass: failure?.exception?.javaClass,
      energyUsed: used,
      energyPenalty: penalty,
      baseEnergyUsed: used - penalty,
      energyLimit: run.energyLimit,
      returnData,
      revertReason: failure?.reverted ? decodeRevertReason(returnData) : undefined,
      logs,
      internalTransactions: itxs.map(toInternalTransaction),
      contractAddress: run.contractAddress,
      deletedContracts: failure === undefined && !run.isConstant ? [...tx.deletedContracts] : [],
    };
  } catch (error) {
    // A bug in a hook or the backend escaped mid-frame: undo everything the transaction wrote.
    while (world.depth > startDepth) world.revert();
    evm.transientStorage.clear();
    throw error;
  } finally {
    evm.tx = undefined;
    evm.journal.cleanJournal();
  }
}

/**
 * The deploy's code deposit (VMActuator.execute): 0xEF-prefixed code is INVALID_CODE once
 * allowTvmLondon; otherwise 200 energy per byte, OUT_OF_ENERGY when it does not fit.
 */
function depositCode(
  world: TronWorldState,
  flags: VmFlags,
  run: RootExecution,
  code: Uint8Array,
  used: bigint,
): { used: bigint; exception: TvmException | undefined } {
  if (code.length > 0 && flags.allowTvmLondon && code[0] === 0xef)
    return { used, exception: new TvmException('InvalidCode', TvmMessages.invalidCode) };
  const cost = BigInt(code.length) * Energy.CREATE_DATA;
  const left = run.energyLimit - used;
  if (left < cost) {
    return {
      used,
      exception: new TvmException(
        'OutOfEnergy',
        TvmMessages.notEnoughSpendEnergy('save just created contract code', cost, left),
      ),
    };
  }
  world.setCode(run.contractAddress, code);
  const meta = world.getContract(run.contractAddress);
  if (meta !== undefined) world.putContract(run.contractAddress, { ...meta, codeHash: keccak_256(code) });
  return { used: used + cost, exception: undefined };
}
