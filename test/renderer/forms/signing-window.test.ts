import { describe, expect, it } from 'vitest';
import {
  COSIGN_DEFAULT_WINDOW_MINUTES,
  COSIGN_WINDOW_STORAGE_KEY,
  cosignWindowMinutes,
  rememberCosignWindow,
  type ChoiceStorage,
} from '../../../src-renderer/forms/signing-window';

function memory(): ChoiceStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

describe('the co-signing window', () => {
  it('defaults to the chain maximum of 24 h less an hour', () => {
    expect(COSIGN_DEFAULT_WINDOW_MINUTES).toBe('1380');
    expect(cosignWindowMinutes(memory())).toBe('1380');
    expect(cosignWindowMinutes(null)).toBe('1380');
  });

  it('starts with the last valid window the person chose', () => {
    const storage = memory();
    rememberCosignWindow(' 240 ', storage);
    expect(cosignWindowMinutes(storage)).toBe('240');
  });

  it('keeps no window the chain would refuse, and ignores one stored badly', () => {
    const storage = memory();
    rememberCosignWindow('1441', storage);
    rememberCosignWindow('ten', storage);
    expect(storage.items.size).toBe(0);
    storage.items.set(COSIGN_WINDOW_STORAGE_KEY, '0');
    expect(cosignWindowMinutes(storage)).toBe('1380');
  });
});
