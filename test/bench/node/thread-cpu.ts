import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU time each thread of this process has used (Linux /proc/self/task/<tid>/stat: utime and
 * stime, fields 14 and 15, in clock ticks of 10 ms). Unlike wall time it does not grow while other
 * processes on a shared machine hold the cores. Empty where /proc is not available.
 */
const TICK_MS = 10;

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
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may contain spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * TICK_MS);
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
