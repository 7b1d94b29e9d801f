import { describe, expect, it } from 'vitest';
import { POLICY_BREACH } from '@core/policy/breach';
import { evaluatePolicy } from '@core/policy/evaluate';
import { HOUR, NOON_WEDNESDAY, paymentOf, policyWith, TRX } from './helpers';

const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
/** 09:00–17:00 at UTC+2, Monday to Friday. */
const policy = policyWith({
  schedule: { utcOffsetMinutes: 120, days: [...weekdays], hours: [{ from: '09:00', to: '17:00' }] },
});
const at = (time: number) => evaluatePolicy(policy, paymentOf(1n * TRX, { time }));

describe('signing hours and days', () => {
  it('passes inside the window at the schedule offset (12:00 UTC is 14:00 at UTC+2)', () => {
    expect(at(NOON_WEDNESDAY).pass).toBe(true);
  });

  it('opens at the start minute and closes at the end minute', () => {
    expect(at(NOON_WEDNESDAY - 5 * HOUR).pass).toBe(true); // 09:00 local
    expect(at(NOON_WEDNESDAY - 5 * HOUR - 1).pass).toBe(false); // 08:59:59.999 local
    expect(at(NOON_WEDNESDAY + 3 * HOUR - 60_000).pass).toBe(true); // 16:59 local
    const closed = at(NOON_WEDNESDAY + 3 * HOUR); // 17:00 local
    expect(closed.breaches.map((b) => b.code)).toEqual([POLICY_BREACH.outsideHours]);
    expect(closed.breaches[0]!.message).toContain('It is wed 17:00 UTC+02:00');
    expect(closed.breaches[0]!.message).toContain('during 09:00–17:00 UTC+02:00');
  });

  it('reads the day at the offset: Friday 23:00 UTC is Saturday at UTC+2', () => {
    const fridayLate = Date.UTC(2026, 11, 4, 23, 0);
    const verdict = evaluatePolicy(
      policyWith({ schedule: { utcOffsetMinutes: 120, days: [...weekdays], hours: [{ from: '00:00', to: '24:00' }] } }),
      paymentOf(1n * TRX, { time: fridayLate }),
    );
    expect(verdict.breaches[0]?.message).toContain('It is sat 01:00');
  });

  it('accepts any of several windows, e.g. one past midnight split in two', () => {
    const night = policyWith({
      schedule: {
        utcOffsetMinutes: 0,
        days: ['wed', 'thu'],
        hours: [
          { from: '22:00', to: '24:00' },
          { from: '00:00', to: '02:00' },
        ],
      },
    });
    expect(evaluatePolicy(night, paymentOf(1n, { time: NOON_WEDNESDAY + 11 * HOUR })).pass).toBe(true);
    expect(evaluatePolicy(night, paymentOf(1n, { time: NOON_WEDNESDAY + 13 * HOUR })).pass).toBe(true);
    expect(evaluatePolicy(night, paymentOf(1n, { time: NOON_WEDNESDAY })).pass).toBe(false);
  });
});
