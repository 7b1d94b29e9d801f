import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU time each thread of this process has used. Linux's /proc/self/task/<tid>/schedstat gives the
 * time on a CPU in ns (its first field); where it is missing, stat's utime + stime (fields 14 and
 * 15) in clock ticks of 10 ms, too coarse for a round of a few hundred ms. Unlike wall time it does
 * not grow while other processes on a shared machine hold the cores. Empty where /proc is not available.
 */
const TICK_MS = 10;

function taskCpuMs(tid: string): number {
  try {
    return Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  }
}

export function threadCpuMs(): Map<number, number> {
  const out = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      out.set(Number(tid), taskCpuMs(tid));
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return out;
}

/** CPU ms of the main thread (tid = pid) and of all other threads but `exclude` between two readings. */
export function cpuBetween(
  before: Map<number, number>,
  after: Map<number, number>,
  exclude: readonly (number | undefined)[] = [],
): { main: number; others: number } {
  let main = 0;
  let others = 0;
  for (const [tid, ms] of after) {
    if (exclude.includes(tid)) continue;
    const used = ms - (before.get(tid) ?? 0);
    if (tid === process.pid) main += used;
    else others += used;
  }
  return { main, others };
}
