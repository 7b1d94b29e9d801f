import { describe, expect, it } from 'vitest';
import { forkChannels, forkEvents } from '../../../src-core/ipc/channels/fork';
import { vectors } from '../../fixtures/vectors';

const address = Object.values<{ hex: string; base58: string }>(vectors.keys)[0]!;

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('fork channel schemas', () => {
  const start = forkChannels['fork:startEmbedded'].input;

  it('take one of the four known networks for a fork, with an optional API key to save or null to forget', () => {
    for (const target of ['mainnet', 'nile', 'shasta', 'custom'])
      expect(start.safeParse({ target }).success).toBe(true);
    expect(start.safeParse({ target: 'mainnet', apiKey: ' abc ' })).toMatchObject({
      success: true,
      data: { apiKey: 'abc' },
    });
    expect(start.safeParse({ target: 'nile', apiKey: null }).success).toBe(true);
  });

  it('refuse a URL from the renderer: an unknown network, a URL as the target, or a url field', () => {
    expect(messages(start.safeParse({ target: 'http://10.0.0.1:8090' }))).toEqual([
      ['target', 'must be mainnet, nile, shasta or custom'],
    ]);
    expect(start.safeParse({ target: 'custom', url: 'http://evil.example' }).success).toBe(false);
    expect(start.safeParse({ target: 'custom', fullNodeUrl: 'http://evil.example' }).success).toBe(false);
    expect(messages(start.safeParse({ target: 'mainnet', apiKey: '' }))).toEqual([['apiKey', 'is empty']]);
    expect(messages(start.safeParse({ target: 'mainnet', apiKey: 'k'.repeat(201) }))).toEqual([
      ['apiKey', 'is too long'],
    ]);
  });

  it('take only an envelope id, a txid or a checked address for rehearsals and impersonation', () => {
    expect(forkChannels['fork:simulateEnvelope'].input.safeParse({ id: 'env_0123456789abcdef' }).success).toBe(true);
    expect(
      forkChannels['fork:simulateEnvelope'].input.safeParse({ id: 'env_0123456789abcdef', url: 'http://x' }).success,
    ).toBe(false);
    expect(forkChannels['fork:simulateTx'].input.safeParse({ txid: 'AB'.repeat(32) })).toMatchObject({
      success: true,
      data: { txid: 'ab'.repeat(32) },
    });
    expect(forkChannels['fork:impersonate'].input.safeParse({ address: address.base58 }).success).toBe(true);
    expect(messages(forkChannels['fork:impersonate'].input.safeParse({ address: 'T123' }))).toEqual([
      ['address', 'must be a TRON address (T… or 41…) with a valid checksum'],
    ]);
    expect(forkChannels['fork:stopEmbedded'].input.safeParse({ target: 'mainnet' }).success).toBe(false);
  });

  it('describe progress as a step out of a total', () => {
    const progress = forkEvents['fork:progress'].payload;
    expect(progress.safeParse({ task: 'rehearsal', step: 'Starting', index: 1, total: 3 }).success).toBe(true);
    expect(progress.safeParse({ task: 'rehearsal', step: 'Starting', index: 0, total: 3 }).success).toBe(false);
  });
});
