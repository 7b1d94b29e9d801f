import { ContractResult, type ContractResultCode } from './types';

const PROGRAM = 'org.tron.core.vm.program.Program$';

/** java-tron's exception classes and the `contractRet` each maps to (`RuntimeImpl.setResultCode`). */
export const TvmExceptionKind = {
  OutOfEnergy: { result: ContractResult.OUT_OF_ENERGY, javaClass: `${PROGRAM}OutOfEnergyException` },
  IllegalOperation: { result: ContractResult.ILLEGAL_OPERATION, javaClass: `${PROGRAM}IllegalOperationException` },
  BadJumpDestination: {
    result: ContractResult.BAD_JUMP_DESTINATION,
    javaClass: `${PROGRAM}BadJumpDestinationException`,
  },
  StackTooSmall: { result: ContractResult.STACK_TOO_SMALL, javaClass: `${PROGRAM}StackTooSmallException` },
  StackTooLarge: { result: ContractResult.STACK_TOO_LARGE, javaClass: `${PROGRAM}StackTooLargeException` },
  OutOfMemory: { result: ContractResult.OUT_OF_MEMORY, javaClass: `${PROGRAM}OutOfMemoryException` },
  OutOfTime: { result: ContractResult.OUT_OF_TIME, javaClass: `${PROGRAM}OutOfTimeException` },
  Transfer: { result: ContractResult.TRANSFER_FAILED, javaClass: `${PROGRAM}TransferException` },
  InvalidCode: { result: ContractResult.INVALID_CODE, javaClass: `${PROGRAM}InvalidCodeException` },
  PrecompiledContract: {
    result: ContractResult.PRECOMPILED_CONTRACT,
    javaClass: `${PROGRAM}PrecompiledContractException`,
  },
  StaticCallModification: { result: ContractResult.UNKNOWN, javaClass: `${PROGRAM}StaticCallModificationException` },
  ReturnDataCopyIllegalBounds: {
    result: ContractResult.UNKNOWN,
    javaClass: `${PROGRAM}ReturnDataCopyIllegalBoundsException`,
  },
  BytecodeExecution: { result: ContractResult.UNKNOWN, javaClass: `${PROGRAM}BytecodeExecutionException` },
} as const satisfies Record<string, { result: ContractResultCode; javaClass: string }>;
export type TvmExceptionKindName = keyof typeof TvmExceptionKind;

/**
 * A TVM runtime exception raised inside the interpreter. It carries `errorType: 'EVMError'` so
 * that @ethereumjs/evm treats it as an exceptional halt of the frame (all frame energy spent),
 * plus java-tron's class and message for `resMessage`.
 */
export class TvmException {
  readonly errorType = 'EVMError';
  readonly error: string;
  constructor(
    readonly kind: TvmExceptionKindName,
    readonly message: string,
  ) {
    this.error = `tvm:${kind}`;
  }

  get result(): ContractResultCode {
    return TvmExceptionKind[this.kind].result;
  }

  get javaClass(): string {
    return TvmExceptionKind[this.kind].javaClass;
  }
}

export function isTvmException(error: unknown): error is TvmException {
  return error instanceof TvmException;
}

/** `Program.Exception.*` and exception constructors, in java-tron's words (RuntimeImpl.setResultCode). */
export const TvmMessages = {
  revert: 'REVERT opcode executed',
  invalidOpCode: (op: number) => `Invalid operation code: opCode[${op.toString(16).padStart(2, '0')}];`,
  badJumpDestination: (pc: number) => `Operation with pc isn't 'JUMPDEST': PC[${pc}];`,
  tooSmallStack: (expected: number, actual: number) => `Expected stack size ${expected} but actual ${actual};`,
  tooLargeStack: 'Expected: overflow 1024 elements stack limit',
  memoryOverflow: (opName: string) => `Out of Memory when '${opName}' operation executing`,
  notEnoughEnergy: (opName: string, invokeLimit: bigint, opEnergy: bigint, used: bigint) =>
    `Not enough energy for '${opName}' operation executing: curInvokeEnergyLimit[${invokeLimit}], ` +
    `curOpEnergy[${opEnergy}], usedEnergy[${used}]`,
  notEnoughEnergyWithPenalty: (opName: string, invokeLimit: bigint, opEnergy: bigint, penalty: bigint, used: bigint) =>
    `Not enough energy for '${opName}' operation executing: curInvokeEnergyLimit[${invokeLimit}], ` +
    `curOpEnergy[${opEnergy}], penaltyEnergy[${penalty}], usedEnergy[${used}]`,
  notEnoughCallEnergy: (opName: string, opEnergy: bigint, programEnergy: bigint) =>
    `Not enough energy for '${opName}' operation executing: opEnergy[${opEnergy}], programEnergy[${programEnergy}]`,
  notEnoughSpendEnergy: (hint: string, need: bigint, left: bigint) =>
    `Not enough energy for '${hint}' executing: needEnergy[${need}], leftEnergy[${left}];`,
  cpuTimeout: (opName: string) => `CPU timeout for '${opName}' operation executing`,
  invalidCode: 'invalid code: must not begin with 0xef',
  staticCall: 'Attempt to call a state modifying opcode inside STATICCALL',
  returnDataCopyBounds: (offset: bigint, size: bigint, available: number) =>
    `Illegal RETURNDATACOPY arguments: offset (${offset}) + size (${size}) > RETURNDATASIZE (${available})`,
  invalidTokenId: 'validateForSmartContract failure:not valid token id',
  endowmentOutOfRange: 'endowment out of long range',
  transferTrxFailed: (reason: string) => `transfer trx failed: ${reason}`,
  transferTrc10Failed: (reason: string) => `transfer trc10 failed: ${reason}`,
  suicideTransferFailed: (reason: string) => `transfer all token or transfer all trx failed in suicide: ${reason}`,
  voteArrayMismatch: 'TVM VoteWitness: memory array length do not match length parameter!',
  unknown: 'Unknown Exception',
} as const;
