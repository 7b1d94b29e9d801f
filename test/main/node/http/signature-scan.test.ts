import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@core/bytes/hex';
import { scanSignatures } from '@main/node/http/signature-scan';

/** The signatures of a transaction text counted apart from the rest (what JsonFormat.merge would read). */
describe('scanSignatures', () => {
  const raw = '"raw_data":{"contract":[]}';

  it('counts every top-level signature array, empties them in the text and prints them back lower-case', () => {
    const text = `{${raw},"signature":["AB01", "cd"],"x":{"signature":["zz"]},"signature":[ ]}`;
    const scan = scanSignatures(text)!;
    expect(scan.count).toBe(2);
    expect(scan.unsignedText).toBe(`{${raw},"signature":[],"x":{"signature":["zz"]},"signature":[]}`);
    expect(scan.printedArray()).toBe('["ab01","cd"]');
    expect(Buffer.concat(scan.printedArrayParts()).toString('latin1')).toBe('["ab01","cd"]');
    expect(scan.bytes().map((b) => bytesToHex(b))).toEqual(['ab01', 'cd']);
  });

  it('takes a text without signatures as it is', () => {
    const text = `{${raw}}`;
    expect(scanSignatures(text)).toMatchObject({ count: 0, unsignedText: text });
    expect(scanSignatures(text)!.printedArray()).toBe('[]');
  });

  it('leaves to JsonFormat every signature that is not plain hex of whole bytes', () => {
    for (const items of ['"abc"', '"0xab"', '"a b"', '"ab,cd"', '12', '"ab",12', '"\\u0061b"', 'null', '["ab"]'])
      expect(scanSignatures(`{${raw},"signature":[${items}]}`), items).toBeUndefined();
    expect(scanSignatures(`{${raw},"signature":"ab"}`)).toBeUndefined();
    expect(scanSignatures('["ab"]')).toBeUndefined();
  });
});
