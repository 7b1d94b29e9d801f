import { tvmOpName } from './energy-costs';
import { TvmException, TvmMessages } from './tvm-exceptions';

/**
 * How long one execution may run, and whether it shares the event loop while it runs.
 *
 * java-tron stops an execution that runs past its CPU time with OutOfTimeException (`VM.play` calls
 * `Program.checkCPUTimeLimit` after charging each op's energy, before running it). A JavaScript
 * execution also holds the only thread: without pauses, nothing else (block production, other
 * requests) runs until it ends.
 */
export interface TimeBudget {
  /** Milliseconds of execution before OUT_OF_TIME; undefined = no limit. Time spent in `pause` does not count. */
  readonly limitMs?: number;
  /**
   * Hands the thread to other work; the execution goes on when the promise resolves, and ends with
   * what it rejects with. Called after each `sliceMs` of execution; without it the execution runs
   * to its end (or its limit) in one go.
   */
  readonly pause?: () => Promise<void>;
  /** Milliseconds of execution between two pauses (default `DEFAULT_SLICE_MS`). */
  readonly sliceMs?: number;
}

/** Short enough that a 100 ms block interval and HTTP replies keep their pace beside a long execution. */
export const DEFAULT_SLICE_MS = 10;

/**
 * Ops between two looks at the clock: performance.now() costs about as much as one op. 256 warm
 * ops take a few hundredths of a millisecond; cold (the first run of a fresh VM) up to several ms.
 */
const CHECK_INTERVAL = 256;

/** The clock of one execution; the TVM interpreter ticks it once per charged op. */
export class ExecutionClock {
  private deadline: number;
  private sliceEnd: number;
  private steps = 0;
  /** The slice is over: the interpreter calls `pause` before its next op. */
  pauseDue = false;

  constructor(private readonly budget: TimeBudget) {
    const now = performance.now();
    this.deadline = budget.limitMs === undefined ? Infinity : now + budget.limitMs;
    this.sliceEnd = budget.pause === undefined ? Infinity : now + this.sliceMs;
  }

  private get sliceMs(): number {
    return this.budget.sliceMs ?? DEFAULT_SLICE_MS;
  }

  /** After `op` was charged, before it runs: OUT_OF_TIME past the deadline (java-tron's message names the op). */
  tick(op: number): void {
    if (++this.steps % CHECK_INTERVAL !== 0) return;
    const now = performance.now();
    if (now > this.deadline) throw new TvmException('OutOfTime', TvmMessages.cpuTimeout(tvmOpName(op)));
    if (now > this.sliceEnd) this.pauseDue = true;
  }

  /** Lets other work run; the time it takes is added to the deadline, so only execution counts. */
  async pause(): Promise<void> {
    this.pauseDue = false;
    const pause = this.budget.pause;
    if (pause === undefined) return;
    const started = performance.now();
    await pause();
    const resumed = performance.now();
    this.deadline += resumed - started;
    this.sliceEnd = resumed + this.sliceMs;
  }
}

/** A clock for an execution with this budget, or none when it neither has a limit nor pauses. */
export function clockFor(budget: TimeBudget | undefined): ExecutionClock | undefined {
  if (budget === undefined || (budget.limitMs === undefined && budget.pause === undefined)) return undefined;
  return new ExecutionClock(budget);
}
