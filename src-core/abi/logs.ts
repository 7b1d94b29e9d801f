import type { Hex } from '../brand';
import { AbiError } from '../errors';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '../bytes/hex';
import { utf8ToBytes } from '../bytes/utf8';
import { type Abi, type EventFragment, findEvent, fragmentFromSignature } from './fragments';
import { type AbiParameter, type AbiType, tupleType } from './types';
import { decodeNormalized, normalizeAbiData } from './decode';
import { encodeValue } from './encode';
import { toNamedValue } from './named';
import { type AbiNamedValue, type AbiValue, toBytesHex, valueError } from './values';
import { lowerHexOrUndefined, prefixLength } from './words';

/**
 * Event logs: `topics[0]` is the Keccak-256 of the event signature (absent for anonymous
 * events), the next topics hold the indexed parameters, `data` holds the others ABI-encoded.
 * Value types sit in their topic as a 32-byte word; strings, bytes, arrays and tuples are
 * stored only as a hash, which cannot be reversed and is returned as `{ hash }`.
 */

export interface EventLog {
  /** 32-byte words as hex, with or without `0x` (java-tron's log API omits it). */
  readonly topics: readonly string[];
  readonly data: string | Uint8Array;
}

/** An indexed string, bytes, array or tuple: only its Keccak-256 is in the log. */
export interface IndexedHash {
  readonly hash: Hex;
}

export type EventValue = AbiValue | IndexedHash;

export interface DecodedEvent {
  readonly name: string;
  readonly signature: string;
  /** Every input in declaration order, indexed or not. */
  readonly values: readonly EventValue[];
  /** The same keyed by input name (position when unnamed or repeated), tuples as objects. */
  readonly named: { readonly [name: string]: AbiNamedValue | IndexedHash };
}

/** Only these sit in a topic as themselves; every other type is hashed (Solidity ABI spec, events). */
function storedAsValue(type: AbiType): boolean {
  return (
    type.kind === 'uint' ||
    type.kind === 'int' ||
    type.kind === 'address' ||
    type.kind === 'bool' ||
    type.kind === 'fixedBytes'
  );
}

function topicHex(topic: unknown, index: number): string {
  const hex = typeof topic === 'string' ? lowerHexOrUndefined(topic, prefixLength(topic)) : undefined;
  if (hex === undefined || hex.length !== 64) {
    throw new AbiError('ABI_TOPIC_INVALID', `Log topic #${index} must be 32 bytes of hex (64 digits).`, { index });
  }
  return hex;
}

function toEventFragment(event: EventFragment | string): EventFragment {
  const fragment =
    typeof event === 'string' ? fragmentFromSignature(/^\s*event\s/.test(event) ? event : `event ${event}`) : event;
  if (fragment.kind !== 'event')
    throw new AbiError('ABI_FRAGMENT_INVALID', 'Expected an event fragment or an event signature.');
  return fragment;
}

/**
 * Decodes a log with a known event (fragment or signature such as `Transfer(address indexed from,
 * address indexed to, uint256 value)`).
 */
export function decodeEventLog(event: EventFragment | string, log: EventLog): DecodedEvent {
  const fragment = toEventFragment(event);
  if (log === null || typeof log !== 'object' || !Array.isArray(log.topics)) {
    throw new AbiError('ABI_TOPIC_INVALID', 'A log must have a list of topics and data.');
  }
  const topics = log.topics.map(topicHex);
  const indexed = fragment.inputs.filter((p) => p.indexed);
  const first = fragment.anonymous ? 0 : 1;
  if (topics.length !== indexed.length + first) {
    throw new AbiError(
      'ABI_TOPIC_COUNT',
      `The log has ${topics.length} topics, but ${fragment.signature} ` +
        `${fragment.anonymous ? '(anonymous) ' : ''}needs ${indexed.length + first}.`,
      { expected: indexed.length + first, actual: topics.length },
    );
  }
  if (!fragment.anonymous && topics[0] !== fragment.topic) {
    throw new AbiError(
      'ABI_TOPIC_MISMATCH',
      `The log's first topic is not the hash of ${fragment.signature}; it was emitted by another event.`,
      {
        expected: fragment.topic,
        actual: topics[0],
      },
    );
  }
  const plain = fragment.inputs.filter((p) => !p.indexed);
  const dataValues = decodeNormalized(
    tupleType(
      plain.map((p) => p.type),
      plain.map((p) => p.name),
    ),
    normalizeAbiData(log.data ?? '', 'log data'),
  );
  const values: EventValue[] = [];
  let nextTopic = first;
  let nextData = 0;
  for (const input of fragment.inputs) {
    if (!input.indexed) {
      values.push(dataValues[nextData++]!);
    } else {
      const topic = topics[nextTopic++]!;
      values.push(
        storedAsValue(input.type) ? decodeNormalized(tupleType([input.type]), topic)[0]! : { hash: topic as Hex },
      );
    }
  }
  return {
    name: fragment.name,
    signature: fragment.signature,
    values,
    named: namedEventValues(fragment.inputs, values),
  };
}

function namedEventValues(
  inputs: readonly AbiParameter[],
  values: readonly EventValue[],
): { [name: string]: AbiNamedValue | IndexedHash } {
  const seen = new Set<string>();
  const entries = inputs.map((input, i): [string, AbiNamedValue | IndexedHash] => {
    const key = input.name === '' || seen.has(input.name) ? String(i) : input.name;
    seen.add(key);
    const value = values[i]!;
    return [key, input.indexed && !storedAsValue(input.type) ? value : toNamedValue(input.type, value as AbiValue)];
  });
  return Object.fromEntries(entries);
}

/**
 * Decodes a log by finding its event in the ABI through topic0. Anonymous events have no
 * topic0; decode those with `decodeEventLog` and the event named explicitly.
 */
export function decodeLog(abi: Abi, log: EventLog): DecodedEvent {
  if (log === null || typeof log !== 'object' || !Array.isArray(log.topics) || log.topics.length === 0) {
    throw new AbiError(
      'ABI_TOPIC_COUNT',
      'The log has no topics, so its event cannot be identified; decode anonymous events with the event ' +
        'named explicitly.',
    );
  }
  return decodeEventLog(findEvent(abi, topicHex(log.topics[0], 0)), log);
}

/**
 * Topics to filter logs by: topic0 (unless anonymous), then one per indexed input in order,
 * `null` where any value matches. Strings and bytes are hashed as Solidity does; indexed arrays
 * and tuples are not supported here.
 */
export function encodeEventTopics(event: EventFragment | string, values: readonly unknown[] = []): (Hex | null)[] {
  const fragment = toEventFragment(event);
  const indexed = fragment.inputs.filter((p) => p.indexed);
  if (values.length > indexed.length) {
    throw new AbiError(
      'ABI_VALUE_COUNT',
      `${fragment.signature} has ${indexed.length} indexed inputs, but ${values.length} values were given.`,
    );
  }
  const topics: (Hex | null)[] = fragment.anonymous ? [] : [fragment.topic];
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    const input = indexed[i]!;
    const path = input.name || `#${i}`;
    if (value === null || value === undefined) topics.push(null);
    else if (storedAsValue(input.type)) topics.push(encodeValue(input.type, value));
    else if (input.type.kind === 'string') {
      if (typeof value !== 'string') throw valueError('ABI_VALUE_TYPE', path, input.type, 'must be text.');
      topics.push(bytesToHex(keccak_256(utf8ToBytes(value))));
    } else if (input.type.kind === 'bytes')
      topics.push(bytesToHex(keccak_256(hexToBytes(toBytesHex(value, path, input.type)))));
    else {
      throw new AbiError(
        'ABI_TYPE_UNSUPPORTED',
        `Filtering by the indexed ${input.type.canonical} "${path}" is not supported; leave it null.`,
        { type: input.type.canonical },
      );
    }
  }
  return topics;
}
