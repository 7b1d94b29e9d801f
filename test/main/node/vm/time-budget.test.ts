import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExecutionClock, addBlockedTime, clockFor } from '../../../../src-main/node/vm/time-budget';
import { isTvmException } from '../../../../src-main/node/vm/tvm-exceptions';
import { OWNER, nextTxId, setup } from './helpers';

/** The execution clock (java-tron Program.checkCPUTimeLimit) on a clock the test moves by hand. */
describe('ExecutionClock', () => {
  let now = 0;
  afterEach(() => vi.restoreAllMocks());
  const fakeClock = () => vi.spyOn(performance, 'now').mockImplementation(() => now);
  const JUMP = 0x56;

  /** Ticks until the clock looks at the time (once per 256 ticks); returns what the last tick threw. */
  function tickOnce(clock: ExecutionClock): unknown {
    for (let i = 0; i < 256; i++) {
      try {
        clock.tick(JUMP);
      } catch (error) {
        return error;
      }
    }
    return undefined;
  }

  it('does not count time the thread spent blocked on an outside read (a fork fetching state)', () => {
    fakeClock();
    now = 1000;
    const clock = new ExecutionClock({ limitMs: 50 });
    now = 1500;
    addBlockedTime(480);
    expect(tickOnce(clock)).toBeUndefined();
    now = 1531;
    expect(isTvmException(tickOnce(clock))).toBe(true);
  });

  it("throws java-tron's OutOfTimeException once the limit is past, naming the op", () => {
    fakeClock();
    now = 1000;
    const clock = new ExecutionClock({ limitMs: 50 });
    now = 1050;
    expect(tickOnce(clock)).toBeUndefined();
    now = 1051;
    const error = tickOnce(clock);
    expect(isTvmException(error)).toBe(true);
    expect(error).toMatchObject({
      result: 'OUT_OF_TIME',
      message: "CPU timeout for 'JUMP' operation executing",
      javaClass: 'org.tron.core.vm.program.Program$OutOfTimeException',
    });
  });

  it('asks for a pause after each slice and does not count the time spent paused', async () => {
    fakeClock();
    now = 0;
    const pause = vi.fn(async () => {
      now += 1000;
    });
    const clock = new ExecutionClock({ limitMs: 50, pause, sliceMs: 10 });
    now = 10;
    tickOnce(clock);
    expect(clock.pauseDue).toBe(false);
    now = 11;
    tickOnce(clock);
    expect(clock.pauseDue).toBe(true);
    await clock.pause();
    expect(pause).toHaveBeenCalledTimes(1);
    expect(clock.pauseDue).toBe(false);
    // 1011 now: 11 ms of execution so far; the deadline moved by the 1000 ms paused.
    now = 1050;
    expect(tickOnce(clock)).toBeUndefined();
    now = 1051;
    expect(tickOnce(clock)).toMatchObject({ result: 'OUT_OF_TIME' });
  });

  it('is left out for an execution with neither a limit nor pauses', () => {
    expect(clockFor(undefined)).toBeUndefined();
    expect(clockFor({})).toBeUndefined();
    expect(clockFor({ limitMs: 10 })).toBeInstanceOf(ExecutionClock);
  });
});

describe('a constant run with a budget', () => {
  afterEach(() => vi.restoreAllMocks());
  const LOOP = Uint8Array.from([0x5b, 0x60, 0x00, 0x56]);

  it('pauses between ops while it loops, then ends OUT_OF_TIME spending the whole energy limit', async () => {
    const s = await setup();
    // The clock moves a quarter millisecond per look, so a busy machine cannot stretch a slice; each
    // pause moves it on by a second: had paused time counted, the first pause would end the run.
    let looks = 0;
    let skipped = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (looks += 0.25) + skipped);
    let pauses = 0;
    const result = await s.vm.runConstant({
      world: s.world,
      block: s.block,
      txId: nextTxId(),
      owner: OWNER,
      data: LOOP,
      budget: {
        limitMs: 100,
        sliceMs: 1,
        pause: async () => {
          pauses += 1;
          skipped += 1000;
          await new Promise((resolve) => setImmediate(resolve));
        },
      },
    });
    expect(result.result).toBe('OUT_OF_TIME');
    expect(result.resMessage).toMatch(/^CPU timeout for '(JUMPDEST|PUSH1|JUMP)' operation executing$/);
    expect(result.energyUsed).toBe(result.energyLimit);
    expect(pauses).toBeGreaterThan(5);
  });

  it('ends with what its pause rejects with, leaving the world as it was', async () => {
    const s = await setup();
    const depth = s.world.depth;
    const stop = new Error('stopping');
    const run = s.vm.runConstant({
      world: s.world,
      block: s.block,
      txId: nextTxId(),
      owner: OWNER,
      data: LOOP,
      budget: { sliceMs: 1, pause: () => Promise.reject(stop) },
    });
    await expect(run).rejects.toBe(stop);
    expect(s.world.depth).toBe(depth);
  });
});
