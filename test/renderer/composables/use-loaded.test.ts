import { describe, expect, it } from 'vitest';
import { useLoaded } from '../../../src-renderer/composables/use-loaded';

describe('useLoaded', () => {
  it('starts from the initial value and replaces it with what was read', async () => {
    const { value, error, load } = useLoaded<string[]>([], async () => ['a', 'b']);
    expect(value.value).toEqual([]);
    await load();
    expect(value.value).toEqual(['a', 'b']);
    expect(error.value).toBeNull();
  });

  it('keeps the value shown when a read fails, records the error, and clears it on the next success', async () => {
    let fail = false;
    let n = 0;
    const { value, error, load } = useLoaded(0, async () => {
      if (fail) throw new Error('node stopped');
      return ++n;
    });
    await load();
    fail = true;
    await load();
    expect(value.value).toBe(1);
    expect((error.value as Error).message).toBe('node stopped');
    fail = false;
    await load();
    expect(value.value).toBe(2);
    expect(error.value).toBeNull();
  });
});
