import type { HexAddress } from '../../../src-core/brand';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { contractAddressOf } from '../../../src-core/tx/contract-address';
import {
  DEFAULT_MAX_ENERGY_LIMIT_FOR_CONSTANT,
  accountEnergyLimit,
  checkFeeLimit,
  clampPercent,
  constantEnergyLimit,
  effectiveOriginEnergyLimit,
  splitEnergyBill,
  triggerEnergyLimit,
} from './energy-limit';
import { estimateByBinarySearch } from './estimate';
import { executeRoot, type ExecutionSettings, type RootExecution } from './execution';
import { opcodeTableKey, vmFlagsFrom, type VmFlags } from './flags';
import type {
  ConstantRequest,
  CreateRequest,
  EnergyLimitDetail,
  EstimateResult,
  TriggerRequest,
  VmExecutionResult,
  VmTransactionResult,
} from './requests';
import type { StakingContext, StakingHooks } from './staking-hooks';
import {
  checkCreateShape,
  checkOriginEnergyLimit,
  checkOwnerExists,
  checkTokenValueAndId,
  checkTrxTransfer,
  checkValues,
  createContractAccount,
  transferToken,
} from './validation';
import { createTronEvm } from './evm/factory';
import type { TronEvm } from './evm/tron-evm';
import { balanceOf, type TronWorldState } from './world-state';
import { VmValidationError } from '../errors';

export interface TronVmOptions {
  /** Chain parameters (proposal switches, energy fee, max fee limit, dynamic-energy settings). */
  readonly parameters: ChainParameters;
  readonly staking: StakingHooks;
  /** Receives TRX of contracts that self-destruct to themselves (`getBlackHoleAddress`). */
  readonly blackHoleAddress: HexAddress;
  /** `vm.maxEnergyLimitForConstant` (default 100 000 000; values below 3 000 000 count as 3 000 000). */
  readonly maxEnergyLimitForConstant?: bigint;
  /**
   * Wall-clock budget per execution for OUT_OF_TIME (java-tron: maxCpuTimeOfOneTx ms). Off by default:
   * this engine is slower than java-tron, so the same budget would fail transactions that pass there.
   */
  readonly cpuTimeLimitMs?: number;
  /** Node config `saveCancelAllUnfreezeV2Details`. */
  readonly saveCancelAllUnfreezeV2Details?: boolean;
  /** `allowShieldedTRC20Transaction` registers the (unsupported) shielded-proof precompiles. */
  readonly allowShieldedTrc20?: boolean;
}

function param(parameters: ChainParameters, key: string): bigint {
  return (parameters as unknown as Partial<Record<string, bigint>>)[key] ?? 0n;
}

/**
 * The TRON virtual machine for the node: CreateSmartContract, TriggerSmartContract, constant calls
 * and energy estimation with java-tron's energy accounting, internal transactions and events.
 * Executions are serialized (one at a time), because the underlying EVM is stateful.
 */
export class TronVm {
  private evm: TronEvm;
  private flags: VmFlags;
  private settings: ExecutionSettings;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    evm: TronEvm,
    private options: TronVmOptions,
  ) {
    this.evm = evm;
    this.flags = vmFlagsFrom(options.parameters);
    this.settings = this.settingsFor(options);
  }

  static async create(options: TronVmOptions, world: TronWorldState): Promise<TronVm> {
    const flags = vmFlagsFrom(options.parameters);
    const evm = await createTronEvm({ flags, allowShieldedTrc20: options.allowShieldedTrc20 ?? false, world });
    return new TronVm(evm, options);
  }

  get parameters(): ChainParameters {
    return this.options.parameters;
  }

  /** New chain parameters (after a maintenance period); rebuilds the opcode table if a switch changed. */
  setChainParameters(parameters: ChainParameters): Promise<void> {
    return this.serialize(async () => {
      const flags = vmFlagsFrom(parameters);
      if (opcodeTableKey(flags) !== opcodeTableKey(this.flags)) {
        this.evm = await createTronEvm({
          flags,
          allowShieldedTrc20: this.options.allowShieldedTrc20 ?? false,
          world: this.evm.tronState.world,
        });
      }
      this.options = { ...this.options, parameters };
      this.flags = flags;
      this.settings = this.settingsFor(this.options);
    });
  }

  private settingsFor(options: TronVmOptions): ExecutionSettings {
    return {
      parameters: options.parameters,
      flags: vmFlagsFrom(options.parameters),
      staking: options.staking,
      blackHole: options.blackHoleAddress,
      cpuTimeLimitMs: options.cpuTimeLimitMs,
      saveCancelAllUnfreezeV2Details: options.saveCancelAllUnfreezeV2Details ?? false,
    };
  }

  private serialize<T>(job: () => Promise<T>): Promise<T> {
    const next = this.queue.then(job, job);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private stakingContext(request: { world: TronWorldState; block: StakingContext['block'] }): StakingContext {
    return { world: request.world, block: request.block, parameters: this.options.parameters };
  }

  /** CreateSmartContract: contract address = keccak(txID ‖ owner)[12:] (WalletUtil.generateContractAddress). */
  runCreate(request: CreateRequest): Promise<VmTransactionResult> {
    return this.serialize(async () => {
      const parameters = this.options.parameters;
      const contractAddress = contractAddressOf(bytesToHex(request.txId), request.owner);
      const callValue = request.callValue ?? 0n;
      const tokenValue = this.flags.allowTvmTransferTrc10 ? (request.tokenValue ?? 0n) : 0n;
      const tokenId = this.flags.allowTvmTransferTrc10 ? (request.tokenId ?? 0n) : 0n;
      checkCreateShape(request.world, {
        owner: request.owner,
        originAddress: request.originAddress ?? request.owner,
        name: request.name ?? '',
        consumeUserResourcePercent: request.consumeUserResourcePercent,
        contractAddress,
      });
      checkFeeLimit(request.feeLimit, param(parameters, 'getMaxFeeLimit'));
      checkOwnerExists(request.world, request.owner);
      checkValues(callValue, tokenValue);
      checkOriginEnergyLimit(request.originEnergyLimit);
      const callerEnergyLeft = this.options.staking.accountEnergyLeft(this.stakingContext(request), request.owner);
      const energyLimit = accountEnergyLimit({
        energyLeftFromFreeze: callerEnergyLeft,
        balance: balanceOf(request.world, request.owner),
        callValue,
        feeLimit: request.feeLimit,
        energyFee: param(parameters, 'getEnergyFee'),
      });
      checkTokenValueAndId(this.flags, tokenValue, tokenId);
      checkTrxTransfer(request.world, request.owner, callValue);
      const execution = await executeRoot(this.evm, this.settings, {
        request: { ...request, callValue, tokenValue, tokenId },
        contractAddress,
        isCreate: true,
        input: request.bytecode,
        energyLimit,
        version: this.flags.allowTvmCompatibleEvm ? 1 : 0,
        isConstant: false,
        prepare: (world) => {
          createContractAccount(world, contractAddress);
          world.putContract(contractAddress, {
            originAddress: request.owner,
            consumeUserResourcePercent: request.consumeUserResourcePercent,
            originEnergyLimit: request.originEnergyLimit,
            version: this.flags.allowTvmCompatibleEvm ? 1 : 0,
            name: request.name ?? '',
            ...(request.abi !== undefined ? { abi: request.abi } : {}),
          });
          if (this.flags.allowTvmTransferTrc10)
            transferToken(world, request.owner, contractAddress, tokenId, tokenValue);
        },
      });
      const limit: EnergyLimitDetail = {
        callerLimit: energyLimit,
        creatorLimit: 0n,
        callerEnergyLeft,
        originEnergyLeft: 0n,
        origin: request.owner,
        consumeUserResourcePercent: request.consumeUserResourcePercent,
        originEnergyLimit: request.originEnergyLimit,
      };
      return { ...execution, limit, bill: this.bill(execution, limit, true) };
    });
  }

  /** TriggerSmartContract. */
  runTrigger(request: TriggerRequest): Promise<VmTransactionResult> {
    return this.serialize(async () => {
      const { world } = request;
      const parameters = this.options.parameters;
      const contract = world.getContract(request.contractAddress);
      if (contract === undefined) throw new VmValidationError('NO_CONTRACT', 'No contract or not a smart contract');
      const callValue = request.callValue ?? 0n;
      const tokenValue = this.flags.allowTvmTransferTrc10 ? (request.tokenValue ?? 0n) : 0n;
      const tokenId = this.flags.allowTvmTransferTrc10 ? (request.tokenId ?? 0n) : 0n;
      checkValues(callValue, tokenValue);
      checkTokenValueAndId(this.flags, tokenValue, tokenId);
      checkOwnerExists(world, request.owner);
      const hasCode = world.getCode(request.contractAddress).length > 0;
      const ctx = this.stakingContext(request);
      const percent = clampPercent(contract.consumeUserResourcePercent);
      const originEnergyLimit = effectiveOriginEnergyLimit(contract.originEnergyLimit);
      const origin = contract.originAddress;
      const originExists = world.getAccount(origin) !== undefined || !this.flags.allowTvmConstantinople;
      const callerIsOrigin = origin === request.owner;
      let limit: EnergyLimitDetail = {
        callerLimit: 0n,
        creatorLimit: 0n,
        callerEnergyLeft: 0n,
        originEnergyLeft: 0n,
        origin: originExists ? origin : undefined,
        consumeUserResourcePercent: percent,
        originEnergyLimit,
      };
      if (hasCode) {
        checkFeeLimit(request.feeLimit, param(parameters, 'getMaxFeeLimit'));
        const callerEnergyLeft = this.options.staking.accountEnergyLeft(ctx, request.owner);
        const originEnergyLeft =
          originExists && !callerIsOrigin && percent < 100n ? this.options.staking.accountEnergyLeft(ctx, origin) : 0n;
        const computed = triggerEnergyLimit({
          caller: {
            energyLeftFromFreeze: callerEnergyLeft,
            balance: balanceOf(world, request.owner),
            callValue,
            feeLimit: request.feeLimit,
            energyFee: param(parameters, 'getEnergyFee'),
          },
          originExists,
          callerIsOrigin,
          consumeUserResourcePercent: percent,
          originEnergyLimit,
          originEnergyLeft,
        });
        limit = {
          ...limit,
          callerLimit: computed.callerLimit,
          creatorLimit: computed.creatorLimit,
          callerEnergyLeft,
          originEnergyLeft,
        };
      }
      checkTrxTransfer(world, request.owner, callValue);
      const execution = await executeRoot(this.evm, this.settings, {
        request: { ...request, callValue, tokenValue, tokenId },
        contractAddress: request.contractAddress,
        isCreate: false,
        input: request.data,
        energyLimit: limit.callerLimit + limit.creatorLimit,
        version: contract.version,
        isConstant: false,
        prepare: (w) => {
          if (this.flags.allowTvmTransferTrc10)
            transferToken(w, request.owner, request.contractAddress, tokenId, tokenValue);
        },
      });
      return { ...execution, limit, bill: this.bill(execution, limit, callerIsOrigin || !originExists) };
    });
  }

  private bill(
    execution: VmExecutionResult,
    limit: EnergyLimitDetail,
    callerPaysAll: boolean,
  ): VmTransactionResult['bill'] {
    return splitEnergyBill({
      energyUsageTotal: execution.energyUsed,
      callerIsOrigin: callerPaysAll,
      originExists: limit.origin !== undefined,
      consumeUserResourcePercent: limit.consumeUserResourcePercent,
      originEnergyLimit: limit.originEnergyLimit,
      originEnergyLeft: limit.originEnergyLeft,
      callerEnergyLeft: limit.callerEnergyLeft,
      energyFee: param(this.options.parameters, 'getEnergyFee'),
    });
  }

  /** triggerconstantcontract: runs on a throw-away layer of the world; nothing is kept. */
  runConstant(request: ConstantRequest): Promise<VmExecutionResult> {
    return this.serialize(() => this.constant(request));
  }

  private constant(request: ConstantRequest): Promise<VmExecutionResult> {
    const parameters = this.options.parameters;
    const energyLimit = constantEnergyLimit(
      this.options.maxEnergyLimitForConstant ?? DEFAULT_MAX_ENERGY_LIMIT_FOR_CONSTANT,
      request.feeLimit ?? 0n,
      param(parameters, 'getEnergyFee'),
    );
    const callValue = request.callValue ?? 0n;
    const tokenValue = this.flags.allowTvmTransferTrc10 ? (request.tokenValue ?? 0n) : 0n;
    const tokenId = this.flags.allowTvmTransferTrc10 ? (request.tokenId ?? 0n) : 0n;
    const normalized = { ...request, callValue, tokenValue, tokenId };
    if (request.contractAddress === undefined) return this.constantDeploy(normalized, energyLimit);
    const contract = request.world.getContract(request.contractAddress);
    if (contract === undefined) throw new VmValidationError('NO_CONTRACT', 'Smart contract is not exist.');
    checkValues(callValue, tokenValue);
    checkTokenValueAndId(this.flags, tokenValue, tokenId);
    checkTrxTransfer(request.world, request.owner, callValue);
    const contractAddress = request.contractAddress;
    return executeRoot(this.evm, this.settings, {
      request: normalized,
      contractAddress,
      isCreate: false,
      input: request.data,
      energyLimit: request.world.getCode(contractAddress).length > 0 ? energyLimit : 0n,
      version: contract.version,
      isConstant: true,
      budget: request.budget,
      prepare: (w) => {
        if (this.flags.allowTvmTransferTrc10) transferToken(w, request.owner, contractAddress, tokenId, tokenValue);
      },
    });
  }

  /** `Wallet.triggerConstantContract` without a contract: a deploy with percent 100 and origin_energy_limit 1. */
  private constantDeploy(
    request: ConstantRequest & { callValue: bigint; tokenValue: bigint; tokenId: bigint },
    energyLimit: bigint,
  ): Promise<VmExecutionResult> {
    const contractAddress = contractAddressOf(bytesToHex(request.txId), request.owner);
    checkCreateShape(request.world, {
      owner: request.owner,
      originAddress: request.owner,
      name: '',
      consumeUserResourcePercent: 100n,
      contractAddress,
    });
    checkTokenValueAndId(this.flags, request.tokenValue, request.tokenId);
    checkTrxTransfer(request.world, request.owner, request.callValue);
    const run: RootExecution = {
      request,
      contractAddress,
      isCreate: true,
      input: request.data,
      energyLimit,
      version: this.flags.allowTvmCompatibleEvm ? 1 : 0,
      isConstant: true,
      budget: request.budget,
      prepare: (world) => {
        createContractAccount(world, contractAddress);
        world.putContract(contractAddress, {
          originAddress: request.owner,
          consumeUserResourcePercent: 100n,
          originEnergyLimit: 1n,
          version: this.flags.allowTvmCompatibleEvm ? 1 : 0,
          name: '',
        });
        if (this.flags.allowTvmTransferTrc10)
          transferToken(world, request.owner, contractAddress, request.tokenId, request.tokenValue);
      },
    };
    return executeRoot(this.evm, this.settings, run);
  }

  /**
   * estimateenergy (`Wallet.estimateEnergy`): one constant run at the max fee limit, then a binary
   * search on the fee limit to 1 TRX precision; `energyRequired = ceil(high / energyFee)`.
   */
  estimateEnergy(request: Omit<ConstantRequest, 'feeLimit'>): Promise<EstimateResult> {
    return this.serialize(() =>
      estimateByBinarySearch({
        maxFeeLimit: param(this.options.parameters, 'getMaxFeeLimit'),
        energyFee: param(this.options.parameters, 'getEnergyFee'),
        run: (feeLimit) => this.constant({ ...request, feeLimit }),
      }),
    );
  }
}
