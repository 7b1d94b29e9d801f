import { describe, expect, it } from 'vitest';
import { useAction } from '../../../src-renderer/composables/use-action';

describe('useAction', () => {
  it('names the running action and ends busy when it resolves', async () => {
    const { busy, failure, run } = useAction<'save'>();
    let seen: string | null = null;
    await run('save', async () => {
      seen = busy.value;
    });
    expect(seen).toBe('save');
    expect(busy.value).toBeNull();
    expect(failure.value).toBeNull();
  });

  it('keeps the error of a failed action for display and ends busy', async () => {
    const { busy, failure, run } = useAction<'save'>();
    const error = new Error('refused');
    await run('save', async () => {
      throw error;
    });
    expect(failure.value).toBe(error);
    expect(busy.value).toBeNull();
  });

  it('clears the previous error when the next action starts', async () => {
    const { failure, run } = useAction<'save'>();
    await run('save', async () => {
      throw new Error('first');
    });
    let during: unknown = 'unset';
    await run('save', async () => {
      during = failure.value;
    });
    expect(during).toBeNull();
    expect(failure.value).toBeNull();
  });
});
