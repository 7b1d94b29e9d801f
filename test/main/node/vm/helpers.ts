import { keccak_256 } from '@noble/hashes/sha3.js';
import type { HexAddress } from '../../../../src-core/brand';
import { withChainParameters, type ChainParameters } from '../../../../src-core/chain/parameters';
import { bytesToHex, hexToBytes } from '../../../../src-core/bytes/hex';
import { utf8ToBytes } from '../../../../src-core/bytes/utf8';
import {
  AccountType,
  MemoryStaking,
  TronVm,
  createMemoryWorldState,
  type BlockContext,
  type JournaledWorldState,
  type MemoryWorldStateBackend,
  type TronVmOptions,
} from '../../../../src-main/node/vm/index';
import { loadArtifacts, type Artifact } from '../../../fixtures/contracts/compile';

/** Fixed actors: addresses are 21-byte hex. */
export const OWNER = `41${'11'.repeat(20)}` as HexAddress;
export const ALICE = `41${'a1'.repeat(20)}` as HexAddress;
export const BOB = `41${'b0'.repeat(20)}` as HexAddress;
export const WITNESS = `41${'5e'.repeat(20)}` as HexAddress;
export const BLACK_HOLE = `41${'dd'.repeat(20)}` as HexAddress;
export const TRX = 1_000_000n;

export const GENESIS_ID = hexToBytes('00000000000000001ebf88508a03865ab4cc54f5bbed7f7a0b5c59e23ef5a9f8');

export function blockAt(number: bigint, timestampMs = 1_700_000_000_000n): BlockContext {
  return {
    number,
    timestampMs,
    witness: WITNESS,
    blockIdByNumber: (n) => (n < number ? blockIdOf(n) : undefined),
    genesisBlockId: GENESIS_ID,
    currentCycle: 100n,
    latestBlockTimestampMs: timestampMs - 3000n,
  };
}

/** A made-up block id for block `n`: 8-byte number ‖ 24 bytes derived from it. */
export function blockIdOf(n: bigint): Uint8Array {
  const id = keccak_256(utf8ToBytes(`block ${n}`));
  new DataView(id.buffer).setBigUint64(0, n);
  return id;
}

let txCounter = 0;
/** A fresh 32-byte transaction id. */
export function nextTxId(): Uint8Array {
  txCounter += 1;
  return keccak_256(utf8ToBytes(`tx ${txCounter}`));
}

export interface Setup {
  readonly vm: TronVm;
  readonly world: JournaledWorldState;
  readonly backend: MemoryWorldStateBackend;
  readonly staking: MemoryStaking;
  readonly block: BlockContext;
  readonly parameters: ChainParameters;
}

export async function setup(
  overrides: Partial<ChainParameters> = {},
  options: Partial<TronVmOptions> = {},
): Promise<Setup> {
  const { world, backend } = createMemoryWorldState();
  const staking = new MemoryStaking();
  const parameters = withChainParameters(overrides);
  world.putAccount(OWNER, { type: AccountType.Normal, balance: 100_000n * TRX });
  world.putAccount(ALICE, { type: AccountType.Normal, balance: 1_000n * TRX });
  world.putAccount(BLACK_HOLE, { type: AccountType.Normal, balance: 0n });
  const vm = await TronVm.create({ parameters, staking, blackHoleAddress: BLACK_HOLE, ...options }, world);
  return { vm, world, backend, staking, block: blockAt(1000n), parameters };
}

export const artifacts: Record<string, Artifact> = loadArtifacts();

export function word(value: bigint | HexAddress): string {
  if (typeof value === 'string') return value.slice(2).padStart(64, '0');
  return BigInt.asUintN(256, value).toString(16).padStart(64, '0');
}

export function selector(signature: string): string {
  return bytesToHex(keccak_256(utf8ToBytes(signature)).subarray(0, 4));
}

/** ABI call data from a signature and static arguments (addresses, uints, bytes32). */
export function callData(signature: string, ...args: (bigint | HexAddress)[]): Uint8Array {
  return hexToBytes(selector(signature) + args.map(word).join(''));
}

/** ABI call data for `f(string)`. */
export function stringCall(signature: string, text: string): Uint8Array {
  const bytes = bytesToHex(utf8ToBytes(text));
  const padded = bytes.padEnd(Math.ceil(bytes.length / 64) * 64, '0');
  return hexToBytes(selector(signature) + word(32n) + word(BigInt(text.length)) + padded);
}

export function wordAt(data: Uint8Array, index: number): bigint {
  return BigInt(`0x${bytesToHex(data.subarray(index * 32, index * 32 + 32)) || '0'}`);
}

/** Reads an ABI-encoded address result (20 bytes) as a TRON hex address. */
export function addressAt(data: Uint8Array, index: number): HexAddress {
  return `41${bytesToHex(data.subarray(index * 32 + 12, index * 32 + 32))}` as HexAddress;
}

/** Installs runtime code at an address as if deployed (version 1, caller pays all). */
export function install(
  world: JournaledWorldState,
  address: HexAddress,
  code: Uint8Array | string,
  balance = 0n,
): void {
  world.putAccount(address, { type: AccountType.Contract, balance });
  world.putContract(address, {
    originAddress: OWNER,
    consumeUserResourcePercent: 100n,
    originEnergyLimit: 10_000_000n,
    version: 1,
    name: '',
  });
  world.setCode(address, typeof code === 'string' ? hexToBytes(code) : code);
}

/** Deploys a fixture contract with optional constructor words; fails the test if it does not succeed. */
export async function deploy(
  s: Setup,
  name: string,
  args: (bigint | HexAddress)[] = [],
  extra: { callValue?: bigint; percent?: bigint; originEnergyLimit?: bigint } = {},
): Promise<HexAddress> {
  const artifact = artifacts[name]!;
  const result = await s.vm.runCreate({
    world: s.world,
    block: s.block,
    txId: nextTxId(),
    owner: OWNER,
    feeLimit: 10_000n * TRX,
    bytecode: hexToBytes(artifact.bytecode + args.map(word).join('')),
    consumeUserResourcePercent: extra.percent ?? 100n,
    originEnergyLimit: extra.originEnergyLimit ?? 10_000_000n,
    ...(extra.callValue !== undefined ? { callValue: extra.callValue } : {}),
  });
  if (result.result !== 'SUCCESS') throw new Error(`deploy of ${name} failed: ${result.result} ${result.resMessage}`);
  return result.contractAddress;
}

/** Minimal assembler: opcode names, numbers (pushed with the smallest PUSHn) and raw hex. */
const OPS: Record<string, number> = {
  STOP: 0x00,
  ADD: 0x01,
  MUL: 0x02,
  SUB: 0x03,
  DIV: 0x04,
  EXP: 0x0a,
  LT: 0x10,
  EQ: 0x14,
  ISZERO: 0x15,
  AND: 0x16,
  SHA3: 0x20,
  ADDRESS: 0x30,
  BALANCE: 0x31,
  ORIGIN: 0x32,
  CALLER: 0x33,
  CALLVALUE: 0x34,
  CALLDATALOAD: 0x35,
  CALLDATASIZE: 0x36,
  CALLDATACOPY: 0x37,
  CODESIZE: 0x38,
  CODECOPY: 0x39,
  GASPRICE: 0x3a,
  EXTCODESIZE: 0x3b,
  RETURNDATASIZE: 0x3d,
  RETURNDATACOPY: 0x3e,
  EXTCODEHASH: 0x3f,
  BLOCKHASH: 0x40,
  COINBASE: 0x41,
  TIMESTAMP: 0x42,
  NUMBER: 0x43,
  DIFFICULTY: 0x44,
  GASLIMIT: 0x45,
  CHAINID: 0x46,
  SELFBALANCE: 0x47,
  BASEFEE: 0x48,
  POP: 0x50,
  MLOAD: 0x51,
  MSTORE: 0x52,
  MSTORE8: 0x53,
  SLOAD: 0x54,
  SSTORE: 0x55,
  JUMP: 0x56,
  JUMPI: 0x57,
  MSIZE: 0x59,
  GAS: 0x5a,
  JUMPDEST: 0x5b,
  TLOAD: 0x5c,
  TSTORE: 0x5d,
  MCOPY: 0x5e,
  PUSH0: 0x5f,
  DUP1: 0x80,
  DUP2: 0x81,
  DUP3: 0x82,
  SWAP1: 0x90,
  SWAP2: 0x91,
  LOG0: 0xa0,
  LOG1: 0xa1,
  LOG2: 0xa2,
  CALLTOKEN: 0xd0,
  TOKENBALANCE: 0xd1,
  CALLTOKENVALUE: 0xd2,
  CALLTOKENID: 0xd3,
  ISCONTRACT: 0xd4,
  FREEZE: 0xd5,
  UNFREEZE: 0xd6,
  FREEZEEXPIRETIME: 0xd7,
  VOTEWITNESS: 0xd8,
  WITHDRAWREWARD: 0xd9,
  FREEZEBALANCEV2: 0xda,
  UNFREEZEBALANCEV2: 0xdb,
  CANCELALLUNFREEZEV2: 0xdc,
  WITHDRAWEXPIREUNFREEZE: 0xdd,
  DELEGATERESOURCE: 0xde,
  UNDELEGATERESOURCE: 0xdf,
  CREATE: 0xf0,
  CALL: 0xf1,
  CALLCODE: 0xf2,
  RETURN: 0xf3,
  DELEGATECALL: 0xf4,
  CREATE2: 0xf5,
  STATICCALL: 0xfa,
  REVERT: 0xfd,
  INVALID: 0xfe,
  SELFDESTRUCT: 0xff,
};

export type AsmItem = string | number | bigint;

export function asm(...items: AsmItem[]): string {
  let out = '';
  for (const item of items) {
    if (typeof item === 'string' && item.startsWith('0x')) out += item.slice(2);
    else if (typeof item === 'string') {
      const op = OPS[item];
      if (op === undefined) throw new Error(`unknown opcode ${item}`);
      out += op.toString(16).padStart(2, '0');
    } else {
      const value = BigInt(item);
      if (value === 0n) {
        out += '6000';
        continue;
      }
      let hex = value.toString(16);
      if (hex.length % 2) hex = `0${hex}`;
      out += (0x5f + hex.length / 2).toString(16) + hex;
    }
  }
  return out;
}

/** Code that returns the top stack word: MSTORE at 0 then RETURN 32 bytes. */
export const RETURN_TOP = ['PUSH0', 'MSTORE', 32, 'PUSH0', 'RETURN'] as const;

export { bytesToHex, hexToBytes };
