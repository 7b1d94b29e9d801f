import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeParams, keccak256Hex, parseAbi } from '@core/abi';
import { toHexAddress } from '@core/address/address';
import { hexToBytes } from '@core/bytes/hex';
import type { LogRow } from '@main/node/events-api/chain-index';
import { decodeRow, eventJson } from '@main/node/events-api/event-json';
import type { Reply } from '../helpers';

const recorded = JSON.parse(
  readFileSync(new URL('../../../fixtures/trongrid/contract-events.json', import.meta.url), 'utf8'),
) as Reply;
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TRANSFER = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']);
const word = (hex: string): Uint8Array => hexToBytes(hex.padStart(64, '0'));

/** The log behind a recorded event, rebuilt from its decoded fields. */
function rowOf(event: Reply): LogRow {
  return {
    position: { block: event.block_number, tx: 0, item: event.event_index },
    timestamp: event.block_timestamp,
    txId: event.transaction_id,
    contract: toHexAddress(USDT),
    caller: toHexAddress(USDT),
    topics: [
      hexToBytes(keccak256Hex('Transfer(address,address,uint256)')),
      word(event.result.from.slice(2)),
      word(event.result.to.slice(2)),
    ],
    data: word(BigInt(event.result.value).toString(16)),
  };
}

describe('events in TronGrid form', () => {
  it('prints the recorded TronGrid events exactly, key order included', () => {
    for (const event of recorded.data) {
      const printed = eventJson(decodeRow(rowOf(event), TRANSFER)!, event.block_number);
      expect(JSON.stringify(printed)).toBe(JSON.stringify(event));
    }
  });

  it('marks an event above the solidified block as unconfirmed, last', () => {
    const event = recorded.data[0];
    const printed = eventJson(decodeRow(rowOf(event), TRANSFER)!, event.block_number - 1);
    expect(Object.keys(printed).at(-1)).toBe('_unconfirmed');
    expect(printed._unconfirmed).toBe(true);
  });

  it('lists nothing for a log its ABI does not decode', () => {
    const row = rowOf(recorded.data[0]);
    expect(decodeRow(row, undefined)).toBeUndefined();
    expect(
      decodeRow(row, parseAbi(['event Approval(address indexed o, address indexed s, uint256 v)'])),
    ).toBeUndefined();
    expect(decodeRow({ ...row, topics: row.topics.slice(0, 2) }, TRANSFER)).toBeUndefined();
    expect(decodeRow({ ...row, topics: [] }, TRANSFER)).toBeUndefined();
  });

  it("prints the other types as java-tron's event plugin does, unnamed inputs by position only", () => {
    const abi = parseAbi(['event Mixed(bool ok, bytes4 tag, string note, int8 delta, string indexed key, uint256)']);
    const fragment = abi.events[0]!;
    const row: LogRow = {
      ...rowOf(recorded.data[0]),
      topics: [hexToBytes(fragment.topic), hexToBytes(keccak256Hex('k'))],
      data: hexToBytes(
        encodeParams(['bool', 'bytes4', 'string', 'int8', 'uint256'], [true, '0xcafebabe', 'hé', -3n, 9n]),
      ),
    };
    const printed = eventJson(decodeRow(row, abi)!, Number.MAX_SAFE_INTEGER);
    expect(printed.result).toEqual({
      '0': 'true',
      '1': 'cafebabe',
      '2': 'hé',
      '3': '-3',
      '4': keccak256Hex('k'),
      '5': '9',
      ok: 'true',
      tag: 'cafebabe',
      note: 'hé',
      delta: '-3',
      key: keccak256Hex('k'),
    });
    expect(printed.result_type).toEqual({ ok: 'bool', tag: 'bytes4', note: 'string', delta: 'int8', key: 'string' });
    expect(printed.event).toBe('Mixed(bool ok, bytes4 tag, string note, int8 delta, string indexed key, uint256)');
  });
});
