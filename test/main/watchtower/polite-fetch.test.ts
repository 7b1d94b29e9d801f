import { describe, expect, it } from 'vitest';
import type { FetchInitLike } from '../../../src-core/client/fetch';
import { politeFetch, retryAfterMs, type HeaderedResponse } from '../../../src-main/watchtower/polite-fetch';

const INIT: FetchInitLike = { method: 'POST', headers: {}, body: '{}' };

function scripted(answers: (number | Error | [number, string])[]) {
  const calls: number[] = [];
  const clock = 0;
  const slept: number[] = [];
  const fetch = async (): Promise<HeaderedResponse> => {
    calls.push(clock);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    const [status, retryAfter] = Array.isArray(answer) ? answer : [answer, null];
    return {
      status,
      text: async () => '{}',
      headers: { get: (name: string) => (name.toLowerCase() === 'retry-after' ? retryAfter : null) },
    };
  };
  const sleep = async (ms: number) => {
    slept.push(ms);
  };
  return { fetch, calls, slept, sleep, now: () => clock };
}

describe('requests to a remote node', () => {
  it('spaces requests to the configured rate', async () => {
    const s = scripted([200]);
    const polite = politeFetch({ fetch: s.fetch, requestsPerSecond: 4, sleep: s.sleep, now: s.now });
    // Three requests at the same instant: the second waits one interval, the third two.
    await Promise.all([polite('u', INIT), polite('u', INIT), polite('u', INIT)]);
    expect(s.slept).toEqual([250, 500]);
    expect(s.calls).toHaveLength(3);
  });

  it('tries a 429 again after the Retry-After the server gave', async () => {
    const s = scripted([[429, '3'], 200]);
    const response = await politeFetch({ fetch: s.fetch, sleep: s.sleep, now: s.now, random: () => 0 })('u', INIT);
    expect(response.status).toBe(200);
    expect(s.slept).toEqual([3000]);
  });

  it('backs off exponentially on 5xx and returns the last answer when the tries are used up', async () => {
    const s = scripted([503]);
    const response = await politeFetch({
      fetch: s.fetch,
      sleep: s.sleep,
      now: s.now,
      random: () => 1,
      maxRetries: 3,
      baseDelayMs: 100,
    })('u', INIT);
    expect(response.status).toBe(503);
    expect(s.slept).toEqual([100, 200, 400]);
    expect(s.calls).toHaveLength(4);
  });

  it('does not retry other statuses', async () => {
    const s = scripted([404, 200]);
    expect((await politeFetch({ fetch: s.fetch, sleep: s.sleep, now: s.now })('u', INIT)).status).toBe(404);
    expect(s.calls).toHaveLength(1);
  });

  it('tries a request that could not be sent twice more, then lets the error through', async () => {
    const s = scripted([new TypeError('fetch failed')]);
    const polite = politeFetch({ fetch: s.fetch, sleep: s.sleep, now: s.now, random: () => 0, baseDelayMs: 100 });
    await expect(polite('u', INIT)).rejects.toThrow('fetch failed');
    expect(s.calls).toHaveLength(3);
    expect(s.slept).toEqual([50, 100]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('120', 0)).toBe(120_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:10 GMT', Date.UTC(2015, 9, 21, 7, 28, 0))).toBe(10_000);
    expect(retryAfterMs('soon', 0)).toBeUndefined();
    expect(retryAfterMs(null, 0)).toBeUndefined();
  });
});
