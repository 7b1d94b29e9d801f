import { describe, expect, it } from 'vitest';
import { isRevealed } from '../../../src-renderer/forms/revealed-fields';

describe('isRevealed', () => {
  it('hides every problem of a form nobody edited', () => {
    expect(isRevealed('owner.threshold', [])).toBe(false);
    expect(isRevealed('actives[0]', [])).toBe(false);
  });

  it('shows the problem of the field that was edited, and of the groups around it', () => {
    const edited = ['actives[1].keys[0].address'];
    expect(isRevealed('actives[1].keys[0].address', edited)).toBe(true);
    expect(isRevealed('actives[1].keys', edited)).toBe(true);
    expect(isRevealed('actives[1]', edited)).toBe(true);
  });

  it('keeps the fields beside the edited one, and other groups, plain', () => {
    const edited = ['actives[1].keys[0].address'];
    expect(isRevealed('actives[1].keys[0].weight', edited)).toBe(false);
    expect(isRevealed('actives[1].threshold', edited)).toBe(false);
    expect(isRevealed('actives[0]', edited)).toBe(false);
    expect(isRevealed('owner.threshold', ['owner.thresholds'])).toBe(false);
  });
});
