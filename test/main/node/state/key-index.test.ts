import { describe, expect, it } from 'vitest';
import { KeyIndex } from '@main/node/state/key-index';

describe('KeyIndex', () => {
  const index = new KeyIndex(3);
  for (const key of ['Sa1x', 'Sa1y', 'Sa2x', 'Eb1', 'S']) index.add(key);

  it('scans one bucket for a prefix at least as long as the bucket name', () => {
    expect(index.scan('Sa1')).toEqual(['Sa1x', 'Sa1y']);
    expect(index.scan('Sa1y')).toEqual(['Sa1y']);
    expect(index.scan('Sa9')).toEqual([]);
  });

  it('scans every matching bucket for a shorter prefix', () => {
    expect(index.scan('S').sort()).toEqual(['S', 'Sa1x', 'Sa1y', 'Sa2x']);
    expect(index.scan('').length).toBe(5);
  });

  it('forgets deleted keys, and ignores keys it never held', () => {
    const local = new KeyIndex(2);
    local.add('ab1');
    local.add('ab2');
    local.delete('ab1');
    local.delete('zz9');
    expect(local.scan('ab')).toEqual(['ab2']);
    local.delete('ab2');
    expect(local.scan('')).toEqual([]);
  });
});
