import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { EnvelopeError } from '../../../../src-core/errors';
import { serializeBundle } from '../../../../src-core/envelope';
import { readBundleInTurns } from '../../../../src-main/wallet/payouts/bundle-files';
import { readyBundle } from './helpers';

describe('reading a bundle on main’s thread', () => {
  it('checks a few rows per event-loop turn, letting other work run between them', async () => {
    const bundle = readyBundle(12);
    const seen: string[] = [];
    let other = 0;
    const reading = readBundleInTurns(serializeBundle(bundle), {
      rowsPerTurn: 4,
      onProgress: (checked) => seen.push(`${checked}@${other}`),
    });
    // Work queued meanwhile (an IPC answer, a block) runs between the chunks.
    const ticking = (async () => {
      for (let i = 0; i < 5; i++) {
        await nextTurn();
        other += 1;
      }
    })();
    const read = await reading;
    await ticking;
    expect(serializeBundle(read)).toBe(serializeBundle(bundle));
    expect(seen).toHaveLength(12);
    expect(seen[0]).toBe('1@0');
    expect(Number(seen[11]!.split('@')[1])).toBeGreaterThan(0);
  });

  it('refuses a changed row as parseBundle does', async () => {
    const text = JSON.parse(serializeBundle(readyBundle(3)));
    text.rows[2].summary.amounts[0].sun = '1';
    await expect(readBundleInTurns(JSON.stringify(text))).rejects.toBeInstanceOf(EnvelopeError);
    await expect(readBundleInTurns(JSON.stringify(text))).rejects.toMatchObject({
      code: 'ENVELOPE_SUMMARY_MISMATCH',
      details: { row: 3 },
    });
  });
});
