import { describe, expect, it } from 'vitest';
import {
  COSIGN_DEFAULT_EXPIRATION_MS,
  DEFAULT_EXPIRATION_MS,
  MAX_EXPIRATION_MS,
  signingWindowMs,
} from '../../../src-core/tx/header';

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

  it('stretches the solo default to a minute of wall time on a chain faster than the clock', () => {
    // 150 ms blocks step 3 s slots: 20 ms of chain time per ms of wall time.
    expect(signingWindowMs(undefined, false, 20)).toBe(20 * DEFAULT_EXPIRATION_MS);
    expect(signingWindowMs(undefined, false, 1)).toBeUndefined();
    expect(signingWindowMs(undefined, false, 0.5)).toBeUndefined();
  });

  it('never stretches the solo default past the co-signing default, nor a chosen window', () => {
    expect(signingWindowMs(undefined, false, 3000)).toBe(COSIGN_DEFAULT_EXPIRATION_MS);
    expect(signingWindowMs(120_000, false, 20)).toBe(120_000);
    expect(signingWindowMs(undefined, true, 20)).toBe(COSIGN_DEFAULT_EXPIRATION_MS);
  });
});
