import { describe, expect, it } from 'vitest';
import { pacedByMain } from '@renderer/api/paced-by-main';

const tooSoon = (retryAfterMs: unknown) =>
  Object.assign(new Error('Wait a second'), { code: 'VAULT_RETRY_TOO_SOON', details: { retryAfterMs } });

describe('pacedByMain', () => {
  it('waits out main’s pause once and answers with the second call', async () => {
    const calls: number[] = [];
    const answer = await pacedByMain(async () => {
      calls.push(calls.length);
      if (calls.length === 1) throw tooSoon(5);
      return 'unlocked';
    });
    expect(answer).toBe('unlocked');
    expect(calls).toHaveLength(2);
  });

  it('passes on a second pause instead of waiting again', async () => {
    let calls = 0;
    const failure = pacedByMain(async () => {
      calls++;
      throw tooSoon(1);
    });
    await expect(failure).rejects.toMatchObject({ code: 'VAULT_RETRY_TOO_SOON' });
    expect(calls).toBe(2);
  });

  it('passes on every other error without calling again', async () => {
    let calls = 0;
    const wrong = Object.assign(new Error('The password is wrong.'), { code: 'VAULT_WRONG_PASSWORD' });
    await expect(
      pacedByMain(async () => {
        calls++;
        throw wrong;
      }),
    ).rejects.toBe(wrong);
    await expect(pacedByMain(async () => Promise.reject(tooSoon('soon')))).rejects.toMatchObject({
      code: 'VAULT_RETRY_TOO_SOON',
    });
    expect(calls).toBe(1);
  });
});
