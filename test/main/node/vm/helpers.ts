import { keccak_256 } from '@noble/hashes/sha3.js';
import type { HexAddress } from '../../../../src-core/brand';
import { withChainParameters, type ChainParameters } from '../../../../src-core/chain/parameters';
import { bytesToHex, hexToBytes } from '../../../../src-core/bytes/hex';
import { utf8ToBytes } from '../../../../src-core/bytes/utf8';
import {
  AccountType,
  TronVm,
  type BlockContext,
  type JournaledWorldState,
  type TronVmOptions,
} from '../../../../src-main/node/vm/index';
import type { AccountRecord, PermissionRecord } from '../../../../src-main/node/state/account';
import { keyRecord, newAccount, PERMISSION_TYPE, RESOURCE } from '../../../../src-main/node/state/account';
import {
  ACTIVE_DEFAULT_OPERATIONS,
  AVAILABLE_CONTRACT_TYPE,
  INITIAL_TOKEN_ID_NUM,
  type DynamicProperties,
} from '../../../../src-main/node/state/dynamic';
import type { StateReader } from '../../../../src-main/node/state/view';
import { StateView } from '../../../../src-main/node/state/view';
import { putAsset } from '../../../../src-main/node/trc10/assets';
import { nodeStakingHooks } from '../../../../src-main/node/vm-host/world-staking';
import { worldOver } from '../../../../src-main/node/vm-host/world-backend';
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

/** Nothing yet: the state under a fresh view. */
export const EMPTY_STATE: StateReader = {
  getAccount: () => undefined,
  nameOwner: () => undefined,
  getWitness: () => undefined,
  witnessAddresses: () => [],
  getRecord: () => undefined,
  recordKeys: () => [],
  getExt: () => undefined,
  extKeys: () => [],
};

/** The dynamic properties of a chain whose head block is at `headTimestampMs` (mainnet masks, no stake yet). */
function propertiesAt(parameters: ChainParameters, headTimestampMs: number): DynamicProperties {
  return {
    genesisTimestamp: headTimestampMs - 3_000_000,
    headNumber: 999,
    headId: '',
    headTimestamp: headTimestampMs,
    solidNumber: 0,
    stateFlag: 0,
    nextMaintenanceTime: headTimestampMs + Number(parameters.getMaintenanceTimeInterval),
    maintenanceCycle: 100,
    chainTimeOffsetMs: 0,
    pendingSkipMs: 0,
    publicNetUsage: 0n,
    publicNetTime: 0,
    burnedSun: 0n,
    totalNetWeight: 0n,
    totalEnergyWeight: 0n,
    totalTronPowerWeight: 0n,
    tokenIdNum: INITIAL_TOKEN_ID_NUM,
    totalSignNum: 5,
    availableContractType: AVAILABLE_CONTRACT_TYPE,
    activeDefaultOperations: ACTIVE_DEFAULT_OPERATIONS,
    activeWitnesses: [],
    genesisWitnesses: [],
    parameters,
  };
}

/**
 * A VM world as the node gives it: a journaled world over a node `StateView` (vm-host's backend),
 * with the node's staking service behind the staking hooks. `props.headTimestamp` is the chain's
 * "now" for staking (unfreeze delays); `atBlock` keeps it at the block a test runs in.
 */
export interface NodeWorld {
  readonly world: JournaledWorldState;
  readonly view: StateView;
  readonly props: DynamicProperties;
}

export function nodeWorld(parameters: ChainParameters, headTimestampMs: number): NodeWorld {
  const props = propertiesAt(parameters, headTimestampMs);
  const view = new StateView(EMPTY_STATE, props);
  const { world } = worldOver(view, {
    headTimestamp: props.headTimestamp,
    activeOperations: hexToBytes(props.activeDefaultOperations),
    nowSlot: 0,
  });
  return { world, view, props };
}

export interface Setup extends NodeWorld {
  readonly vm: TronVm;
  readonly block: BlockContext;
  readonly parameters: ChainParameters;
}

export async function setup(
  overrides: Partial<ChainParameters> = {},
  options: Partial<TronVmOptions> = {},
): Promise<Setup> {
  const parameters = withChainParameters(overrides);
  const block = blockAt(1000n);
  const node = nodeWorld(parameters, Number(block.latestBlockTimestampMs));
  const { world } = node;
  world.putAccount(OWNER, { type: AccountType.Normal, balance: 100_000n * TRX });
  world.putAccount(ALICE, { type: AccountType.Normal, balance: 1_000n * TRX });
  world.putAccount(BLACK_HOLE, { type: AccountType.Normal, balance: 0n });
  const vm = await TronVm.create(
    { parameters, staking: nodeStakingHooks(), blackHoleAddress: BLACK_HOLE, ...options },
    world,
  );
  return { ...node, vm, block, parameters };
}

/** Moves the chain's head time to `block`'s (what the node's staking rules read as now). */
export function atBlock(s: NodeWorld, block: BlockContext): BlockContext {
  s.props.headTimestamp = Number(block.latestBlockTimestampMs);
  return block;
}

/**
 * The node account of `address` after the world's changes are written into the view (what the
 * node does after every transaction), for reading stake; created when the VM has not made it.
 */
export function nodeAccount(s: NodeWorld, address: HexAddress): AccountRecord {
  s.world.flush();
  const existing = s.view.mutableAccount(address);
  if (existing) return existing;
  const account = newAccount(hexToBytes(address), {
    createTime: s.props.headTimestamp,
    activeOperations: hexToBytes(s.props.activeDefaultOperations),
  });
  s.view.putNewAccount(account);
  return account;
}

/** The node account of `address` once the world's changes are written into the view, if it exists. */
export function settledAccount(s: NodeWorld, address: HexAddress): AccountRecord | undefined {
  s.world.flush();
  return s.view.getAccount(address);
}

/** Stake 2.0 energy the account froze itself (resource ENERGY). */
export function frozenEnergy(s: NodeWorld, address: HexAddress): bigint {
  return settledAccount(s, address)?.frozenV2.find((f) => f.type === RESOURCE.Energy)?.amount ?? 0n;
}

/** A representative candidate, as WitnessCreate leaves it. */
export function addWitness(s: NodeWorld, address: HexAddress): void {
  nodeAccount(s, address).isWitness = true;
  s.view.putWitness({
    address: hexToBytes(address),
    addressHex: address,
    voteCount: 0n,
    url: '',
    totalProduced: 0,
    totalMissed: 0,
    latestBlockNum: 0,
    latestSlotNum: 0,
    isJobs: false,
  });
}

/** An issued TRC-10 token with id `id` (the VM checks only that it exists). */
export function issueToken(s: NodeWorld, id: string): void {
  const empty = new Uint8Array();
  putAsset(s.view, {
    id,
    ownerHex: OWNER,
    owner: hexToBytes(OWNER),
    name: utf8ToBytes(`T${id}`),
    abbr: empty,
    totalSupply: 10n ** 12n,
    frozenSupply: [],
    trxNum: 1,
    precision: 0,
    num: 1,
    startTime: 0,
    endTime: 0,
    order: 0n,
    voteScore: 0,
    description: empty,
    url: empty,
    freeAssetNetLimit: 0n,
    publicFreeAssetNetLimit: 0n,
    publicFreeAssetNetUsage: 0n,
    publicLatestFreeNetTime: 0,
  });
}

/** An active permission `id` of `address` with these signers and threshold. */
export function setActivePermission(
  s: NodeWorld,
  address: HexAddress,
  id: number,
  threshold: bigint,
  keys: readonly { address: HexAddress; weight: bigint }[],
): void {
  const permission: PermissionRecord = {
    type: PERMISSION_TYPE.Active,
    id,
    name: 'active',
    threshold,
    parentId: 0,
    operations: hexToBytes(s.props.activeDefaultOperations),
    keys: keys.map((k) => keyRecord(hexToBytes(k.address), k.weight)),
  };
  nodeAccount(s, address).activePermissions = [permission];
}

/**
 * Gives `address` exactly `energy` from stake: 1 TRX frozen for energy, with the total energy
 * weight set so that 1 TRX is worth `energy` of getTotalEnergyCurrentLimit.
 */
export function stakeEnergy(s: NodeWorld, address: HexAddress, energy: bigint): void {
  const limit = s.props.parameters.getTotalEnergyCurrentLimit;
  if (limit % energy !== 0n) throw new Error(`${energy} does not divide the energy limit ${limit}`);
  nodeAccount(s, address).frozenV2 = [{ type: RESOURCE.Energy, amount: TRX }];
  s.view.mutable.totalEnergyWeight = limit / energy;
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
