import type { VmFlags } from './flags';

/** java-tron `EnergyCost` constants. */
export const Energy = {
  BASE_TIER: 2n,
  VERY_LOW_TIER: 3n,
  LOW_TIER: 5n,
  MID_TIER: 8n,
  HIGH_TIER: 10n,
  EXT_TIER: 20n,
  SPECIAL_TIER: 1n,
  MEMORY: 3n,
  COPY: 3n,
  SHA3_WORD: 6n,
  SLOAD: 50n,
  SET_SSTORE: 20_000n,
  RESET_SSTORE: 5_000n,
  CLEAR_SSTORE: 5_000n,
  BALANCE: 20n,
  NEW_ACCT_CALL: 25_000n,
  FREEZE: 20_000n,
  UNFREEZE: 20_000n,
  FREEZE_EXPIRE_TIME: 50n,
  FREEZE_V2: 10_000n,
  UNFREEZE_V2: 10_000n,
  WITHDRAW_EXPIRE_UNFREEZE: 10_000n,
  CANCEL_ALL_UNFREEZE_V2: 10_000n,
  DELEGATE_RESOURCE: 10_000n,
  UN_DELEGATE_RESOURCE: 10_000n,
  VOTE_WITNESS: 30_000n,
  WITHDRAW_REWARD: 20_000n,
  CREATE: 32_000n,
  CALL: 40n,
  VALUE_TRANSFER_CALL: 9_000n,
  STIPEND_CALL: 2_300n,
  EXT_CODE_HASH: 400n,
  CREATE_DATA: 200n,
} as const;

/** `EnergyCost.MEM_LIMIT`: memory above 3 MiB raises OutOfMemoryException. */
export const MEMORY_LIMIT_BYTES = 3n * 1024n * 1024n;
export const MEMORY_LIMIT_WORDS = MEMORY_LIMIT_BYTES / 32n;
/** `Program.MAX_DEPTH`. */
export const MAX_CALL_DEPTH = 64;
/** `DYNAMIC_ENERGY_FACTOR_DECIMAL`. */
export const ENERGY_FACTOR_DECIMAL = 10_000n;

/**
 * Overrides of @ethereumjs/evm's gas parameters for the TVM table, applied as hardfork-scoped
 * params of the Istanbul profile: Frontier prices where Istanbul repriced, TRON's memory-op base
 * costs, and `stackLimit` (which ethereumjs uses only as the call-depth limit). SSTORE, CALL family,
 * CREATE/CREATE2, SELFDESTRUCT and the TRON opcodes get their own gas functions instead.
 */
export function tvmGasParams(flags: VmFlags): Record<string, number> {
  const memoryOpBase = flags.allowHigherLimitForMaxCpuTimeOfOneTx ? 1 : 0;
  return {
    sloadGas: 50,
    balanceGas: 20,
    extcodesizeGas: 20,
    extcodecopyGas: 20,
    extcodehashGas: 400,
    callGas: 40,
    callcodeGas: 40,
    delegatecallGas: 40,
    staticcallGas: 40,
    expByteGas: 10,
    selfdestructGas: 0,
    mloadGas: memoryOpBase,
    mstoreGas: memoryOpBase,
    mstore8Gas: memoryOpBase,
    calldatacopyGas: 0,
    codecopyGas: 0,
    returndatacopyGas: 0,
    chainidGas: 2,
    selfbalanceGas: 5,
    stackLimit: MAX_CALL_DEPTH,
    modexpGquaddivisorGas: 20,
  };
}

/** Stack items each opcode pops (for java-tron's "Expected stack size" message). */
export function stackInputs(op: number): number {
  if (op >= 0x60 && op <= 0x7f) return 0;
  if (op >= 0x80 && op <= 0x8f) return op - 0x7f;
  if (op >= 0x90 && op <= 0x9f) return op - 0x8e;
  if (op >= 0xa0 && op <= 0xa4) return op - 0xa0 + 2;
  return STACK_INPUTS[op] ?? 0;
}

const STACK_INPUTS: Record<number, number> = {
  0x01: 2,
  0x02: 2,
  0x03: 2,
  0x04: 2,
  0x05: 2,
  0x06: 2,
  0x07: 2,
  0x08: 3,
  0x09: 3,
  0x0a: 2,
  0x0b: 2,
  0x10: 2,
  0x11: 2,
  0x12: 2,
  0x13: 2,
  0x14: 2,
  0x15: 1,
  0x16: 2,
  0x17: 2,
  0x18: 2,
  0x19: 1,
  0x1a: 2,
  0x1b: 2,
  0x1c: 2,
  0x1d: 2,
  0x20: 2,
  0x31: 1,
  0x35: 1,
  0x37: 3,
  0x39: 3,
  0x3b: 1,
  0x3c: 4,
  0x3e: 3,
  0x3f: 1,
  0x40: 1,
  0x49: 1,
  0x50: 1,
  0x51: 1,
  0x52: 2,
  0x53: 2,
  0x54: 1,
  0x55: 2,
  0x56: 1,
  0x57: 2,
  0x5c: 1,
  0x5d: 2,
  0x5e: 3,
  0xd0: 8,
  0xd1: 2,
  0xd4: 1,
  0xd5: 3,
  0xd6: 2,
  0xd7: 2,
  0xd8: 4,
  0xda: 2,
  0xdb: 2,
  0xde: 3,
  0xdf: 3,
  0xf0: 3,
  0xf1: 7,
  0xf2: 7,
  0xf3: 2,
  0xf4: 6,
  0xf5: 4,
  0xfa: 6,
  0xfd: 2,
  0xff: 1,
};

/** `Op.getNameOf`: java-tron's opcode names (SHA3, SUICIDE, DIFFICULTY…) for exception messages. */
export function tvmOpName(op: number): string {
  if (op >= 0x60 && op <= 0x7f) return `PUSH${op - 0x5f}`;
  if (op >= 0x80 && op <= 0x8f) return `DUP${op - 0x7f}`;
  if (op >= 0x90 && op <= 0x9f) return `SWAP${op - 0x8f}`;
  if (op >= 0xa0 && op <= 0xa4) return `LOG${op - 0xa0}`;
  return OP_NAMES[op] ?? `0x${op.toString(16).padStart(2, '0')}`;
}

const OP_NAMES: Record<number, string> = {
  0x00: 'STOP',
  0x01: 'ADD',
  0x02: 'MUL',
  0x03: 'SUB',
  0x04: 'DIV',
  0x05: 'SDIV',
  0x06: 'MOD',
  0x07: 'SMOD',
  0x08: 'ADDMOD',
  0x09: 'MULMOD',
  0x0a: 'EXP',
  0x0b: 'SIGNEXTEND',
  0x10: 'LT',
  0x11: 'GT',
  0x12: 'SLT',
  0x13: 'SGT',
  0x14: 'EQ',
  0x15: 'ISZERO',
  0x16: 'AND',
  0x17: 'OR',
  0x18: 'XOR',
  0x19: 'NOT',
  0x1a: 'BYTE',
  0x1b: 'SHL',
  0x1c: 'SHR',
  0x1d: 'SAR',
  0x20: 'SHA3',
  0x30: 'ADDRESS',
  0x31: 'BALANCE',
  0x32: 'ORIGIN',
  0x33: 'CALLER',
  0x34: 'CALLVALUE',
  0x35: 'CALLDATALOAD',
  0x36: 'CALLDATASIZE',
  0x37: 'CALLDATACOPY',
  0x38: 'CODESIZE',
  0x39: 'CODECOPY',
  0x3a: 'GASPRICE',
  0x3b: 'EXTCODESIZE',
  0x3c: 'EXTCODECOPY',
  0x3d: 'RETURNDATASIZE',
  0x3e: 'RETURNDATACOPY',
  0x3f: 'EXTCODEHASH',
  0x40: 'BLOCKHASH',
  0x41: 'COINBASE',
  0x42: 'TIMESTAMP',
  0x43: 'NUMBER',
  0x44: 'DIFFICULTY',
  0x45: 'GASLIMIT',
  0x46: 'CHAINID',
  0x47: 'SELFBALANCE',
  0x48: 'BASEFEE',
  0x49: 'BLOBHASH',
  0x4a: 'BLOBBASEFEE',
  0x50: 'POP',
  0x51: 'MLOAD',
  0x52: 'MSTORE',
  0x53: 'MSTORE8',
  0x54: 'SLOAD',
  0x55: 'SSTORE',
  0x56: 'JUMP',
  0x57: 'JUMPI',
  0x58: 'PC',
  0x59: 'MSIZE',
  0x5a: 'GAS',
  0x5b: 'JUMPDEST',
  0x5c: 'TLOAD',
  0x5d: 'TSTORE',
  0x5e: 'MCOPY',
  0x5f: 'PUSH0',
  0xd0: 'CALLTOKEN',
  0xd1: 'TOKENBALANCE',
  0xd2: 'CALLTOKENVALUE',
  0xd3: 'CALLTOKENID',
  0xd4: 'ISCONTRACT',
  0xd5: 'FREEZE',
  0xd6: 'UNFREEZE',
  0xd7: 'FREEZEEXPIRETIME',
  0xd8: 'VOTEWITNESS',
  0xd9: 'WITHDRAWREWARD',
  0xda: 'FREEZEBALANCEV2',
  0xdb: 'UNFREEZEBALANCEV2',
  0xdc: 'CANCELALLUNFREEZEV2',
  0xdd: 'WITHDRAWEXPIREUNFREEZE',
  0xde: 'DELEGATERESOURCE',
  0xdf: 'UNDELEGATERESOURCE',
  0xf0: 'CREATE',
  0xf1: 'CALL',
  0xf2: 'CALLCODE',
  0xf3: 'RETURN',
  0xf4: 'DELEGATECALL',
  0xf5: 'CREATE2',
  0xfa: 'STATICCALL',
  0xfd: 'REVERT',
  0xff: 'SUICIDE',
};

/** `calcMemEnergy` for growing memory from `oldWords` to `newWords` 32-byte words. */
export function memoryExpansionEnergy(oldWords: bigint, newWords: bigint): bigint {
  if (newWords <= oldWords) return 0n;
  return (
    Energy.MEMORY * newWords + (newWords * newWords) / 512n - (Energy.MEMORY * oldWords + (oldWords * oldWords) / 512n)
  );
}
