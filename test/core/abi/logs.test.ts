import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  type AbiValue,
  decodeEventLog,
  decodeLog,
  encodeEventTopics,
  encodeParams,
  eventFragment,
  keccak256Hex,
  parseAbi,
} from '../../../src-core/abi';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { vectors } from '../../fixtures/vectors';
import { expectAbiError } from './expect-abi-error';
import { leafTypeArb, typeArb, valueArb } from './arbitraries';

const K1 = vectors.keys.K1 as { hex: string; base58: string; evm_hex: string };
const K2 = vectors.keys.K2 as { hex: string; base58: string; evm_hex: string };
const TRANSFER = 'event Transfer(address indexed from, address indexed to, uint256 value)';
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');
const addressTopic = (evm: string) => evm.slice(2).padStart(64, '0');

// A TRC-20 Transfer log as java-tron's gettransactioninfobyid reports it: hex without 0x.
const transferLog = {
  topics: [TRANSFER_TOPIC, addressTopic(K1.evm_hex), addressTopic(K2.evm_hex)],
  data: word(1_000_000),
};

describe('event logs', () => {
  it('decodes a TRC-20 Transfer log with TRON addresses restored', () => {
    const decoded = decodeEventLog(TRANSFER, transferLog);
    expect(decoded.name).toBe('Transfer');
    expect(decoded.values).toEqual([K1.hex, K2.hex, 1_000_000n]);
    expect(decoded.named).toEqual({ from: K1.hex, to: K2.hex, value: 1_000_000n });
  });

  it('accepts topics and data with 0x, as EVM-style APIs write them', () => {
    const log = { topics: transferLog.topics.map((t) => `0x${t.toUpperCase()}`), data: `0x${transferLog.data}` };
    expect(decodeEventLog(TRANSFER, log).values).toEqual([K1.hex, K2.hex, 1_000_000n]);
  });

  it('finds the event in an ABI by topic0', () => {
    const abi = parseAbi([TRANSFER, 'event Approval(address indexed owner, address indexed spender, uint256 value)']);
    expect(decodeLog(abi, transferLog).signature).toBe('Transfer(address,address,uint256)');
    expectAbiError(() => decodeLog(parseAbi(['event Other()']), transferLog), 'ABI_FRAGMENT_NOT_FOUND');
  });

  it('returns only the hash of indexed strings, bytes, arrays and tuples', () => {
    const event = 'event Named(string indexed label, uint256[] indexed ids, bytes note)';
    const labelHash = keccak256Hex('treasury');
    const idsHash = 'aa'.repeat(32);
    const log = {
      topics: [keccak256Hex('Named(string,uint256[],bytes)'), labelHash, idsHash],
      data: encodeParams(['bytes'], ['0x0102']),
    };
    const decoded = decodeEventLog(event, log);
    expect(decoded.values).toEqual([{ hash: labelHash }, { hash: idsHash }, '0102']);
    expect(decoded.named.label).toEqual({ hash: labelHash });
  });

  it('decodes anonymous events, which have no signature topic', () => {
    const event = eventFragment(
      'Moved',
      [
        { name: 'who', type: parseAbi([TRANSFER]).events[0]!.inputs[0]!.type, indexed: true },
        { name: 'ok', type: parseAbi(['event X(bool)']).events[0]!.inputs[0]!.type, indexed: false },
      ],
      true,
    );
    const decoded = decodeEventLog(event, { topics: [addressTopic(K1.evm_hex)], data: word(1) });
    expect(decoded.values).toEqual([K1.hex, true]);
  });

  it('round-trips random events through topics and data', () => {
    const inputArb = fc.array(
      fc.oneof(
        leafTypeArb.map((type) => ({ type, indexed: true })),
        typeArb.map((type) => ({ type, indexed: false })),
      ),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(
        inputArb
          .filter(
            (inputs) =>
              inputs.filter((i) => i.indexed && i.type.kind !== 'string' && i.type.kind !== 'bytes').length <= 3,
          )
          .map((inputs) => inputs.filter((i) => !(i.indexed && (i.type.kind === 'string' || i.type.kind === 'bytes'))))
          .chain((inputs) => fc.tuple(fc.constant(inputs), fc.tuple(...inputs.map((i) => valueArb(i.type))))),
        ([inputs, values]) => {
          const event = eventFragment(
            'E',
            inputs.map((input, i) => ({ name: `a${i}`, type: input.type, indexed: input.indexed })),
          );
          const indexedValues = values.filter((_, i) => inputs[i]!.indexed);
          const plain = inputs.flatMap((input, i) => (input.indexed ? [] : [[input.type, values[i]] as const]));
          const log = {
            topics: encodeEventTopics(event, indexedValues) as string[],
            data: encodeParams(
              plain.map(([type]) => type),
              plain.map(([, value]) => value),
            ),
          };
          expect(decodeEventLog(event, log).values).toEqual(values as AbiValue[]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses logs with the wrong number of topics', () => {
    expectAbiError(
      () => decodeEventLog(TRANSFER, { ...transferLog, topics: transferLog.topics.slice(0, 2) }),
      'ABI_TOPIC_COUNT',
    );
    expectAbiError(
      () => decodeEventLog(TRANSFER, { ...transferLog, topics: [...transferLog.topics, word(0)] }),
      'ABI_TOPIC_COUNT',
    );
    expectAbiError(() => decodeLog(parseAbi([TRANSFER]), { topics: [], data: '' }), 'ABI_TOPIC_COUNT');
  });

  it('refuses a log emitted by another event', () => {
    expectAbiError(
      () =>
        decodeEventLog('event Approval(address indexed owner, address indexed spender, uint256 value)', transferLog),
      'ABI_TOPIC_MISMATCH',
    );
  });

  it('refuses topics that are not 32 bytes of hex, and logs without topics', () => {
    expectAbiError(
      () => decodeEventLog(TRANSFER, { ...transferLog, topics: [TRANSFER_TOPIC, 'abc', word(0)] }),
      'ABI_TOPIC_INVALID',
    );
    expectAbiError(
      () => decodeEventLog(TRANSFER, { ...transferLog, topics: [TRANSFER_TOPIC, 7 as never, word(0)] }),
      'ABI_TOPIC_INVALID',
    );
    expectAbiError(() => decodeEventLog(TRANSFER, {} as never), 'ABI_TOPIC_INVALID');
  });

  it('refuses dirty indexed words and malformed data like any ABI data', () => {
    const dirty = '0'.repeat(22) + '41' + K1.evm_hex.slice(2);
    expectAbiError(
      () => decodeEventLog(TRANSFER, { ...transferLog, topics: [TRANSFER_TOPIC, dirty, addressTopic(K2.evm_hex)] }),
      'ABI_DIRTY_PADDING',
    );
    expectAbiError(
      () => decodeEventLog(TRANSFER, { ...transferLog, data: transferLog.data.slice(2) }),
      'ABI_DATA_LENGTH',
    );
    expectAbiError(() => decodeEventLog(TRANSFER, { ...transferLog, data: '' }), 'ABI_DATA_TOO_SHORT');
  });

  it('refuses a signature that is not an event', () => {
    expectAbiError(
      () => decodeEventLog(parseAbi(['function f()']).functions[0] as never, transferLog),
      'ABI_FRAGMENT_INVALID',
    );
  });
});

describe('encodeEventTopics', () => {
  it('builds filter topics with wildcards', () => {
    expect(encodeEventTopics(TRANSFER, [null, K2.base58])).toEqual([TRANSFER_TOPIC, null, addressTopic(K2.evm_hex)]);
    expect(encodeEventTopics('Transfer(address indexed from, address indexed to, uint256 value)')).toEqual([
      TRANSFER_TOPIC,
    ]);
  });

  it('hashes indexed strings and bytes as Solidity stores them', () => {
    expect(encodeEventTopics('event N(string indexed s, bytes indexed b)', ['hi', '0x0102'])).toEqual([
      keccak256Hex('N(string,bytes)'),
      keccak256Hex('hi'),
      bytesToHex(keccak_256(Uint8Array.of(1, 2))),
    ]);
  });

  it('refuses too many values, wrong shapes and indexed arrays or tuples', () => {
    expectAbiError(() => encodeEventTopics(TRANSFER, [K1.hex, K2.hex, 1]), 'ABI_VALUE_COUNT');
    expectAbiError(() => encodeEventTopics('event N(string indexed s)', [5]), 'ABI_VALUE_TYPE');
    expectAbiError(() => encodeEventTopics('event N(uint256[] indexed s)', [[1]]), 'ABI_TYPE_UNSUPPORTED');
    expectAbiError(() => encodeEventTopics(TRANSFER, ['nope']), 'ABI_ADDRESS_INVALID');
  });
});
