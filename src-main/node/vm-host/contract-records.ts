import type { HexAddress } from '../../../src-core/brand';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { bigintToLong, longToBigint, protocol } from '../../../src-core/proto/runtime';
import type { ExtCodec, ExtCodecs } from '../state/ext';
import type { ContractMeta, ContractStateRecord } from '../vm/world-state';

/**
 * The contract-side records the node keeps beside accounts (java-tron ContractStore, AbiStore,
 * CodeStore, StorageRowStore, ContractStateStore), as namespaced keys of `StateView.ext` /
 * `StateBackend.getExt` and LevelDB rows under their own prefix bytes:
 *   C<addr21>          SmartContract without its ABI      A<addr21>   SmartContract.ABI
 *   D<addr21>          runtime code                        E<addr21>   ContractState
 *   S<addr21><key32>   one 32-byte storage row
 * Upper-case letters keep them apart from the lower-case prefixes of state/store.
 */
export const RECORD = { contract: 'C', abi: 'A', code: 'D', storage: 'S', state: 'E' } as const;

/** What ContractStore holds: the VM's view of the contract plus the deploy transaction's fields. */
export interface ContractRecord extends ContractMeta {
  readonly address: HexAddress;
  /** new_contract.bytecode of the deploy transaction (init code with constructor arguments). */
  readonly bytecode?: Uint8Array;
  readonly callValue?: bigint;
}

/** protobufjs message object of `protocol.SmartContract.ABI`. */
export type AbiMessage = Record<string, unknown>;

export const contractKey = (address: string): string => RECORD.contract + address;
export const abiKey = (address: string): string => RECORD.abi + address;
export const codeKey = (address: string): string => RECORD.code + address;
export const stateKey = (address: string): string => RECORD.state + address;
export const storageKey = (address: string, keyHex: string): string => RECORD.storage + address + keyHex;
export const storagePrefix = (address: string): string => RECORD.storage + address;

type Msg = Record<string, unknown>;

/** The ContractStore record of `address` in a view or the chain, if a contract lives there. */
export function contractRecordOf(
  state: { getExt?(key: string): unknown },
  address: string,
): ContractRecord | undefined {
  return state.getExt?.(contractKey(address)) as ContractRecord | undefined;
}

/** 21-byte address bytes as the VM's `41…` hex address. */
export function addressHexOf(bytes: Uint8Array | null | undefined): HexAddress {
  return bytesToHex(bytes ?? new Uint8Array()) as string as HexAddress;
}

/** SmartContract protobuf (smart_contract.proto) without `abi`, which lives in its own record. */
export function contractToMessage(c: ContractRecord, abi?: AbiMessage): Msg {
  // Only non-defaults: protobufjs writes every field that is set.
  const m: Msg = { origin_address: hexToBytes(c.originAddress), contract_address: hexToBytes(c.address) };
  if (abi) m.abi = abi;
  if (c.bytecode?.length) m.bytecode = c.bytecode;
  if (c.callValue) m.call_value = bigintToLong(c.callValue);
  if (c.consumeUserResourcePercent) m.consume_user_resource_percent = bigintToLong(c.consumeUserResourcePercent);
  if (c.name) m.name = c.name;
  if (c.originEnergyLimit) m.origin_energy_limit = bigintToLong(c.originEnergyLimit);
  if (c.codeHash?.length) m.code_hash = c.codeHash;
  if (c.trxHash?.length) m.trx_hash = c.trxHash;
  if (c.version) m.version = c.version;
  return m;
}

export function contractFromMessage(m: Msg): ContractRecord {
  const bytes = (v: unknown): Uint8Array | undefined => (v instanceof Uint8Array && v.length > 0 ? v : undefined);
  const codeHash = bytes(m.code_hash);
  const trxHash = bytes(m.trx_hash);
  const bytecode = bytes(m.bytecode);
  const callValue = longToBigint(m.call_value as never);
  return {
    address: addressHexOf(m.contract_address as Uint8Array | undefined),
    originAddress: addressHexOf(m.origin_address as Uint8Array | undefined),
    consumeUserResourcePercent: longToBigint(m.consume_user_resource_percent as never),
    originEnergyLimit: longToBigint(m.origin_energy_limit as never),
    version: (m.version as number | undefined) ?? 0,
    name: (m.name as string | undefined) ?? '',
    ...(codeHash ? { codeHash } : {}),
    ...(trxHash ? { trxHash } : {}),
    ...(bytecode ? { bytecode } : {}),
    ...(callValue ? { callValue } : {}),
  };
}

export function contractStateToMessage(s: ContractStateRecord): Msg {
  const m: Msg = {};
  if (s.energyUsage) m.energy_usage = bigintToLong(s.energyUsage);
  if (s.energyFactor) m.energy_factor = bigintToLong(s.energyFactor);
  if (s.updateCycle) m.update_cycle = bigintToLong(s.updateCycle);
  return m;
}

export function contractStateFromMessage(m: Msg): ContractStateRecord {
  return {
    energyUsage: longToBigint(m.energy_usage as never),
    energyFactor: longToBigint(m.energy_factor as never),
    updateCycle: longToBigint(m.update_cycle as never),
  };
}

const bytesCodec = (prefix: number): ExtCodec => ({
  prefix,
  encode: (value) => value as Uint8Array,
  // LevelDB hands out views of a shared buffer: keep a copy of our own.
  decode: (bytes) => Uint8Array.from(bytes),
});

/** The codecs the chain persists these records with. */
export const CONTRACT_RECORD_CODECS: ExtCodecs = new Map<string, ExtCodec>([
  [
    RECORD.contract,
    {
      prefix: 0x43,
      encode: (value) =>
        protocol.SmartContract.encode(contractToMessage(value as ContractRecord) as protocol.ISmartContract).finish(),
      decode: (bytes) => contractFromMessage(protocol.SmartContract.decode(bytes) as unknown as Msg),
    },
  ],
  [
    RECORD.abi,
    {
      prefix: 0x41,
      encode: (value) => protocol.SmartContract.ABI.encode(value as protocol.SmartContract.IABI).finish(),
      decode: (bytes) => protocol.SmartContract.ABI.decode(bytes) as unknown as AbiMessage,
    },
  ],
  [RECORD.code, bytesCodec(0x44)],
  [RECORD.storage, bytesCodec(0x53)],
  [
    RECORD.state,
    {
      prefix: 0x45,
      encode: (value) =>
        protocol.ContractState.encode(
          contractStateToMessage(value as ContractStateRecord) as protocol.IContractState,
        ).finish(),
      decode: (bytes) => contractStateFromMessage(protocol.ContractState.decode(bytes) as unknown as Msg),
    },
  ],
]);
