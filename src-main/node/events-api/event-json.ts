import { decodeLog } from '../../../src-core/abi';
import type { Abi, AbiType, EventFragment, EventValue } from '../../../src-core/abi';
import { findEvent } from '../../../src-core/abi';
import { toBase58Address } from '../../../src-core/address/address';
import { bytesToHex } from '../../../src-core/bytes/hex';
import type { LogRow } from './chain-index';

/**
 * An event as TronGrid prints it (recorded from api.trongrid.io, see
 * test/fixtures/trongrid/README.md): block_number, block_timestamp, caller_contract_address and
 * contract_address in Base58, event_index (the log's place in its transaction), event_name,
 * `result` with each value under its position and under its name, `result_type` by name, `event`
 * as `Name(type indexed name, …)`, transaction_id, and `_unconfirmed: true` only above the
 * solidified block. In `result` an address is `0x` + its 20 bytes in lowercase hex and an integer
 * is a decimal string, as in the recording.
 */
export interface EventJson {
  readonly block_number: number;
  readonly block_timestamp: number;
  readonly caller_contract_address: string;
  readonly contract_address: string;
  readonly event_index: number;
  readonly event_name: string;
  readonly result: Record<string, unknown>;
  readonly result_type: Record<string, string>;
  readonly event: string;
  readonly transaction_id: string;
  readonly _unconfirmed?: true;
}

export interface DecodedRow {
  readonly row: LogRow;
  readonly fragment: EventFragment;
  readonly values: readonly EventValue[];
}

/** The log decoded with its contract's ABI; undefined when the ABI has no event for its topic0. */
export function decodeRow(row: LogRow, abi: Abi | undefined): DecodedRow | undefined {
  if (!abi || row.topics.length === 0) return undefined;
  const log = { topics: row.topics.map((topic) => bytesToHex(topic)), data: row.data };
  try {
    const fragment = findEvent(abi, log.topics[0]!);
    return { row, fragment, values: decodeLog(abi, log).values };
  } catch {
    // No matching event, or a log the ABI cannot decode (wrong topic count or data): TronGrid lists
    // only decoded events.
    return undefined;
  }
}

export function eventJson(decoded: DecodedRow, solidNumber: number): EventJson {
  const { row, fragment, values } = decoded;
  const result: Record<string, unknown> = {};
  const resultType: Record<string, string> = {};
  fragment.inputs.forEach((input, i) => {
    result[String(i)] = valueText(input.type, values[i]!);
  });
  fragment.inputs.forEach((input, i) => {
    if (input.name === '') return;
    result[input.name] = valueText(input.type, values[i]!);
    resultType[input.name] = input.type.canonical;
  });
  return {
    block_number: row.position.block,
    block_timestamp: row.timestamp,
    caller_contract_address: base58Of(row.caller),
    contract_address: base58Of(row.contract),
    event_index: row.position.item,
    event_name: fragment.name,
    result,
    result_type: resultType,
    event: `${fragment.name}(${fragment.inputs
      .map((p) => [p.type.canonical, p.indexed ? 'indexed' : '', p.name].filter((s) => s !== '').join(' '))
      .join(', ')})`,
    transaction_id: row.txId,
    ...(row.position.block > solidNumber ? { _unconfirmed: true as const } : {}),
  };
}

/** Base58Check of contract addresses, remembered: a chain has few contracts and each page repeats them. */
const contractNames = new Map<string, string>();
function base58Of(hex: string): string {
  let name = contractNames.get(hex);
  if (name === undefined) contractNames.set(hex, (name = toBase58Address(hex)));
  return name;
}

/**
 * One value as text. Only addresses and unsigned integers appear in the recorded response; the
 * other types follow java-tron's event plugin (ContractEventParser): booleans as "true"/"false",
 * bytes as hex without a prefix, strings as they are; an indexed string, bytes, array or tuple is
 * the hash in its topic.
 */
function valueText(type: AbiType, value: EventValue): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value.hash;
  switch (type.kind) {
    case 'address':
      return `0x${(value as string).slice(2)}`;
    case 'uint':
    case 'int':
    case 'bool':
    case 'fixedBytes':
    case 'bytes':
    case 'string':
      return String(value);
    case 'array':
      return (value as EventValue[]).map((item) => valueText(type.element, item));
    case 'tuple':
      return (value as EventValue[]).map((item, i) => valueText(type.components[i]!, item));
  }
}
