import { describe, expect, it } from 'vitest';
import { EnvelopeError } from '../../../src-core/errors';
import {
  judgeTapos,
  taposCandidate,
  taposReference,
  TAPOS_WINDOW_BLOCKS,
} from '../../../src-core/envelope/chain-check';
import { referenceFields } from '../../../src-core/tx/header';

const blockId = (number: number, salt = 'ab') => number.toString(16).padStart(16, '0') + salt.repeat(24);

function rawFor(number: number, salt?: string) {
  return { raw_data: { contract: [], ...referenceFields({ number, blockId: blockId(number, salt) }) } } as never;
}

describe('TAPOS check of an envelope against a node', () => {
  it('finds the only block of the window the reference can name', () => {
    const ref = taposReference(rawFor(70_000));
    expect(taposCandidate(ref, 70_000)).toBe(70_000);
    expect(taposCandidate(ref, 70_010)).toBe(70_000);
    expect(taposCandidate(ref, 70_000 + TAPOS_WINDOW_BLOCKS - 1)).toBe(70_000);
    // One block later the same low bytes name a newer block.
    expect(taposCandidate(ref, 70_000 + TAPOS_WINDOW_BLOCKS)).toBe(70_000 + TAPOS_WINDOW_BLOCKS);
    // A chain shorter than the reference has no such block.
    expect(taposCandidate(taposReference(rawFor(500)), 20)).toBeNull();
  });

  it('accepts a reference to the node own block and reports its age', () => {
    const verdict = judgeTapos(taposReference(rawFor(1234)), 1300, { number: 1234, blockId: blockId(1234) });
    expect(verdict).toEqual({ ok: true, blockNumber: 1234, ageBlocks: 66 });
  });

  it('refuses a reference whose hash differs from the node block at that height (another chain)', () => {
    const verdict = judgeTapos(taposReference(rawFor(1234, 'cd')), 1300, { number: 1234, blockId: blockId(1234) });
    expect(verdict).toMatchObject({ ok: false, reason: 'hash-differs', blockNumber: 1234 });
  });

  it('refuses when the node has no block the reference can name', () => {
    expect(judgeTapos(taposReference(rawFor(500)), 20, null)).toMatchObject({
      ok: false,
      reason: 'no-block',
      blockNumber: null,
    });
    expect(judgeTapos(taposReference(rawFor(30)), 40, { number: 29, blockId: blockId(29) })).toMatchObject({
      ok: false,
      reason: 'no-block',
    });
  });

  it('refuses a transaction without a valid reference', () => {
    const run = () =>
      taposReference({ raw_data: { contract: [], ref_block_bytes: 'zz', ref_block_hash: '00' } } as never);
    expect(run).toThrow(EnvelopeError);
    try {
      run();
    } catch (error) {
      expect((error as EnvelopeError).code).toBe('ENVELOPE_BAD_REF_BLOCK');
    }
  });
});
