import { toBase58Address } from '../../../src-core/address/address';
import { AbiError, ValidationError } from '../../../src-core/errors';
import { parseAbi, type Abi } from '../../../src-core/abi/fragments';
import type { AbiParameter, AbiType } from '../../../src-core/abi/types';
import type { AbiValue } from '../../../src-core/abi/values';
import type { EventValue } from '../../../src-core/abi/logs';
import type { AbiParamView } from '../../../src-core/ipc/channels/contracts';

/**
 * ABI text as people paste or load it: a list of entries, java-tron's `{"entrys": [...]}`, or a
 * compiler artifact `{ "abi": [...], "bytecode": "…" }`. Also the display form of decoded values.
 */
export interface ParsedAbiText {
  readonly abi: Abi;
  /** The entries as JSON objects (what goes on chain and into an envelope). */
  readonly entries: Record<string, unknown>[];
}

/**
 * The longest ABI text this wallet reads (256 KB): main parses an ABI on its own thread, and a
 * larger one holds it (and every IPC answer) for hundreds of milliseconds. Real contracts' ABIs
 * are a few to a few dozen KB.
 */
export const ABI_TEXT_MAX_CHARS = 256 * 1024;

/** Refuses ABI text longer than `ABI_TEXT_MAX_CHARS` characters, naming the limit. */
export function checkAbiTextLength(length: number, what = 'The ABI'): void {
  if (length > ABI_TEXT_MAX_CHARS)
    throw new ValidationError(
      'TX_ABI_TOO_LARGE',
      `${what} is ${Math.ceil(length / 1024)} KB; this wallet reads ABIs of at most ${ABI_TEXT_MAX_CHARS / 1024} KB. Paste only the entries of the functions and events you use.`,
      { field: 'abi', limit: ABI_TEXT_MAX_CHARS },
    );
}

export function parseAbiText(text: string, what = 'The ABI'): ParsedAbiText {
  checkAbiTextLength(text.length, what);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError(
      'TX_ABI_NOT_JSON',
      `${what} is not valid JSON. Paste the ABI array or the compiler artifact.`,
      { field: 'abi' },
    );
  }
  return parseAbiValue(value, what);
}

export function parseAbiValue(value: unknown, what = 'The ABI'): ParsedAbiText {
  let list = value;
  if (list !== null && typeof list === 'object' && !Array.isArray(list)) {
    const record = list as Record<string, unknown>;
    if (Array.isArray(record.entrys)) list = record.entrys;
    else if (Array.isArray(record.abi)) list = record.abi;
  }
  if (
    !Array.isArray(list) ||
    !list.every((entry) => entry !== null && typeof entry === 'object' && !Array.isArray(entry))
  ) {
    throw new ValidationError(
      'TX_ABI_NOT_LIST',
      `${what} must be a list of ABI entries (or an artifact with an "abi" list).`,
      { field: 'abi' },
    );
  }
  try {
    return { abi: parseAbi(list), entries: list as Record<string, unknown>[] };
  } catch (error) {
    if (error instanceof AbiError)
      throw new ValidationError('TX_ABI_INVALID', `${what} has a problem: ${error.message}`, {
        field: 'abi',
        cause: error.code,
      });
    throw error;
  }
}

export function paramView(parameter: AbiParameter): AbiParamView {
  const type = parameter.type;
  const components =
    type.kind === 'tuple'
      ? type.components.map((c, i) => ({ name: type.names[i] ?? '', type: c.canonical }))
      : undefined;
  return { name: parameter.name, type: type.canonical, ...(components ? { components } : {}) };
}

/** A decoded value as text: integers in full, addresses in Base58, bytes as 0x hex, lists in brackets. */
export function formatAbiValue(type: AbiType, value: AbiValue | EventValue): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && 'hash' in value)
    return `hash 0x${value.hash}`;
  switch (type.kind) {
    case 'address':
      return typeof value === 'string' ? safeBase58(value) : String(value);
    case 'bytes':
    case 'fixedBytes':
      return `0x${String(value)}`;
    case 'bool':
      return value ? 'true' : 'false';
    case 'uint':
    case 'int':
      return String(value);
    case 'string':
      return String(value);
    case 'array': {
      const items = value as AbiValue[];
      return `[${items.map((item) => formatAbiValue(type.element, item)).join(', ')}]`;
    }
    case 'tuple': {
      const items = value as AbiValue[];
      return `(${items.map((item, i) => formatAbiValue(type.components[i]!, item)).join(', ')})`;
    }
    default:
      return String(value);
  }
}

function safeBase58(hex: string): string {
  try {
    return toBase58Address(hex);
  } catch {
    return hex;
  }
}
