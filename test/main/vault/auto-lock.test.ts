import { describe, expect, it } from 'vitest';
import { IdleTimer } from '../../../src-main/vault/auto-lock';
import { FakeClock } from './helpers';

describe('auto-lock', () => {
  it('fires once after the idle time without activity', () => {
    const clock = new FakeClock();
    let fired = 0;
    const timer = new IdleTimer(clock, () => fired++);
    timer.start(60_000);
    clock.advance(59_999);
    expect(fired).toBe(0);
    clock.advance(1);
    expect(fired).toBe(1);
    clock.advance(600_000);
    expect(fired).toBe(1);
    expect(timer.running).toBe(false);
  });

  it('starts over on activity without stacking timers', () => {
    const clock = new FakeClock();
    let fired = 0;
    const timer = new IdleTimer(clock, () => fired++);
    timer.start(60_000);
    for (let i = 0; i < 10; i++) {
      clock.advance(30_000);
      timer.touch();
    }
    expect(fired).toBe(0);
    expect(clock.pending).toBe(1);
    clock.advance(60_000);
    expect(fired).toBe(1);
  });

  it('stops when asked and is disabled by 0', () => {
    const clock = new FakeClock();
    let fired = 0;
    const timer = new IdleTimer(clock, () => fired++);
    timer.start(1_000);
    timer.stop();
    clock.advance(5_000);
    timer.start(0);
    clock.advance(5_000);
    expect(fired).toBe(0);
    expect(clock.pending).toBe(0);
  });
});
