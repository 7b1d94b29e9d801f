import type { protocol } from '../../../src-core/proto/runtime';
import { getCodec } from '../../../src-core/proto/schema';
import { bytesToHex } from '../../../src-core/bytes/hex';
import type { CONTRACT_TYPE_IDS, ContractTypeName } from '../../../src-core/tx/contract-types';
import { contractTypeName, parameterMessageOf } from '../../../src-core/tx/contract-types';
import type { ContractRef } from '../permission-check/permission-check';

/**
 * A transaction's contract for admission, the permission checks and the actuators: a union keyed
 * by contract type, so that `contract.typeName === 'TransferContract'` (or
 * `contract.type === 1`) narrows `message` to the generated `protocol.TransferContract`.
 */

/**
 * The decoded parameter of a contract type: the generated protobuf message of the same name (none for types without
 * one).
 */
export type ContractMessage<K extends ContractTypeName> = K extends keyof typeof protocol
  ? (typeof protocol)[K] extends abstract new (...args: never) => infer Message
    ? Message
    : never
  : never;

interface ContractFields extends ContractRef {
  readonly typeUrl: string;
  /** The parameter's bytes (Any.value). */
  readonly value: Uint8Array;
}

/** A contract of type `K`. */
export interface ContractOf<K extends ContractTypeName> extends ContractFields {
  readonly type: (typeof CONTRACT_TYPE_IDS)[K];
  readonly typeName: K;
  /** The decoded parameter when the type_url names the contract type (protobuf Any.is); else undefined. */
  readonly message?: ContractMessage<K>;
}

/** A contract whose type id this version does not know: nothing decoded. */
export interface UnknownContract extends ContractFields {
  readonly typeName?: undefined;
  readonly message?: undefined;
}

export type ParsedContract = { [K in ContractTypeName]: ContractOf<K> }[ContractTypeName] | UnknownContract;

/** Whether `contract` is of type `typeName` (what an actuator registered for that type may read). */
export function isContractOf<K extends ContractTypeName>(
  contract: ParsedContract | ContractOf<K>,
  typeName: K,
): contract is ContractOf<K> {
  return contract.typeName === typeName;
}

const EMPTY: Uint8Array = new Uint8Array();

/** protobuf Any.is: the type name after the last '/' must be `protocol.<Type>`. */
function anyIs(typeUrl: string, typeName: string): boolean {
  const slash = typeUrl.lastIndexOf('/');
  return slash >= 0 && typeUrl.slice(slash + 1) === `protocol.${typeName}`;
}

/** The parameter decoded by the generated codec of `typeName`; undefined when the type_url names another type. */
function decodeParameter(typeName: ContractTypeName, typeUrl: string, value: Uint8Array): object | undefined {
  const messageName = parameterMessageOf(typeName);
  if (!messageName || !anyIs(typeUrl, typeName)) return undefined;
  try {
    return getCodec(messageName).decode(value);
  } catch {
    return undefined;
  }
}

function ownerOf(message: object | undefined): Uint8Array {
  const owner: unknown = message && 'owner_address' in message ? message.owner_address : undefined;
  return owner instanceof Uint8Array ? owner : EMPTY;
}

/** Reads Transaction.raw.contract[i]: its type, owner, permission id and decoded parameter. */
export function parseContract(c: protocol.Transaction.Contract.$Properties): ParsedContract {
  const type = c.type ?? 0;
  const typeUrl = c.parameter?.type_url ?? '';
  const value = c.parameter?.value ?? EMPTY;
  const permissionId = c.Permission_id ?? 0;
  const typeName = contractTypeName(type);
  const message = typeName ? decodeParameter(typeName, typeUrl, value) : undefined;
  const owner = ownerOf(message);
  const contract = { type, typeName, typeUrl, value, message, permissionId, owner, ownerHex: bytesToHex(owner) };
  // The one place the union is asserted: `type` names `typeName` (contractTypeName), and `message`
  // was decoded by the codec of protocol.<typeName>, the class ContractMessage<typeName> is.
  return contract as ParsedContract;
}
