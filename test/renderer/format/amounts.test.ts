import { describe, expect, it } from 'vitest';
import { formatCount, formatTrx, formatUsage } from '../../../src-renderer/format/amounts';

describe('amount display', () => {
  it('shows sun as exact grouped TRX', () => {
    expect(formatTrx(1_000_000_000_000n)).toBe('1,000,000 TRX');
    expect(formatTrx(1_234_567_890n)).toBe('1,234.56789 TRX');
    expect(formatTrx(1n)).toBe('0.000001 TRX');
    expect(formatTrx(2n ** 63n - 1n)).toBe('9,223,372,036,854.775807 TRX');
  });

  it('groups counts and usage', () => {
    expect(formatUsage(1380, 1500)).toBe('1,380 / 1,500');
    expect(formatCount(12_345_678n)).toBe('12,345,678');
  });
});
