import { describe, expect, it } from 'vitest';
import { COSIGN_DEFAULT_EXPIRATION_MS, MAX_EXPIRATION_MS, signingWindowMs } from '../../../src-core/tx/header';

describe('signingWindowMs', () => {
  it('gives a transaction that needs co-signers the chain maximum less the margin', () => {
    expect(signingWindowMs(undefined, true)).toBe(COSIGN_DEFAULT_EXPIRATION_MS);
    expect(COSIGN_DEFAULT_EXPIRATION_MS).toBe(MAX_EXPIRATION_MS - 3_600_000);
  });

  it('leaves a transaction signed here alone to the header default', () => {
    expect(signingWindowMs(undefined, false)).toBeUndefined();
  });

  it('keeps the window the person chose, whoever signs', () => {
    expect(signingWindowMs(2 * 3_600_000, true)).toBe(2 * 3_600_000);
    expect(signingWindowMs(120_000, false)).toBe(120_000);
  });
});
