import { describe, expect, it } from 'vitest';
import { expiresOn, expiryInWords, formatSpan, formatTime, zoneName } from '../../../src-renderer/format/time';

const FRIDAY_0925_UTC = Date.UTC(2026, 10, 27, 9, 25, 0);

describe('times for people', () => {
  it('says a window in hours and minutes', () => {
    expect(formatSpan(23 * 3_600_000)).toBe('23 h');
    expect(formatSpan(90 * 60_000)).toBe('1 h 30 min');
    expect(formatSpan(45 * 60_000)).toBe('45 min');
    expect(formatSpan(3 * 60_000 + 9_000)).toBe('3 min 9 s');
    expect(formatSpan(9_000)).toBe('9 s');
    expect(formatSpan(-5)).toBe('0 s');
  });

  it('says when a transaction expires in the given time zone, with the zone named', () => {
    expect(expiresOn(FRIDAY_0925_UTC, 'UTC')).toBe('Expires on Friday 27 November at 09:25 (UTC)');
    expect(expiresOn(FRIDAY_0925_UTC, 'Asia/Tokyo')).toBe('Expires on Friday 27 November at 18:25 (GMT+9)');
    expect(expiryInWords(FRIDAY_0925_UTC, FRIDAY_0925_UTC - 23 * 3_600_000, 'UTC')).toBe(
      'Expires on Friday 27 November at 09:25 (UTC), 23 h after the head block it was built on',
    );
  });

  it('names the zone in every timestamp', () => {
    expect(formatTime(FRIDAY_0925_UTC).endsWith(` ${zoneName(FRIDAY_0925_UTC)}`)).toBe(true);
    expect(formatTime(FRIDAY_0925_UTC)).toMatch(/^2026-11-2\d \d\d:\d5:00 \S+$/);
  });
});
