import { EVM, EVMError, type EVMOpts, type EVMResult, type ExecResult, type Message } from '@ethereumjs/evm';
import { Account, Address } from '@ethereumjs/util';
import { catchUpToCycle, effectiveFactor, newContractState } from '../dynamic-energy';
import { ENERGY_FACTOR_DECIMAL, stackInputs } from '../energy-costs';
import { TvmException, TvmMessages, isTvmException } from '../tvm-exceptions';
import { createInternalTx } from '../internal-transactions';
import { AccountType, ensureAccount } from '../world-state';
import { create2Address, createAddress, hexAddressOf } from './addresses';
import type { RunState } from './evm-types';
import { currentFrame, type FrameContext, type TxContext } from './frames';
import type { TronInterpreterConstructor } from './interpreter';
import type { TronStateManager } from './state-manager';
import { VmStateError } from '../../errors';

interface InterpreterResult {
  runState: RunState;
  exceptionError?: EVMError | TvmException;
}

interface InterpreterRunner {
  frame: FrameContext;
  tx: TxContext;
  _result: { logs: ExecResult['logs']; returnValue?: Uint8Array };
  run(code: Uint8Array, opts: object): Promise<InterpreterResult>;
}

export interface TronEvmOptions extends EVMOpts {
  readonly interpreterClass: TronInterpreterConstructor;
}

/**
 * @ethereumjs/evm with TRON's frame semantics (java-tron `Program`, `VM`):
 * - nested messages get TRON internal transactions (notes, nonce, hash, `rejected`), TRC10
 *   transfers for CALLTOKEN, and a frame context (version, token id/value, dynamic energy);
 * - CREATE/CREATE2 addresses follow java-tron (`_generateAddress`), and a new contract is
 *   registered before its constructor runs (ISCONTRACT is true inside it);
 * - frames run on the TVM interpreter (`runInterpreter`), whose exceptions carry java-tron's
 *   result codes and messages.
 */
export class TronEvm extends EVM {
  /** The transaction being executed; set by `TronVm` around each run. */
  tx: TxContext | undefined;
  private readonly interpreterClass: TronInterpreterConstructor;

  constructor(options: TronEvmOptions) {
    super(options);
    this.interpreterClass = options.interpreterClass;
    this.events.on('newContract', (event: { address: Address }) => this.registerNewContract(event.address));
  }

  get tronState(): TronStateManager {
    return this.stateManager as TronStateManager;
  }

  currentTx(): TxContext {
    const tx = this.tx;
    if (tx === undefined) throw new VmStateError('NO_TRANSACTION', 'The TRON EVM ran outside a transaction context.');
    return tx;
  }

  /** Prepares block and origin for a root message (what `runCall` does when given no message). */
  setExecutionEnvironment(block: NonNullable<EVM['_block']>, origin: Address, gasPrice: bigint): void {
    this._block = block;
    this._tx = { gasPrice, origin };
  }

  override async runCall(opts: Parameters<EVM['runCall']>[0]): Promise<EVMResult> {
    const message = opts.message;
    const tx = this.tx;
    if (message === undefined || tx === undefined || message.depth === 0) return super.runCall(opts);
    if (message.to !== undefined && this.getPrecompile(message.codeAddress) !== undefined)
      return this.runPrecompileCall(message, tx);
    return this.runNestedFrame(message, tx);
  }

  /** Precompiles get no internal transaction; a CALLTOKEN to one still moves the token. */
  private async runPrecompileCall(message: Message, tx: TxContext): Promise<EVMResult> {
    const token = tx.pendingToken;
    tx.pendingToken = undefined;
    if (token === undefined || token.value === 0n) return super.runCall({ message });
    tx.world.checkpoint();
    moveToken(tx, currentFrame(tx).address, hexAddressOf(message.to!), token.id.toString(), token.value);
    const result = await super.runCall({ message });
    if (result.execResult.exceptionError !== undefined) tx.world.revert();
    else tx.world.commit();
    return result;
  }

  /** java-tron `Program.callToAddress` / `createContractImpl`, from the internal transaction on. */
  private async runNestedFrame(message: Message, tx: TxContext): Promise<EVMResult> {
    const parent = currentFrame(tx);
    const isCreate = message.to === undefined;
    const token = tx.pendingToken;
    tx.pendingToken = undefined;
    const createNonce = isCreate ? tx.nonce : undefined;
    tx.nonce += 1n;
    const target = isCreate ? ('' as const) : hexAddressOf(message.to!);
    const record = createInternalTx({
      parentHash: parent.itxHash,
      deep: message.depth - 1,
      caller: parent.address,
      transferTo: target,
      value: message.delegatecall || token !== undefined ? 0n : message.value,
      data: message.data,
      note: isCreate ? 'create' : 'call',
      nonce: tx.nonce,
      ...(token !== undefined ? { tokenInfo: new Map([[token.id.toString(), token.value]]) } : {}),
    });
    const itxIndex = tx.itxs.push(record) - 1;
    const frame: FrameContext = {
      address: target === '' ? parent.address : target,
      itxHash: record.hash,
      itxIndex,
      version: isCreate ? parent.version : (tx.world.getContract(hexAddressOf(message.codeAddress))?.version ?? 0),
      tokenId: token?.id ?? 0n,
      tokenValue: token?.value ?? 0n,
      createNonce,
      isCreate2: message.salt !== undefined,
      factor: ENERGY_FACTOR_DECIMAL,
      baseUsage: 0n,
      callPenalty: 0n,
      energyLimit: message.gasLimit,
    };
    tx.frames.push(frame);
    let result: EVMResult;
    try {
      if (token !== undefined && token.value > 0n) {
        tx.world.checkpoint();
        moveToken(tx, parent.address, frame.address, token.id.toString(), token.value);
        result = await super.runCall({ message });
        if (result.execResult.exceptionError !== undefined) tx.world.revert();
        else tx.world.commit();
      } else {
        result = await super.runCall({ message });
      }
    } finally {
      tx.frames.pop();
    }
    if (result.execResult.exceptionError !== undefined) {
      for (let i = itxIndex; i < tx.itxs.length; i++) tx.itxs[i]!.rejected = true;
    }
    return result;
  }

  /**
   * TRON contract addresses: CREATE from the root tx id and nonce, CREATE2 with 0x41 for 0xff
   * (TransactionUtil.generateContractAddress, WalletUtil.generateContractAddress2).
   */
  protected override async _generateAddress(message: Message): Promise<Address> {
    const tx = this.currentTx();
    const frame = currentFrame(tx);
    const bytes =
      message.salt !== undefined
        ? create2Address(message.caller.bytes, message.salt, message.code as Uint8Array)
        : createAddress(tx.rootTxId, frame.createNonce ?? 0n);
    const address = new Address(bytes);
    frame.address = hexAddressOf(address);
    const record = tx.itxs[frame.itxIndex];
    if (record !== undefined) record.transferTo = frame.address;
    return address;
  }

  /**
   * `createContractImpl`: the new address becomes a Contract account (an existing plain account is
   * converted) with `consume_user_resource_percent` 100, the creator as origin and its version.
   */
  private registerNewContract(address: Address): void {
    const tx = this.currentTx();
    const frames = tx.frames;
    const frame = frames[frames.length - 1]!;
    const creator = frames[frames.length - 2];
    if (creator === undefined) return;
    const hex = hexAddressOf(address);
    const existing = tx.world.getAccount(hex);
    tx.world.putAccount(hex, { type: AccountType.Contract, balance: existing?.balance ?? 0n });
    tx.world.putContract(hex, {
      originAddress: creator.address,
      consumeUserResourcePercent: 100n,
      originEnergyLimit: 0n,
      version: tx.flags.allowTvmCompatibleEvm ? frame.version : 0,
      name: '',
      ...(frame.isCreate2 ? { trxHash: tx.rootTxId } : {}),
    });
  }

  /**
   * One frame on the TVM interpreter. Differences from the stock method: the frame's dynamic-energy
   * factor is brought up to date first and its base usage recorded after a normal stop (VM.play),
   * ethereumjs halts are converted into java-tron exceptions, and a TransferException in the root
   * frame keeps the unused energy (VMActuator only spends all energy for other exceptions).
   */
  protected override async runInterpreter(message: Message, opts: { pc?: number } = {}): Promise<ExecResult> {
    const tx = this.currentTx();
    const frame = currentFrame(tx);
    const to = message.to ?? new Address(new Uint8Array(20));
    const contract = (await this.stateManager.getAccount(to)) ?? new Account();
    if (tx.flags.allowDynamicEnergy) frame.factor = this.contextFactor(tx, frame);
    frame.energyLimit = message.gasLimit;
    const env = {
      address: to,
      caller: message.caller,
      callData: message.data,
      callValue: message.value,
      code: message.code as Uint8Array,
      isStatic: message.isStatic,
      isCreate: message.isCreate ?? false,
      depth: message.depth,
      gasPrice: this._tx!.gasPrice,
      origin: this._tx!.origin,
      block: this._block!,
      contract,
      codeAddress: message.codeAddress,
      gasRefund: message.gasRefund,
      chargeCodeAccesses: message.chargeCodeAccesses,
      blobVersionedHashes: [],
      createdAddresses: message.createdAddresses,
    };
    const interpreter = new this.interpreterClass(
      this,
      this.stateManager,
      this.blockchain,
      env,
      message.gasLimit,
      this.journal,
      this.performanceLogger,
      undefined,
    ) as unknown as InterpreterRunner;
    interpreter.frame = frame;
    interpreter.tx = tx;
    const outcome = await interpreter.run(message.code as Uint8Array, opts);
    const runState = outcome.runState;
    let error = outcome.exceptionError;
    let used = message.gasLimit - runState.gasLeft;
    let logs = interpreter._result.logs ?? [];
    if (error !== undefined && error.error !== EVMError.errorMessages.REVERT) {
      error = toTvmException(error, runState);
      const keepsUnused = isTvmException(error) && error.kind === 'Transfer' && message.depth === 0;
      if (!keepsUnused) used = message.gasLimit;
    }
    if (error !== undefined) {
      if (message.depth === 0) tx.rootLogsOnFailure = logs;
      logs = [];
    }
    if (tx.flags.allowDynamicEnergy && (error === undefined || error.error === EVMError.errorMessages.REVERT)) {
      const state = tx.world.getContractState(frame.address);
      if (state !== undefined)
        tx.world.putContractState(frame.address, { ...state, energyUsage: state.energyUsage + frame.baseUsage });
    }
    return {
      logs,
      returnValue: interpreter._result.returnValue ?? new Uint8Array(0),
      exceptionError: error as EVMError | undefined,
      executionGasUsed: used,
      gas: runState.gasLeft,
      gasRefund: 0n,
      selfdestruct: new Map(),
      createdAddresses: new Set(),
      runState,
    };
  }

  /** `Program.updateContextContractFactor`: catch the context contract's state up to this cycle. */
  private contextFactor(tx: TxContext, frame: FrameContext): bigint {
    const p = tx.parameters as unknown as Partial<Record<string, bigint>>;
    const stored = tx.world.getContractState(frame.address);
    const cycle = tx.block.currentCycle;
    let state = stored === undefined ? newContractState(cycle) : stored;
    if (stored !== undefined) {
      state = catchUpToCycle(stored, cycle, {
        threshold: p['getDynamicEnergyThreshold'] ?? 0n,
        increaseFactor: p['getDynamicEnergyIncreaseFactor'] ?? 0n,
        maxFactor: p['getDynamicEnergyMaxFactor'] ?? 0n,
      });
    }
    if (state !== stored) tx.world.putContractState(frame.address, state);
    return effectiveFactor(state);
  }
}

/** TRC10 part of a CALLTOKEN (java-tron `callToAddress`), inside the callee's checkpoint. */
function moveToken(
  tx: TxContext,
  from: FrameContext['address'],
  to: FrameContext['address'],
  tokenId: string,
  amount: bigint,
): void {
  ensureAccount(tx.world, to);
  tx.world.setTokenBalance(from, tokenId, tx.world.getTokenBalance(from, tokenId) - amount);
  tx.world.setTokenBalance(to, tokenId, tx.world.getTokenBalance(to, tokenId) + amount);
}

/** @ethereumjs/evm halts → java-tron exceptions with their messages (Program.Exception, RuntimeImpl.setResultCode). */
function toTvmException(error: EVMError | TvmException, runState: RunState): TvmException | EVMError {
  if (isTvmException(error)) return error;
  const messages = EVMError.errorMessages;
  const op = runState.opCode;
  // Some halts carry a location suffix ("invalid JUMP at <codehash>/<address>:<pc>").
  const kind =
    Object.values(messages).find((text) => error.error === text || error.error.startsWith(`${text} at `)) ??
    error.error;
  switch (kind) {
    case messages.OUT_OF_GAS:
      return new TvmException('OutOfEnergy', TvmMessages.notEnoughEnergy(`0x${op.toString(16)}`, 0n, 0n, 0n));
    case messages.INVALID_OPCODE:
      return new TvmException('IllegalOperation', TvmMessages.invalidOpCode(op));
    case messages.INVALID_JUMP:
      return new TvmException('BadJumpDestination', TvmMessages.badJumpDestination(jumpTarget(runState)));
    case messages.STACK_UNDERFLOW:
      return new TvmException('StackTooSmall', TvmMessages.tooSmallStack(stackInputs(op), stackHeight(runState)));
    case messages.STACK_OVERFLOW:
      return new TvmException('StackTooLarge', TvmMessages.tooLargeStack);
    case messages.STATIC_STATE_CHANGE:
      return new TvmException('StaticCallModification', TvmMessages.staticCall);
    case messages.INVALID_BYTECODE_RESULT:
      return new TvmException('InvalidCode', TvmMessages.invalidCode);
    default:
      return new TvmException('BytecodeExecution', error.error);
  }
}

interface StackInternals {
  _store: bigint[];
  _len: number;
}

/**
 * The destination a failed JUMP/JUMPI popped: popped words stay in the stack's backing array.
 * java-tron reports -1 for destinations wider than 4 bytes.
 */
function jumpTarget(runState: RunState): number {
  const stack = runState.stack as unknown as StackInternals;
  const destination = runState.opCode === 0x57 ? stack._store[stack._len + 1] : stack._store[stack._len];
  if (destination === undefined || destination > 0xffffffffn) return -1;
  return Number(BigInt.asIntN(32, destination));
}

/** Height before the failing op popped anything (stack underflow pops nothing). */
function stackHeight(runState: RunState): number {
  return runState.stack.length;
}
