import { describe, expect, it } from 'vitest';
import { errorResult, isIpcResult, okResult } from '../../../src-core/ipc/result';

describe('IPC result envelopes', () => {
  it('recognise both shapes, including a value lost to JSON', () => {
    expect(isIpcResult(okResult(1))).toBe(true);
    expect(isIpcResult({ ok: true })).toBe(true);
    expect(isIpcResult(errorResult({ name: 'IpcError', code: 'INTERNAL', message: 'x' }))).toBe(true);
  });

  it.each([
    null,
    'ok',
    { ok: 'yes' },
    { ok: false },
    { ok: false, error: { name: 'X', code: 1, message: 'm' } },
    { ok: true, extra: 1 },
  ])('refuse %j', (value) => {
    expect(isIpcResult(value)).toBe(false);
  });
});
